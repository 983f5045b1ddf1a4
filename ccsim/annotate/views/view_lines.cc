// view_lines.cc: --view=lines, source lines (every reference of a line added up) ranked by the sort
// events, as cg_annotate's line-by-line table. Ranked by invalidations received (the default), the lines
// that lose copies come first, and the store that removes them may have none of its own: so under each
// line that lost copies come the lines whose stores removed them (its invalidator: records), as perf c2c
// shows a hot cache line's stores beside its loads.
#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "ccsim/annotate/views/ranked_table.h"
#include "ccsim/annotate/text/numbers.h"

namespace ccsim::annotate {

namespace {

constexpr std::size_t kWritersPerLine = 3;  // writing lines under a line that lost copies: more hide the point

// The lines whose stores invalidated each line's copies, with how many invalidations (every class), from
// the invalidator: records; per victim line, heaviest writer first.
using WriterLines = std::map<CodeSite, std::vector<std::pair<std::uint64_t, CodeSite>>>;

WriterLines writer_lines(const Analysis& analysis, bool show_runtime) {
  const Profile& profile = *analysis.profile;
  std::map<CodeSite, std::map<CodeSite, std::uint64_t>> counts;  // victim line -> writer line -> invalidations
  for (const InvalidatorEdge& edge : profile.invalidator_edges) {
    if (analysis.runtime_references[edge.invalidator] && !show_runtime) continue;
    counts[site_of(profile.references[edge.victim])][site_of(profile.references[edge.invalidator])] +=
        edge.split.total();
  }
  WriterLines writers;
  for (const auto& [victim, by_writer] : counts) {
    std::vector<std::pair<std::uint64_t, CodeSite>>& lines = writers[victim];
    for (const auto& [writer, invalidations] : by_writer) lines.push_back({invalidations, writer});
    std::stable_sort(lines.begin(), lines.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  }
  return writers;
}

}  // namespace

void print_lines_view(const ViewContext& context) {
  const Analysis& analysis = context.analysis;
  const Profile& profile = context.profile();
  const std::string noun = "lines";
  std::optional<std::size_t> received = profile.event_index("invalidations_received");
  if (!received || context.columns.sort.front() != *received) {
    print_ranked_table(context, "Lines", noun, "line (function)", line_table_rows(analysis));
    return;
  }
  print_section_title(context.out, "Lines");
  RankedRows ranked;
  rank_table_rows(context, noun, line_table_rows(analysis), ranked);
  // The line of a row, by its counts (the runtime's sum is no line).
  std::map<const Counts*, const LineRow*> line_of_row;
  for (const LineRow& line : analysis.lines) line_of_row[&line.counts] = &line;
  const WriterLines writers = writer_lines(analysis, context.options.show_runtime);

  std::vector<LabelledCounts> printed;
  std::set<const Counts*> placed;  // each line is printed once: under its first victim, or at its own rank
  std::size_t writer_rows = 0;
  for (std::size_t row : ranked.ranked) {
    const LabelledCounts& ranked_row = ranked.rows[row];
    if (!placed.insert(ranked_row.counts).second) continue;  // moved up under a line it invalidated
    printed.push_back(ranked_row);
    auto line = line_of_row.find(ranked_row.counts);
    if (line == line_of_row.end()) continue;
    auto lost = writers.find(line->second->site);
    if (lost == writers.end()) continue;
    const double needed = context.options.threshold_percent / 100.0 *
                          static_cast<double>(line->second->counts[*received]);
    std::size_t shown_writers = 0;
    for (const auto& [invalidations, site] : lost->second) {
      if (shown_writers == kWritersPerLine || static_cast<double>(invalidations) < needed) break;
      const LineRow* writer = analysis.line_of(site);
      if (writer == nullptr || (writer->runtime && !context.options.show_runtime) ||
          !placed.insert(&writer->counts).second)
        continue;  // the line itself (a store that removes its own copies on other threads), or shown above
      printed.push_back({"  ^ " + site_label(site, FileNames::full) + ": its stores caused " +
                             with_commas(invalidations) + " of " + site_location(line->second->site, FileNames::base) +
                             "'s invalidations",
                         &writer->counts});
      ++shown_writers;
      ++writer_rows;
    }
  }
  print_table_rows(context, noun, "line (function)", ranked, printed);
  context.out << "(" << printed.size() << " of " << ranked.rows.size() << " lines shown: at most "
              << context.options.top << ", each with at least " << percentage_option(context.options.threshold_percent)
              << " of a sort event's total"
              << (writer_rows > 0 ? "; under a line that lost copies (^), the lines whose stores removed them" : "")
              << ")\n"
              << ratio_note(context, noun, ranked) << '\n';
}

}  // namespace ccsim::annotate
