// diff.cc: matching rows of the analyses of several profiles and printing their changes.
#include "ccsim/annotate/analysis/diff.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <tuple>

#include "ccsim/annotate/errors.h"
#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/analysis/ranking.h"
#include "ccsim/annotate/analysis/region_barriers.h"
#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/text/text_table.h"
#include "ccsim/annotate/text/run_text.h"

namespace ccsim::annotate {

namespace {

// One matched row: its label and its counts in each profile (zeros where a profile lacks the row).
struct DiffRow {
  std::string label;
  std::vector<Counts> sides;  // one per profile, in the order given

  // |last - first| per event: what the rows are ranked by.
  Counts change_size() const {
    const Counts& first = sides.front();
    const Counts& last = sides.back();
    Counts size(first.size(), 0);
    for (std::size_t event = 0; event < size.size(); ++event)
      size[event] = last[event] > first[event] ? last[event] - first[event] : first[event] - last[event];
    return size;
  }
};

std::string signed_change(const DiffRow& row, std::size_t event) {
  std::uint64_t before = row.sides.front()[event];
  std::uint64_t after = row.sides.back()[event];
  if (after >= before) return (after == before ? "0" : "+" + with_commas(after - before));
  return "-" + with_commas(before - after);
}

// The change of `event` from the first profile to the last in percent of the first: "-100.0%", "+12.5%",
// "0.0%"; "new" when the first had none and the last some, "-" when neither had any.
std::string percent_change(const DiffRow& row, std::size_t event) {
  const std::uint64_t before = row.sides.front()[event];
  const std::uint64_t after = row.sides.back()[event];
  if (before == 0) return after == 0 ? "-" : "new";
  const double change = 100.0 * (static_cast<double>(after) - static_cast<double>(before)) / static_cast<double>(before);
  char text[32];
  std::snprintf(text, sizeof text, "%+.1f%%", change);
  return change == 0 ? "0.0%" : text;
}

// Adds `counts` under `key` into rows, on profile `side`'s column.
template <class Key>
void add_side(std::map<Key, DiffRow>& rows, const Key& key, const std::string& label, const Counts& counts,
              std::size_t side, std::size_t sides, std::size_t events) {
  DiffRow& row = rows[key];
  if (row.label.empty()) {
    row.label = label;
    row.sides.assign(sides, Counts(events, 0));
  }
  add_counts(row.sides[side], counts);
}

template <class Key>
std::vector<DiffRow> rows_of(std::map<Key, DiffRow>& matched) {
  std::vector<DiffRow> rows;
  for (auto& [key, row] : matched) rows.push_back(std::move(row));
  return rows;
}

DiffTable diff_table(const std::string& title, const std::string& noun, const std::string& label_heading,
                     const std::vector<DiffRow>& rows, std::size_t sides, const Profile& profile,
                     const EventColumns& columns, const Options& options) {
  std::size_t events = profile.events.size();
  DiffRow total{"(all " + noun + ")", std::vector<Counts>(sides, Counts(events, 0))};
  for (const DiffRow& row : rows) {
    for (std::size_t side = 0; side < sides; ++side) add_counts(total.sides[side], row.sides[side]);
  }
  // Ranked like any table (ranking.h), by the size of the change; the threshold is a share of the
  // largest of the profiles' totals.
  std::vector<Counts> change_sizes;
  for (const DiffRow& row : rows) change_sizes.push_back(row.change_size());
  std::vector<const Counts*> ranked_counts;
  for (const Counts& size : change_sizes) ranked_counts.push_back(&size);
  Counts largest_totals(events, 0);
  for (std::size_t event = 0; event < events; ++event) {
    for (const Counts& side : total.sides) largest_totals[event] = std::max(largest_totals[event], side[event]);
  }
  std::vector<std::size_t> ranked =
      rank_rows(ranked_counts, largest_totals, {columns.sort, options.threshold_percent, options.top});

  std::size_t primary = columns.sort.front();
  DiffTable table{title, profile.events[primary], {}, {}, ranked.size(), rows.size(), noun, "change-" + noun};
  if (sides == 2) {
    table.headings = {"before", "after"};
  } else {
    for (std::size_t side = 0; side < sides; ++side) table.headings.push_back("#" + std::to_string(side + 1));
  }
  table.headings.push_back("change %");
  for (std::size_t column : columns.shown) table.headings.push_back(profile.events[column]);
  table.headings.push_back(label_heading);
  auto add_row = [&](const DiffRow& row) {
    std::vector<std::string> cells;
    for (const Counts& side : row.sides) cells.push_back(with_commas(side[primary]));
    cells.push_back(percent_change(row, primary));
    for (std::size_t column : columns.shown) cells.push_back(signed_change(row, column));
    cells.push_back(row.label);
    table.rows.push_back(std::move(cells));
  };
  add_row(total);
  for (std::size_t row : ranked) add_row(rows[row]);
  return table;
}

}  // namespace

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
  const std::size_t events = first.events.size();
  const std::size_t sides = analyses.size();
  std::map<CodeSite, DiffRow> lines;
  std::map<std::pair<std::string, std::string>, DiffRow> objects;
  std::map<ThreadId, DiffRow> threads;
  std::map<std::tuple<std::string, std::string, std::uint64_t>, DiffRow> barriers;
  for (std::size_t side = 0; side < sides; ++side) {
    const Analysis& analysis = *analyses[side];
    const Profile& profile = *analysis.profile;
    for (const LineRow& row : analysis.lines)
      add_side(lines, row.site, site_label(row.site, FileNames::full), row.counts, side, sides, events);
    for (const ObjectRow& row : analysis.objects) {
      const DataObject& object = profile.objects[row.object];
      add_side(objects, {object.kind, object_name(object)}, object_name(object) + " (" + object.kind + ")",
               row.counts, side, sides, events);
    }
    for (const ThreadRow& row : analysis.threads)
      add_side(threads, row.thread, profile.thread_name(row.thread), row.counts, side, sides, events);
    for (const BarrierRegions& barrier : regions_by_barrier(profile)) {
      const Region& region = *barrier.first;
      add_side(barriers, {region.file, region.function, region.line}, closing_barrier(region), barrier.counts, side,
               sides, events);
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
  diff.tables.push_back(diff_table("Change per line", "lines", "line (function)", rows_of(lines), sides, first, columns, options));
  if (!objects.empty()) {
    diff.tables.push_back(
        diff_table("Change per data object", "objects", "object", rows_of(objects), sides, first, columns, options));
  }
  diff.tables.push_back(diff_table("Change per thread", "threads", "thread", rows_of(threads), sides, first, columns, options));
  if (!barriers.empty()) {
    diff.tables.push_back(diff_table("Change per barrier (its regions summed)", "barriers", "closed by the barrier at",
                                     rows_of(barriers), sides, first, columns, options));
  }
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
    TextTable text;
    for (std::size_t i = 0; i < table.headings.size(); ++i) {
      const bool label = i + 1 == table.headings.size();
      text.add_column(table.headings[i], label ? TextTable::Align::left : TextTable::Align::right);
    }
    for (const std::vector<std::string>& row : table.rows) text.add_row(row);
    out << sides << ": " << table.primary_event << "; change %: of " << table.primary_event
        << ", from the first profile to the last; event columns: the change, last - first\n";
    text.print(out);
    out << "(" << table.shown << " of " << table.rows_in_all << " " << table.noun << " shown, biggest change first)\n";
  }
}

}  // namespace ccsim::annotate
