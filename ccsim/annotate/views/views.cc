// views.cc: printing the views a user asked for, in order.
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

void print_views(const ViewContext& context) {
  print_header(context);
  for (View view : context.options.views) {
    switch (view) {
      case View::overview:
        print_overview(context);
        break;
      case View::summary:
        print_summary_view(context);
        break;
      case View::lines:
        print_lines_view(context);
        break;
      case View::functions:
        print_functions_view(context);
        break;
      case View::source:
        print_source_view(context);
        break;
      case View::objects:
        print_objects_view(context);
        break;
      case View::object_threads:
        print_object_threads_view(context);
        break;
      case View::line_threads:
        print_line_threads_view(context);
        break;
      case View::blocks:
        print_blocks_view(context);
        break;
      case View::sets:
        print_sets_view(context);
        break;
      case View::working_set:
        print_working_set_view(context);
        break;
      case View::matrix:
        print_matrix_view(context);
        break;
      case View::findings:
        print_findings_view(context);
        break;
      case View::regions:
        print_regions_view(context);
        break;
      case View::invalidators:
        print_invalidators_view(context);
        break;
      case View::evictors:
        print_evictors_view(context);
        break;
      case View::locks:
        print_locks_view(context);
        break;
      case View::region_objects:
        print_region_objects_view(context);
        break;
      case View::region_lines:
        print_region_lines_view(context);
        break;
      case View::timeline:
        print_timeline_view(context);
        break;
      case View::object_detail:
        print_object_drill_down(context);
        break;
      case View::function_detail:
        print_function_drill_down(context);
        break;
      case View::paths:
        print_paths_view(context);
        break;
    }
  }
  if (context.options.auto_annotate) print_source_view(context);
}

}  // namespace ccsim::annotate
