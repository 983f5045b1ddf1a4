// view_drill_down.cc: --object=NAME and --function=NAME, one object's functions and lines, or one
// function's objects, with their misses by cause and by where they were served, and their cycles
// (analysis/drill_down.h); for an object, the objects that evicted its lines.
#include "ccsim/annotate/analysis/drill_down.h"
#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/views/ranked_table.h"
#include "ccsim/annotate/text/text_table.h"
#include "ccsim/annotate/tables/table_columns.h"
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

namespace {

// Prints `rows` under `heading` with the drill-down columns and a total row "(all <noun>)".
void print_rows(const ViewContext& context, const std::string& noun, const std::string& label_heading,
                const std::vector<DrillDownRow>& rows) {
  const Profile& profile = context.profile();
  const CountColumns columns = drill_down_columns(profile);
  TextTable table;
  for (const std::string& heading : columns.headings()) table.add_column(heading, TextTable::Align::right);
  table.add_column(label_heading, TextTable::Align::left);
  Counts total(profile.events.size(), 0);
  for (const DrillDownRow& row : rows) add_counts(total, row.counts);
  auto add_row = [&](const Counts& counts, const std::string& label) {
    std::vector<std::string> cells = columns.cells(counts);
    cells.push_back(label);
    table.add_row(std::move(cells));
  };
  add_row(total, "(all " + noun + ")");
  for (std::size_t i = 0; i < rows.size() && i < context.options.top; ++i) add_row(rows[i].counts, rows[i].label);
  table.print(context.out);
  context.out << "(" << std::min(rows.size(), context.options.top) << " of " << rows.size() << " " << noun
              << " shown: at most " << context.options.top << ", most cycles first)\n";
}

// The subject's own totals: its accesses, miss rate and cycles (those of a version 1 profile's cells lack
// the accesses).
void print_totals(const ViewContext& context, const DrillDown& drill_down, const std::string& source) {
  const Profile& profile = context.profile();
  CountColumns columns(profile);
  columns.add_event("reads", "reads");
  columns.add_event("writes", "writes");
  columns.add_event("L1 misses", "L1_misses");
  columns.add_ratio("miss rate", {"L1_misses"}, {"accesses"});
  columns.add_event("cycles", "cycles");
  add_memory_time_column(profile, columns);
  std::vector<std::string> parts;
  const std::vector<std::string> cells = columns.cells(drill_down.totals);
  for (std::size_t i = 0; i < cells.size(); ++i) parts.push_back(columns.headings()[i] + " " + cells[i]);
  context.out << "In all (" << source << "): " << joined(parts) << ".\n";
}

}  // namespace

void print_object_drill_down(const ViewContext& context) {
  const DrillDown drill_down = object_drill_down(context.analysis, context.options.object_detail);
  print_section_title(context.out, "Data object " + drill_down.subject);
  print_totals(context, drill_down, "its object-counts: records");
  context.out << drill_down_note(context.profile()) << '\n';
  context.out << "\nBy function:\n";
  print_rows(context, "functions", "file:function", drill_down.functions);
  context.out << "\nBy line:\n";
  print_rows(context, "lines", "line (function)", drill_down.lines);
  context.out << "\nEvicted by (whose accesses evicted its lines; object-evictor: records):\n";
  if (drill_down.evicted_by.empty()) {
    context.out << (context.profile().header.version < 2
                        ? "A version 1 profile does not say which objects evicted which.\n"
                        : "No eviction of its lines.\n");
    return;
  }
  std::uint64_t all = 0;
  for (const Evictor& evictor : drill_down.evicted_by) all = checked_sum(all, evictor.evictions);
  TextTable table;
  table.add_column("evictions", TextTable::Align::right);
  table.add_column("share", TextTable::Align::right);
  table.add_column("level", TextTable::Align::left);
  table.add_column("evicting object", TextTable::Align::left);
  for (std::size_t i = 0; i < drill_down.evicted_by.size() && i < context.options.top; ++i) {
    const Evictor& evictor = drill_down.evicted_by[i];
    table.add_row({with_commas(evictor.evictions), percent(evictor.evictions, all), evictor.level, evictor.object});
  }
  table.print(context.out);
  context.out << "(share: of the evictions of its lines at every level)\n";
}

void print_function_drill_down(const ViewContext& context) {
  const DrillDown drill_down = function_drill_down(context.analysis, context.options.function_detail);
  print_section_title(context.out, "Function " + drill_down.subject);
  print_totals(context, drill_down, "its counts: records");
  context.out << drill_down_note(context.profile()) << '\n';
  context.out << "\nBy data object:\n";
  print_rows(context, "objects", "object", drill_down.objects);
}

}  // namespace ccsim::annotate
