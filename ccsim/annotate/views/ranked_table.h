// ranked_table.h: the lines, functions and objects views' table as text: one row per item, the shown
// events as columns, ranked by the sort events (tables/ranked_rows.h), a total row first.
#ifndef CCSIM_ANNOTATE_RANKED_TABLE_H
#define CCSIM_ANNOTATE_RANKED_TABLE_H

#include <string>
#include <vector>

#include "ccsim/annotate/tables/ranked_rows.h"
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

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
