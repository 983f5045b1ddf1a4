// view_functions.cc: --view=functions, functions (every line of a function added up) ranked by the sort
// events.
#include "ccsim/annotate/views/ranked_table.h"

namespace ccsim::annotate {

void print_functions_view(const ViewContext& context) {
  std::vector<LabelledCounts> rows;
  for (const FunctionRow& function : context.analysis.functions) {
    std::string name = function.function.empty() ? "???" : function.function;
    rows.push_back({(function.file.empty() ? "???" : function.file) + ":" + name, &function.counts, function.runtime});
  }
  print_ranked_table(context, "Functions", "functions", "file:function", rows);
}

}  // namespace ccsim::annotate
