// view_lines.cc: --view=lines, source lines (every reference of a line added up) ranked by the sort
// events, as cg_annotate's line-by-line table.
#include "ccsim/annotate/views/ranked_table.h"

namespace ccsim::annotate {

std::vector<LabelledCounts> line_table_rows(const Analysis& analysis) {
  std::vector<LabelledCounts> rows;
  for (const LineRow& line : analysis.lines) {
    rows.push_back({site_label(line.site, FileNames::full), &line.counts, line.runtime});
  }
  return rows;
}

void print_lines_view(const ViewContext& context) {
  print_ranked_table(context, "Lines", "lines", "line (function)", line_table_rows(context.analysis));
}

}  // namespace ccsim::annotate
