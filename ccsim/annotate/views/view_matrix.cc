// view_matrix.cc: --view=matrix, MemSpy's code x data view (Fig. 2): how much each source line or
// function (rows, --matrix-rows) did to each data object (columns), in % of the run's memory time
// (cycles) unless --sort names another event (reads and writes too: the cells keep them from version 2
// on). Columns are the heaviest objects; the rest are added up in
// one "other objects" column so the table stays readable; a total column and a total row add them up.
#include <algorithm>
#include <map>

#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/text/text_table.h"
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

namespace {

constexpr std::size_t kMaxObjectColumns = 8;  // wider tables no longer fit a terminal

// The row of a cell: its line, or its function ("file:function").
std::string row_label(const Reference& reference, bool by_function) {
  const CodeSite site = site_of(reference);
  if (!by_function) return site_label(site, FileNames::full);
  return function_label(site);
}

}  // namespace

void print_matrix_view(const ViewContext& context) {
  const Profile& profile = context.profile();
  // The event: cycles (MemSpy's memory time) unless --sort chose one.
  const auto cycles = profile.event_index("cycles");
  const std::size_t event =
      context.options.sort_events.empty() && cycles ? *cycles : context.columns.sort.front();
  const bool in_memory_time = cycles && event == *cycles;
  const std::uint64_t run_cycles = cycles ? profile.summary[*cycles] : 0;
  const std::string& event_name = profile.events[event];
  const bool by_function = context.options.matrix_by_function;
  const std::string noun = by_function ? "functions" : "lines";
  print_section_title(context.out, "Code x data: " +
                                       (in_memory_time ? std::string("% of the run's memory time (cycles)")
                                                       : event_name) +
                                       " per " + (by_function ? "function" : "line") +
                                       " (rows) and data object (columns)");
  // cells[row][object] = count of the event; object_totals[object] = column total.
  std::map<std::string, std::map<std::size_t, std::uint64_t>> cells;
  std::vector<std::uint64_t> object_totals(profile.objects.size(), 0);
  for (const ObjectReferenceCounts& record : profile.object_references) {
    std::uint64_t count = record.counts[event];
    if (count == 0) continue;
    std::uint64_t& cell = cells[row_label(profile.references[record.reference], by_function)][record.object];
    cell = checked_sum(cell, count);
    object_totals[record.object] = checked_sum(object_totals[record.object], count);
  }
  if (cells.empty()) {
    context.out << "No object-ref: record has a non-zero " << event_name
                << "; the matrix is empty (choose another event with --sort).\n";
    return;
  }

  std::vector<std::size_t> objects;
  for (std::size_t object = 0; object < object_totals.size(); ++object) {
    if (object_totals[object] > 0) objects.push_back(object);
  }
  std::stable_sort(objects.begin(), objects.end(),
                   [&](std::size_t a, std::size_t b) { return object_totals[a] > object_totals[b]; });
  bool has_other = objects.size() > kMaxObjectColumns;
  if (has_other) objects.resize(kMaxObjectColumns);

  // Rows: the heaviest by their total over all objects.
  std::vector<std::pair<std::string, std::uint64_t>> rows;
  std::uint64_t all = 0;
  for (const auto& [label, per_object] : cells) {
    std::uint64_t total = 0;
    for (const auto& [object, count] : per_object) total = checked_sum(total, count);
    rows.emplace_back(label, total);
    all = checked_sum(all, total);
  }
  std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  std::size_t shown_rows = std::min(rows.size(), context.options.top);

  auto cell_text = [&](std::uint64_t count) {
    if (count == 0) return std::string(".");
    return in_memory_time ? percent(count, run_cycles) : with_commas(count);
  };
  TextTable table;
  for (std::size_t object : objects)
    table.add_column(object_name(profile.objects[object]), TextTable::Align::right);
  if (has_other) table.add_column("other objects", TextTable::Align::right);
  table.add_column("total", TextTable::Align::right);
  table.add_column(by_function ? "file:function" : "line (function)", TextTable::Align::left);
  // The total row: every column's total, over all rows (shown or not).
  std::vector<std::string> total_row;
  std::uint64_t other_total = all;
  for (std::size_t object : objects) {
    total_row.push_back(cell_text(object_totals[object]));
    other_total -= object_totals[object];
  }
  if (has_other) total_row.push_back(cell_text(other_total));
  total_row.push_back(cell_text(all));
  total_row.push_back("(all " + noun + ")");
  table.add_row(std::move(total_row));
  for (std::size_t row = 0; row < shown_rows; ++row) {
    const auto& per_object = cells[rows[row].first];
    std::vector<std::string> line;
    std::uint64_t other = rows[row].second;
    for (std::size_t object : objects) {
      auto cell = per_object.find(object);
      std::uint64_t count = cell == per_object.end() ? 0 : cell->second;
      other -= count;
      line.push_back(cell_text(count));
    }
    if (has_other) line.push_back(cell_text(other));
    line.push_back(cell_text(rows[row].second));
    line.push_back(rows[row].first);
    table.add_row(std::move(line));
  }
  table.print(context.out);
  context.out << "(" << shown_rows << " of " << rows.size() << " " << noun << " shown, heaviest first; '.' is 0"
              << (!in_memory_time                     ? ""
                  : profile.cells_keep_accesses() ? "; the cells are object-ref: records: the cycles of their "
                                                    "accesses, misses and invalidations, as shares of the run's "
                                                    "cycles (--latency)"
                                                  : "; the cells are object-ref: records, which keep no hits in a "
                                                    "version 1 profile: the cycles of their misses and "
                                                    "invalidations, as shares of the run's cycles (--latency)")
              << ")\n";
}

}  // namespace ccsim::annotate
