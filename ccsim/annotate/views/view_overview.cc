// view_overview.cc: the default view, what a first look needs: the findings (the costliest shared
// objects and what to change) when there are data objects, the per-thread summary, the top lines, the
// top invalidated references with their invalidators, and the data objects.
#include "ccsim/annotate/analysis/findings.h"
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

// The findings the overview opens with: enough to act on, the rest are in --view=findings.
constexpr std::size_t kOverviewFindings = 3;

void print_overview(const ViewContext& context) {
  if (!context.profile().objects.empty()) {
    print_findings(context, kOverviewFindings);
  } else if (std::string limit = order_limit_sentence(context.profile().header); !limit.empty()) {
    context.out << '\n' << limit << '\n';  // the findings would have said it
  }
  print_summary_view(context);
  print_lines_view(context);
  if (!context.profile().invalidator_edges.empty()) print_invalidators_view(context);
  if (!context.profile().objects.empty()) print_objects_view(context);
}

}  // namespace ccsim::annotate
