// ranked_table.h: the table shared by the lines, functions and objects views: one row per item, the
// shown events as columns, ranked by the sort events, a total row first.
#ifndef CCSIM_ANNOTATE_RANKED_TABLE_H
#define CCSIM_ANNOTATE_RANKED_TABLE_H

#include <optional>
#include <string>
#include <vector>

#include "ccsim/annotate/analysis/object_moves.h"
#include "ccsim/annotate/views/count_columns.h"
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

// An item of a ranked table: what the last column says, and its counts.
struct LabelledCounts {
  std::string label;
  const Counts* counts = nullptr;
  bool runtime = false;  // the runtime's: added up into one "(runtime)" row unless --runtime=show
  bool allocator = false;  // of those, the allocator's own memory: its own "(allocator)" row
  RuntimePart part = RuntimePart::other;  // of a runtime row: what the "(runtime)" row names it under
  // The objects table of a version 2 profile: the object's moves between threads, its "moved between
  // threads" column (a table shows the column when any row has moves; the runtime's sums leave it empty).
  std::optional<ObjectMoves> moves = std::nullopt;
};

// Whether `rows` have the "moved between threads" column, and its cell in one row.
bool has_moves_column(const std::vector<LabelledCounts>& rows);
std::string moves_cell(const LabelledCounts& row);

// The rows a ranked table shows: every row added into `totals`; unless --runtime=show, the runtime's rows
// summed into one row after the program's that names the parts it holds with their shares of its accesses,
// "(runtime: 5 lines, of their accesses OpenMP runtime 54.5%, loader 27.3%, ...; --runtime=show lists
// them)", and the allocator's memory into one "(allocator: ...)" row; `ranked` indexes `rows`, best first,
// as context.ranking() chooses. The text tables and the HTML report (exports/html_report.h) both print it.
struct RankedRows {
  Counts totals;
  // The program's rows, then the runtime's and the allocator's sums (pointing at `runtime`, `allocator`).
  std::vector<LabelledCounts> rows;
  Counts runtime;
  Counts allocator;
  std::vector<std::size_t> ranked;
  // The items given (lines, functions, objects), the runtime's one by one, and how many of them have
  // any of the first sort event: "3 of 338 lines have any invalidations_received".
  std::size_t items = 0;
  std::size_t items_with_sort_event = 0;

  RankedRows() = default;
  RankedRows(const RankedRows&) = delete;  // rows may point at `runtime`
  RankedRows& operator=(const RankedRows&) = delete;
};
void rank_table_rows(const ViewContext& context, const std::string& noun, const std::vector<LabelledCounts>& rows,
                     RankedRows& result);

// The ratio columns of the lines, functions and objects tables, after the event columns (text, HTML and
// JSON): memory_time (below; with `memory_time`), L1_miss_ratio = L1 misses / accesses and coherence_share =
// coherence misses / L1 misses.
CountColumns row_ratio_columns(const Profile& profile, bool memory_time);
// Whether the tables show the `cycles` event (--show or --sort): they then show memory_time too.
bool shows_cycles(const Profile& profile, const EventColumns& columns);

// The "% of memory time" column (MemSpy's ranking): a row's cycles (the derived `cycles` event, --latency)
// as a share of the whole run's, the summary's. First of the ratio columns when the tables show cycles (and
// always in JSON); the matrix and drill-down views add it too.
inline const char* const kMemoryTimeHeading = "memory_time";
inline const char* const kMemoryTimeMeaning = "memory_time = cycles / the run's cycles (--latency)";
void add_memory_time_column(const Profile& profile, CountColumns& columns);

// The running sum of the first sort event down `printed`: per row, its count in that row and the rows
// above. Over the event's total, it is the tables' `cumulative` column ("10% of the lines give 82%").
std::vector<std::uint64_t> running_sums(const ViewContext& context, const std::vector<LabelledCounts>& printed);

// The sentence under a ranked table: how many `noun` have any of the first sort event, and what the
// ratio and cumulative columns are.
std::string ratio_note(const ViewContext& context, const std::string& noun, const RankedRows& ranked);

// The rows of the lines, functions and objects tables (view_lines.cc, view_functions.cc, view_objects.cc).
std::vector<LabelledCounts> line_table_rows(const Analysis& analysis);
std::vector<LabelledCounts> function_table_rows(const Analysis& analysis);
std::vector<LabelledCounts> object_table_rows(const Analysis& analysis);

// Prints the title, then the table of `rows` chosen by context.ranking(), then a line saying how many
// of how many `noun` (e.g. "lines") are shown, and the ratio note. `label_heading` heads the last column. Unless
// --runtime=show, the runtime's rows are ranked as one row, "(runtime: N lines)".
void print_ranked_table(const ViewContext& context, const std::string& title, const std::string& noun,
                        const std::string& label_heading, const std::vector<LabelledCounts>& rows);

// The table part of print_ranked_table, for a view that orders the rows itself (view_lines.cc puts the
// lines that wrote under the lines that lost copies): the columns, the total row of `ranked`, then
// `printed` in that order, each count with its share of the column's total when the columns say so,
// then the ratio columns and the cumulative share of the first sort event.
void print_table_rows(const ViewContext& context, const std::string& noun, const std::string& label_heading,
                      const RankedRows& ranked, const std::vector<LabelledCounts>& printed);

}  // namespace ccsim::annotate

#endif
