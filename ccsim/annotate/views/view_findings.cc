// view_findings.cc: --view=findings, one sentence per hot invalidated cache line (line-detail records).
#include "ccsim/annotate/analysis/sharing_findings.h"
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

void print_findings_view(const ViewContext& context) {
  print_section_title(context.out, "Findings: how the hottest invalidated lines are shared");
  std::vector<LineUse> lines = collect_line_uses(context.profile());
  if (lines.empty()) {
    context.out << "This profile has no line-detail records (no data objects, or no invalidated lines).\n";
    return;
  }
  for (const LineUse& line : lines) context.out << "- " << describe(context.profile(), line) << '\n';
}

}  // namespace ccsim::annotate
