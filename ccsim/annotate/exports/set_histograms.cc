// set_histograms.cc: one row of bars per object and level, a bar per set position (at most 256 buckets
// per level in the profile, and at most 512 positions drawn: wider levels are drawn in groups of sets),
// sized to share the page's width, so a histogram always fits.
#include "ccsim/annotate/exports/set_histograms.h"

#include <algorithm>
#include <map>

#include "ccsim/annotate/analysis/cache_sets.h"
#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/exports/html_page.h"
#include "ccsim/annotate/text/numbers.h"

namespace ccsim::annotate {

namespace {

constexpr std::uint64_t kMaxPositions = 512;

void write_histogram(std::ostream& out, const Profile& profile, const ObjectSetHistogram& histogram) {
  const std::string misses = ranking_misses_name(profile);
  out << "<h3>" << html_escaped(object_description(profile.objects[histogram.object])) << ", " << histogram.level
      << "</h3>\n<p>" << with_commas(histogram.total.lines) << " lines in " << with_commas(histogram.used_sets) << " of "
      << with_commas(histogram.level_sets) << " sets (" << set_share(histogram.used_sets, histogram.level_sets) << "); "
      << with_commas(ranking_misses(profile, histogram.total)) << " " << misses << ".</p>\n";
  // Positions: groups of `width` sets, at most kMaxPositions of them.
  std::uint64_t width = 1;
  while (histogram.level_sets / width > kMaxPositions) width *= 2;
  std::map<std::uint64_t, SetCounts> positions;
  for (const ObjectSet& bucket : histogram.buckets) {
    SetCounts& position = positions[bucket.first_set / width];
    position.lines += bucket.counts.lines;
    position.replacement += bucket.counts.replacement;
    position.conflict += bucket.counts.conflict;
  }
  std::uint64_t most = 1;
  for (const auto& [position, counts] : positions) most = std::max(most, counts.lines);
  out << "<div class=\"sets\">";
  for (std::uint64_t position = 0; position < histogram.level_sets / width; ++position) {
    auto found = positions.find(position);
    if (found == positions.end()) {
      out << "<span></span>";
      continue;
    }
    const SetCounts& counts = found->second;
    const std::uint64_t height = 100 * counts.lines / most;
    const std::uint64_t missing = ranking_misses(profile, counts);
    const std::string sets = width == 1 ? "set " + std::to_string(position)
                                        : "sets " + std::to_string(position * width) + "-" +
                                              std::to_string((position + 1) * width - 1);
    out << "<span style=\"height:" << height << "%;background:" << (missing > 0 ? "#d62728" : "#1f77b4")
        << "\" title=\"" << html_escaped(sets + ": " + with_commas(counts.lines) + " lines, " + with_commas(missing) +
                                         " " + misses)
        << "\"></span>";
  }
  out << "</div>\n<p class=\"legend\">" << (width == 1 ? "one bar per set" : "one bar per " + std::to_string(width) + " sets")
      << ", 0 to " << with_commas(histogram.level_sets - 1) << ", as tall as the lines there"
      << "<span style=\"background:#1f77b4\"></span>lines<span style=\"background:#d62728\"></span>lines with "
      << misses << "</p>\n";
  if (histogram.crowded) {
    out << "<p class=\"fix\">" << html_escaped(histogram.finding) << ". Advice: " << html_escaped(histogram.advice)
        << ".</p>\n";
  }
}

}  // namespace

void write_set_histograms(std::ostream& out, const Analysis& analysis, const Options& options) {
  const Profile& profile = *analysis.profile;
  const std::vector<LevelSets> levels = level_sets(profile);
  if (levels.empty()) return;
  out << "<h2 id=\"sets\">Cache sets</h2>\n";
  for (const LevelSets& level : levels) {
    std::vector<std::string> hot;
    for (const SetRow& row : level.rows) {
      if (row.hot) hot.push_back(std::to_string(row.set));
    }
    out << "<p>" << level.level << ": " << with_commas(level.sets) << " sets of " << level.associativity << " lines, "
        << with_commas(level.total.lines) << " distinct lines, " << with_commas(ranking_misses(profile, level.total))
        << " " << ranking_misses_name(profile) << "; hot sets (more lines than ways, over twice the average misses): "
        << (hot.empty() ? std::string("none") : html_escaped(joined(hot))) << ".</p>\n";
  }
  out << "<p>Each histogram is one object at one level: a bar per cache set, as tall as the object's distinct "
         "lines there; hover over a bar for its counts.</p>\n";
  std::size_t shown = 0;
  for (const ObjectSetHistogram& histogram : object_set_histograms(profile)) {
    if (analysis.runtime_objects[histogram.object] && !options.show_runtime) continue;
    if (shown++ == options.top) break;
    write_histogram(out, profile, histogram);
  }
}

}  // namespace ccsim::annotate
