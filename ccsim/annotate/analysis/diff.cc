// diff.cc: matching the lines, objects, threads and barriers of several profiles, and printing the diff.
#include "ccsim/annotate/analysis/diff.h"

#include <map>
#include <tuple>

#include "ccsim/annotate/errors.h"
#include "ccsim/annotate/analysis/edge_diff.h"
#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/analysis/region_barriers.h"
#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/text/text_table.h"
#include "ccsim/annotate/text/run_text.h"

namespace ccsim::annotate {

const char* const kDifferentCachesSentence =
    "The runs simulated different caches: a change in misses may come from the machine, not the program.";

ProfileDiff diff_profiles(const std::vector<const Analysis*>& analyses, const EventColumns& columns,
                          const Options& options) {
  const Profile& first = *analyses.front()->profile;
  for (const Analysis* analysis : analyses) {
    if (analysis->profile->events == first.events) continue;
    const std::uint64_t version = analysis->profile->header.version;
    if (version != first.header.version) {
      // Version 2 added events (the transfers): the usual reason two runs of one program cannot be compared.
      throw ProfileError(analysis->profile->file_names.front(), 0,
                         "it is a version " + std::to_string(version) + " profile and " + first.file_names.front() +
                             " a version " + std::to_string(first.header.version) +
                             " one, whose events differ; --diff compares profiles of one version: run both "
                             "programs under one ccsim");
    }
    throw ProfileError(analysis->profile->file_names.front(), 0,
                       "its events: line differs from that of " + first.file_names.front() +
                           "; --diff compares profiles with the same events");
  }
  const std::size_t sides = analyses.size();
  std::map<CodeSite, DiffRow> lines;
  std::map<std::pair<std::string, std::string>, DiffRow> objects;
  std::map<ThreadId, DiffRow> threads;
  std::map<std::tuple<std::string, std::string, std::uint64_t>, DiffRow> barriers;
  for (std::size_t side = 0; side < sides; ++side) {
    const Analysis& analysis = *analyses[side];
    const Profile& profile = *analysis.profile;
    for (const LineRow& row : analysis.lines)
      add_side(lines, row.site, site_label(row.site, FileNames::full), row.counts, side, sides);
    for (const ObjectRow& row : analysis.objects) {
      const DataObject& object = profile.objects[row.object];
      add_side(objects, {object.kind, object_name(object)}, object_name(object) + " (" + object.kind + ")",
               row.counts, side, sides);
    }
    for (const ThreadRow& row : analysis.threads)
      add_side(threads, row.thread, profile.thread_name(row.thread), row.counts, side, sides);
    for (const BarrierRegions& barrier : regions_by_barrier(profile)) {
      const Region& region = *barrier.first;
      add_side(barriers, {region.file, region.function, region.line}, closing_barrier(region), barrier.counts, side,
               sides);
    }
  }
  ProfileDiff diff;
  std::vector<std::string> names;
  for (const Analysis* analysis : analyses) names.push_back(analysis->profile->file_names.front());
  diff.title = sides == 2 ? "Diff: " + names[0] + " (before) -> " + names[1] + " (after)"
                          : "Diff of " + std::to_string(sides) + " profiles: " + joined(names);
  for (std::size_t side = 0; side < sides; ++side) {
    const Profile& profile = *analyses[side]->profile;
    diff.run_labels.push_back(sides == 2 ? (side == 0 ? "Before" : "After") : "#" + std::to_string(side + 1));
    diff.runs.push_back((sides == 2 ? "" : names[side] + ": ") + profile.header.command + " (" +
                        machine_description(profile.header) + ")");
    diff.different_caches = diff.different_caches || profile.header.cache_geometry() != first.header.cache_geometry();
  }
  const DiffColumns events{first.events, columns.sort.front(), columns.shown, columns.sort, "event columns", {}};
  diff.tables.push_back(
      diff_table("Change per line", "lines", "line (function)", rows_of(lines), sides, events, options));
  if (!objects.empty()) {
    diff.tables.push_back(
        diff_table("Change per data object", "objects", "object", rows_of(objects), sides, events, options));
  }
  diff.tables.push_back(diff_table("Change per thread", "threads", "thread", rows_of(threads), sides, events, options));
  if (!barriers.empty()) {
    diff.tables.push_back(diff_table("Change per barrier (its regions summed)", "barriers", "closed by the barrier at",
                                     rows_of(barriers), sides, events, options));
  }
  for (DiffTable& table : edge_diff_tables(analyses, options)) diff.tables.push_back(std::move(table));
  return diff;
}

void print_diff(std::ostream& out, const std::vector<const Analysis*>& analyses, const EventColumns& columns,
                const Options& options) {
  ProfileDiff diff = diff_profiles(analyses, columns, options);
  print_section_title(out, diff.title);
  for (std::size_t side = 0; side < diff.runs.size(); ++side) {
    const std::string label = diff.run_labels[side] + ":";
    out << label << std::string(label.size() < 8 ? 8 - label.size() : 1, ' ') << diff.runs[side] << '\n';
  }
  if (diff.different_caches) out << kDifferentCachesSentence << '\n';
  const std::string sides = diff.runs.size() == 2 ? "before, after" : "#1 ... #" + std::to_string(diff.runs.size());
  for (const DiffTable& table : diff.tables) {
    print_section_title(out, table.title);
    if (!table.nothing_to_compare.empty()) {
      out << table.nothing_to_compare << '\n';
      continue;
    }
    TextTable text;
    for (std::size_t i = 0; i < table.headings.size(); ++i) {
      const bool label = i + 1 == table.headings.size();
      text.add_column(table.headings[i], label ? TextTable::Align::left : TextTable::Align::right);
    }
    for (const std::vector<std::string>& row : table.rows) text.add_row(row);
    out << sides << ": " << table.primary_event << "; change %: of " << table.primary_event
        << ", from the first profile to the last";
    if (!table.change_columns.empty()) out << "; " << table.change_columns << ": the change, last - first";
    if (!table.ranking.empty()) out << "; " << table.ranking;
    out << '\n';
    text.print(out);
    out << "(" << table.shown << " of " << table.rows_in_all << " " << table.noun << " shown, biggest change first)\n";
  }
}

}  // namespace ccsim::annotate
