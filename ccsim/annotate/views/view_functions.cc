// view_functions.cc: --view=functions, functions (every line of a function added up) ranked by the sort
// events.
#include "ccsim/annotate/views/ranked_table.h"

namespace ccsim::annotate {

void print_functions_view(const ViewContext& context) {
  print_ranked_table(context, "Functions", "functions", "file:function", function_table_rows(context.analysis));
}

}  // namespace ccsim::annotate
