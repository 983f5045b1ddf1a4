// view_objects.cc: --view=objects, data objects (the data profile) ranked by the sort events.
#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/analysis/runtime_objects.h"
#include "ccsim/annotate/views/ranked_table.h"
#include "ccsim/annotate/text/numbers.h"

namespace ccsim::annotate {

std::vector<LabelledCounts> object_table_rows(const Analysis& analysis) {
  const Profile& profile = *analysis.profile;
  std::vector<LabelledCounts> rows;
  const std::vector<ObjectMoves> moves = object_moves(profile);
  const bool moves_recorded = profile.header.version >= 2;  // object-transfer: records exist since version 2
  for (const ObjectRow& row : analysis.objects) {
    const DataObject& object = profile.objects[row.object];
    std::string label = object_description(object);
    if (object.address != 0) label += " at " + hex(object.address);
    if (!object.file.empty()) label += " in " + object.file;
    rows.push_back({label, &row.counts, analysis.runtime_objects[row.object], is_allocator_object(object),
                    analysis.object_parts[row.object]});
    if (moves_recorded) rows.back().moves = moves[row.object];
  }
  return rows;
}

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
