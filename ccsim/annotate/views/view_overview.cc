// view_overview.cc: the default view, what a first look needs: the findings (the costliest shared
// objects and what to change) when there are data objects, the lines that spin-wait (their waiting is not
// simulated, and the replay does not know what they wait for), the per-thread summary, the top lines, the
// top invalidated references with their invalidators, and the data objects.
#include "ccsim/annotate/analysis/findings.h"
#include "ccsim/annotate/text/run_text.h"
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
  for (const std::string& sentence : spin_wait_sentences(context.profile().header)) context.out << sentence << '\n';
  print_summary_view(context);
  // The ranked tables show the sharing split in short columns, explained once.
  EventColumns columns = sharing_columns(context.profile(), context.options, context.columns);
  ViewContext tables{context.analysis, context.options, columns, context.out};
  if (!columns.legend.empty()) context.out << '\n' << columns.legend << '\n';
  print_lines_view(tables);
  if (!context.profile().invalidator_edges.empty()) print_invalidators_view(context);
  if (!context.profile().objects.empty()) print_objects_view(tables);
}

}  // namespace ccsim::annotate
