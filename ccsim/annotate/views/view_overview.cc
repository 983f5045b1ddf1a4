// view_overview.cc: the default view, what a first look needs: the per-thread summary, the top lines,
// the top invalidated references with their invalidators, and the data objects when there are any.
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

void print_overview(const ViewContext& context) {
  print_summary_view(context);
  print_lines_view(context);
  if (!context.profile().invalidator_edges.empty()) print_invalidators_view(context);
  if (!context.profile().objects.empty()) print_objects_view(context);
}

}  // namespace ccsim::annotate
