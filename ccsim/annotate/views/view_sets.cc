// view_sets.cc: --view=sets, the cache sets per level (its worst sets, the hot ones flagged, the objects
// with lines there) and each object's set histogram with its finding; --view=working-set, each object's
// lines in each level on average and at peak, and each heap site's live blocks. From the records of
// --working-set=yes (cache_sets.h).
#include <algorithm>
#include <cstdio>

#include "ccsim/annotate/analysis/cache_sets.h"
#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/views/text_table.h"
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

namespace {

// The objects of a set: "strided 8, packed 1"; at most three, then "and N more".
std::string set_objects_text(const Profile& profile, const SetRow& row) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < row.objects.size() && i < 3; ++i) {
    names.push_back(object_name(profile.objects[row.objects[i].object]) + " " + with_commas(row.objects[i].counts.lines));
  }
  if (row.objects.size() > 3) names.push_back("and " + std::to_string(row.objects.size() - 3) + " more");
  return names.empty() ? "-" : joined(names);
}

// The sets an object's lines are in: "0", "0-7", "0, 32, 64" (runs joined), at most 8 runs.
std::string used_sets_text(const ObjectSetHistogram& histogram) {
  std::vector<std::string> runs;
  std::size_t run_count = 0;
  for (std::size_t i = 0; i < histogram.buckets.size();) {
    if (histogram.buckets[i].counts.lines == 0) {
      ++i;
      continue;
    }
    std::size_t end = i + 1;
    while (end < histogram.buckets.size() && histogram.buckets[end].counts.lines > 0 &&
           histogram.buckets[end].first_set == histogram.buckets[end - 1].first_set + histogram.buckets[end - 1].sets) {
      ++end;
    }
    const std::uint64_t first = histogram.buckets[i].first_set;
    const std::uint64_t last = histogram.buckets[end - 1].first_set + histogram.buckets[end - 1].sets - 1;
    if (++run_count <= 8) runs.push_back(first == last ? std::to_string(first) : std::to_string(first) + "-" + std::to_string(last));
    i = end;
  }
  if (run_count > 8) runs.push_back("and " + std::to_string(run_count - 8) + " more runs");
  return joined(runs);
}

std::string average_text(std::uint64_t hundredths) {
  char text[32];
  std::snprintf(text, sizeof text, "%llu.%02llu", static_cast<unsigned long long>(hundredths / 100),
                static_cast<unsigned long long>(hundredths % 100));
  return text;
}

}  // namespace

void print_sets_view(const ViewContext& context) {
  const Profile& profile = context.profile();
  print_section_title(context.out, "Cache sets");
  const std::vector<LevelSets> levels = level_sets(profile);
  if (levels.empty()) {
    context.out << "This profile has no set records (valgrind --tool=ccsim --working-set=yes writes them).\n";
    return;
  }
  const std::string misses = ranking_misses_name(profile);
  for (const LevelSets& level : levels) {
    char average[32];
    std::snprintf(average, sizeof average, "%.2f", level.average_misses);
    context.out << level.level << ": " << with_commas(level.sets) << " sets of " << level.associativity << " lines; "
                << with_commas(level.total.lines) << " distinct lines, " << with_commas(level.total.replacement)
                << " replacement misses, " << with_commas(level.total.conflict) << " conflict misses; " << average
                << " " << misses << " per set on average; " << level.hot_sets << " hot "
                << (level.hot_sets == 1 ? "set" : "sets") << "\n";
    TextTable table;
    table.add_column("set", TextTable::Align::right);
    table.add_column("lines", TextTable::Align::right);
    table.add_column("replacement", TextTable::Align::right);
    table.add_column("conflict", TextTable::Align::right);
    table.add_column("hot", TextTable::Align::left);
    table.add_column("objects (lines)", TextTable::Align::left);
    for (std::size_t i = 0; i < level.rows.size() && i < context.options.top; ++i) {
      const SetRow& row = level.rows[i];
      table.add_row({std::to_string(row.set), with_commas(row.counts.lines), with_commas(row.counts.replacement),
                     with_commas(row.counts.conflict), row.hot ? "hot" : "", set_objects_text(profile, row)});
    }
    table.print(context.out);
    context.out << "(" << std::min(level.rows.size(), context.options.top) << " of the " << level.rows.size()
                << " sets written shown, the most " << misses << " first; hot: more distinct lines than "
                << level.associativity << " ways and over twice the average " << misses << ")\n\n";
  }

  const std::vector<ObjectSetHistogram> histograms = object_set_histograms(profile);
  if (histograms.empty()) return;
  print_section_title(context.out, "Set histograms of objects");
  TextTable table;
  table.add_column("level", TextTable::Align::left);
  table.add_column("sets used", TextTable::Align::right);
  table.add_column("lines", TextTable::Align::right);
  table.add_column(misses, TextTable::Align::right);
  table.add_column("sets", TextTable::Align::left);
  table.add_column("object", TextTable::Align::left);
  std::vector<const ObjectSetHistogram*> crowded;
  for (const ObjectSetHistogram& histogram : histograms) {
    table.add_row({histogram.level,
                   with_commas(histogram.used_sets) + " of " + with_commas(histogram.level_sets) + " (" +
                       set_share(histogram.used_sets, histogram.level_sets) + ")",
                   with_commas(histogram.total.lines), with_commas(ranking_misses(profile, histogram.total)),
                   used_sets_text(histogram), object_description(profile.objects[histogram.object])});
    if (histogram.crowded) crowded.push_back(&histogram);
  }
  table.print(context.out);
  for (const ObjectSetHistogram* histogram : crowded) {
    context.out << "- " << histogram->finding << ".\n  advice: " << histogram->advice << ".\n";
  }
  context.out << "\n";
}

void print_working_set_view(const ViewContext& context) {
  const Profile& profile = context.profile();
  print_section_title(context.out, "Working set");
  if (profile.object_residents.empty() && profile.site_lives.empty()) {
    context.out << "This profile has no working-set records (valgrind --tool=ccsim --working-set=yes writes them).\n";
    return;
  }
  // Lines of each object per level: the largest peak first.
  std::vector<ObjectResident> residents = profile.object_residents;
  std::stable_sort(residents.begin(), residents.end(), [](const ObjectResident& a, const ObjectResident& b) {
    return a.peak != b.peak ? a.peak > b.peak : a.average_hundredths > b.average_hundredths;
  });
  TextTable table;
  table.add_column("level", TextTable::Align::left);
  table.add_column("lines on average", TextTable::Align::right);
  table.add_column("at peak", TextTable::Align::right);
  table.add_column("object", TextTable::Align::left);
  std::size_t shown = 0;
  for (const ObjectResident& row : residents) {
    if (shown++ == context.options.top) break;
    table.add_row({row.level, average_text(row.average_hundredths), with_commas(row.peak),
                   object_description(profile.objects[row.object])});
  }
  table.print(context.out);
  context.out << "(lines held by each level, every thread's private copies summed; average over the run's L1 "
                 "misses)\n\n";
  if (profile.site_lives.empty()) return;
  std::vector<SiteLive> sites = profile.site_lives;
  std::stable_sort(sites.begin(), sites.end(),
                   [](const SiteLive& a, const SiteLive& b) { return a.peak_bytes > b.peak_bytes; });
  TextTable live;
  live.add_column("allocations", TextTable::Align::right);
  live.add_column("peak blocks", TextTable::Align::right);
  live.add_column("peak bytes", TextTable::Align::right);
  live.add_column("blocks at end", TextTable::Align::right);
  live.add_column("bytes at end", TextTable::Align::right);
  live.add_column("heap site", TextTable::Align::left);
  shown = 0;
  for (const SiteLive& row : sites) {
    if (shown++ == context.options.top) break;
    live.add_row({with_commas(row.allocations), with_commas(row.peak_blocks), with_commas(row.peak_bytes),
                  with_commas(row.blocks_at_end), with_commas(row.bytes_at_end), object_name(profile.objects[row.object])});
  }
  live.print(context.out);
  context.out << "(live heap blocks per allocation site in the simulated order, the most bytes at peak first)\n";
}

}  // namespace ccsim::annotate
