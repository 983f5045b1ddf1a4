// view_drill_down.cc: --object=NAME and --function=NAME, one object's functions and lines, or one
// function's objects, with their misses by cause and by where they were served, and their cycles
// (analysis/drill_down.h); then whose accesses evicted its lines (objects for an object, functions for a
// function) and, for a function, whose stores invalidated its copies.
#include "ccsim/annotate/analysis/drill_down.h"
#include "ccsim/annotate/tables/culprit_tables.h"
#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/views/ranked_table.h"
#include "ccsim/annotate/text/text_table.h"
#include "ccsim/annotate/tables/table_columns.h"
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

namespace {

// The "(3 of 12 <noun> shown: at most 3, most <most> first<more>)" line under a table cut at --top.
void print_shown(const ViewContext& context, std::size_t rows, const std::string& noun, const std::string& most,
                 const std::string& more = "") {
  context.out << "(" << std::min(rows, context.options.top) << " of " << rows << " " << noun
              << " shown: at most " << context.options.top << ", most " << most << " first" << more << ")\n";
}

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
  print_shown(context, rows.size(), noun, "cycles");
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

// The first --top rows of a culprit table (tables/culprit_tables.h), numbers aligned right.
void print_culprits(const ViewContext& context, const CulpritTable& culprits) {
  TextTable table;
  for (std::size_t column = 0; column < culprits.headings.size(); ++column) {
    table.add_column(culprits.headings[column],
                     culprits.numeric[column] ? TextTable::Align::right : TextTable::Align::left);
  }
  for (std::size_t i = 0; i < culprits.rows.size() && i < context.options.top; ++i) table.add_row(culprits.rows[i]);
  table.print(context.out);
}

// Whose accesses evicted the subject's lines (`culprit_heading`: "evicting object" or "evicting function"),
// at most --top rows, each with its share of all the subject's evictions (every level, shown rows or not);
// `none`, the sentence to print instead when nothing evicted them.
void print_evicted_by(const ViewContext& context, const std::vector<Evictor>& evicted_by,
                      const std::string& culprit_heading, const std::string& none) {
  if (evicted_by.empty()) {
    context.out << none << '\n';
    return;
  }
  print_culprits(context, evicted_by_table(evicted_by, culprit_heading));
  print_shown(context, evicted_by.size(), "rows", "evictions", "; share: of the evictions of its lines at every level");
}

// The functions whose stores invalidated copies a function's code last touched, at most --top, each with
// its share of all those invalidations and the split of the `invalidator:` records, named as --diff's
// invalidator edges name them.
void print_invalidated_by(const ViewContext& context, const std::vector<Invalidator>& invalidated_by) {
  if (invalidated_by.empty()) {
    context.out << kNoFunctionInvalidation << '\n';
    return;
  }
  print_culprits(context, invalidated_by_table(invalidated_by));
  print_shown(context, invalidated_by.size(), "functions", "invalidations",
              "; share: of the invalidations of its copies; true_in_region_critical: the part of true_in_region "
              "whose writer held a lock");
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
  print_evicted_by(context, drill_down.evicted_by, "evicting object", no_object_eviction(context.profile()));
}

void print_function_drill_down(const ViewContext& context) {
  const DrillDown drill_down = function_drill_down(context.analysis, context.options.function_detail);
  print_section_title(context.out, "Function " + drill_down.subject);
  print_totals(context, drill_down, "its counts: records");
  context.out << drill_down_note(context.profile()) << '\n';
  context.out << "\nBy data object:\n";
  print_rows(context, "objects", "object", drill_down.objects);
  context.out << "\nEvicted by (whose accesses evicted lines its code last touched; evictor: records):\n";
  print_evicted_by(context, drill_down.evicted_by, "evicting function", kNoFunctionEviction);
  context.out << "\nInvalidated by (whose stores invalidated copies its code last touched; invalidator: records):\n";
  print_invalidated_by(context, drill_down.invalidated_by);
}

}  // namespace ccsim::annotate
