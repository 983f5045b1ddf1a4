// view_functions.cc: --view=functions, functions (every line of a function added up) ranked by the sort
// events.
#include "ccsim/annotate/views/ranked_table.h"

namespace ccsim::annotate {

std::vector<LabelledCounts> function_table_rows(const Analysis& analysis) {
  std::vector<LabelledCounts> rows;
  for (const FunctionRow& function : analysis.functions) {
    std::string name = function.function.empty() ? "???" : function.function;
    rows.push_back({(function.file.empty() ? "???" : function.file) + ":" + name, &function.counts, function.runtime,
                    false, function.part});
  }
  return rows;
}

void print_functions_view(const ViewContext& context) {
  print_ranked_table(context, "Functions", "functions", "file:function", function_table_rows(context.analysis));
}

}  // namespace ccsim::annotate
