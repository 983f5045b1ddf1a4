// view_lines.cc: --view=lines, source lines (every reference of a line added up) ranked by the sort
// events, as cg_annotate's line-by-line table.
#include "ccsim/annotate/views/ranked_table.h"

namespace ccsim::annotate {

void print_lines_view(const ViewContext& context) {
  std::vector<LabelledCounts> rows;
  for (const LineRow& line : context.analysis.lines) {
    rows.push_back({site_label(line.site, FileNames::full), &line.counts, line.runtime});
  }
  print_ranked_table(context, "Lines", "lines", "line (function)", rows);
}

}  // namespace ccsim::annotate
