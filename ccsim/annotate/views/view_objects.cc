// view_objects.cc: --view=objects, data objects (the data profile) ranked by the sort events.
#include "ccsim/annotate/views/ranked_table.h"
#include "ccsim/annotate/text/numbers.h"

namespace ccsim::annotate {

void print_objects_view(const ViewContext& context) {
  const Profile& profile = context.profile();
  if (profile.objects.empty()) {
    print_section_title(context.out, "Data objects");
    context.out << "This profile has no data objects: the run recorded no object: records.\n";
    return;
  }
  print_ranked_table(context, "Data objects", "objects", "object", object_table_rows(context.analysis));
}

}  // namespace ccsim::annotate
