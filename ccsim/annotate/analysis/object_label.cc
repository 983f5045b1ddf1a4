// object_label.cc: names of data objects by kind.
#include "ccsim/annotate/analysis/object_label.h"

namespace ccsim::annotate {

std::string object_name(const DataObject& object) {
  if (object.kind == "heap") return "heap block allocated at " + object.name;
  if (object.kind == "stack") return "stack of " + object.name;
  return object.name;
}

std::string object_description(const DataObject& object) {
  std::string details = object.kind;
  if (object.size > 0) details += ", " + std::to_string(object.size) + " B";
  return object_name(object) + " (" + details + ")";
}

}  // namespace ccsim::annotate
