// diff.cc: matching rows of two analyses and printing their changes.
#include "ccsim/annotate/analysis/diff.h"

#include <algorithm>
#include <map>

#include "ccsim/annotate/errors.h"
#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/analysis/ranking.h"
#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/views/text_table.h"
#include "ccsim/annotate/text/run_text.h"
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

namespace {

// One matched row: its label and its counts before and after (zeros where a profile lacks the row).
struct DiffRow {
  std::string label;
  Counts before;
  Counts after;

  // |after - before| per event: what the rows are ranked by.
  Counts change_size() const {
    Counts size(before.size(), 0);
    for (std::size_t event = 0; event < size.size(); ++event) {
      size[event] =
          after[event] > before[event] ? after[event] - before[event] : before[event] - after[event];
    }
    return size;
  }
};

std::string signed_change(const DiffRow& row, std::size_t event) {
  std::uint64_t before = row.before[event];
  std::uint64_t after = row.after[event];
  if (after >= before) return (after == before ? "0" : "+" + with_commas(after - before));
  return "-" + with_commas(before - after);
}

// Adds `counts` under `key` into rows, on the before or after side.
template <class Key>
void add_side(std::map<Key, DiffRow>& rows, const Key& key, const std::string& label, const Counts& counts,
              bool after, std::size_t events) {
  DiffRow& row = rows[key];
  if (row.label.empty()) {
    row.label = label;
    row.before.assign(events, 0);
    row.after.assign(events, 0);
  }
  add_counts(after ? row.after : row.before, counts);
}

DiffTable diff_table(const std::string& title, const std::string& noun, const std::vector<DiffRow>& rows,
                     const Profile& profile, const EventColumns& columns, const Options& options) {
  std::size_t events = profile.events.size();
  DiffRow total{"(all " + noun + ")", Counts(events, 0), Counts(events, 0)};
  for (const DiffRow& row : rows) {
    add_counts(total.before, row.before);
    add_counts(total.after, row.after);
  }
  // Ranked like any table (ranking.h), by the size of the change; the threshold is a share of the
  // larger of the before and after totals.
  std::vector<Counts> change_sizes;
  for (const DiffRow& row : rows) change_sizes.push_back(row.change_size());
  std::vector<const Counts*> ranked_counts;
  for (const Counts& size : change_sizes) ranked_counts.push_back(&size);
  Counts largest_totals(events, 0);
  for (std::size_t event = 0; event < events; ++event) {
    largest_totals[event] = std::max(total.before[event], total.after[event]);
  }
  std::vector<std::size_t> ranked =
      rank_rows(ranked_counts, largest_totals, {columns.sort, options.threshold_percent, options.top});

  std::size_t primary = columns.sort.front();
  DiffTable table{title, profile.events[primary], {"before", "after"}, {}, ranked.size(), rows.size(), noun};
  for (std::size_t column : columns.shown) table.headings.push_back(profile.events[column]);
  table.headings.push_back(noun == "lines" ? "line (function)" : "object");
  auto add_row = [&](const DiffRow& row) {
    std::vector<std::string> cells = {with_commas(row.before[primary]), with_commas(row.after[primary])};
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
    "The two runs simulated different caches: a change in misses may come from the machine, not the program.";

ProfileDiff diff_profiles(const Analysis& before, const Analysis& after, const EventColumns& columns,
                          const Options& options) {
  const Profile& old_profile = *before.profile;
  const Profile& new_profile = *after.profile;
  if (old_profile.events != new_profile.events) {
    throw ProfileError(new_profile.file_names.front(), 0,
                       "its events: line differs from that of " + old_profile.file_names.front() +
                           "; --diff compares profiles with the same events");
  }
  std::size_t events = old_profile.events.size();
  std::map<CodeSite, DiffRow> lines;
  for (const auto* analysis : {&before, &after}) {
    for (const LineRow& row : analysis->lines) {
      add_side(lines, row.site, site_label(row.site, FileNames::full), row.counts, analysis == &after,
               events);
    }
  }
  std::map<std::pair<std::string, std::string>, DiffRow> objects;
  for (const auto* analysis : {&before, &after}) {
    for (const ObjectRow& row : analysis->objects) {
      const DataObject& object = analysis->profile->objects[row.object];
      add_side(objects, {object.kind, object_name(object)}, object_name(object) + " (" + object.kind + ")",
               row.counts, analysis == &after, events);
    }
  }
  ProfileDiff diff;
  diff.title = "Diff: " + old_profile.file_names.front() + " (before) -> " + new_profile.file_names.front() +
               " (after)";
  diff.before = old_profile.header.command + " (" + machine_description(old_profile.header) + ")";
  diff.after = new_profile.header.command + " (" + machine_description(new_profile.header) + ")";
  diff.different_caches = old_profile.header.cache_geometry() != new_profile.header.cache_geometry();
  std::vector<DiffRow> line_rows;
  for (auto& [key, row] : lines) line_rows.push_back(std::move(row));
  diff.tables.push_back(diff_table("Change per line", "lines", line_rows, old_profile, columns, options));
  std::vector<DiffRow> object_rows;
  for (auto& [key, row] : objects) object_rows.push_back(std::move(row));
  if (!object_rows.empty()) {
    diff.tables.push_back(diff_table("Change per data object", "objects", object_rows, old_profile, columns, options));
  }
  return diff;
}

void print_diff(std::ostream& out, const Analysis& before, const Analysis& after, const EventColumns& columns,
                const Options& options) {
  ProfileDiff diff = diff_profiles(before, after, columns, options);
  print_section_title(out, diff.title);
  out << "Before: " << diff.before << "\nAfter:  " << diff.after << '\n';
  if (diff.different_caches) out << kDifferentCachesSentence << '\n';
  for (const DiffTable& table : diff.tables) {
    print_section_title(out, table.title);
    TextTable text;
    for (std::size_t i = 0; i < table.headings.size(); ++i) {
      const bool label = i + 1 == table.headings.size();
      text.add_column(table.headings[i], label ? TextTable::Align::left : TextTable::Align::right);
    }
    for (const std::vector<std::string>& row : table.rows) text.add_row(row);
    out << "before, after: " << table.primary_event << "; event columns: the change, after - before\n";
    text.print(out);
    out << "(" << table.shown << " of " << table.rows_in_all << " " << table.noun << " shown, biggest change first)\n";
  }
}

}  // namespace ccsim::annotate
