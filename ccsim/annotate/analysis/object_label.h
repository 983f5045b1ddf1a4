// object_label.h: how a data object is named in tables, sentences and graphs.
#ifndef CCSIM_ANNOTATE_OBJECT_LABEL_H
#define CCSIM_ANNOTATE_OBJECT_LABEL_H

#include <string>

#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// "counters", "heap block allocated at histogram.c:213 main <- ...", "stack of thread 3".
std::string object_name(const DataObject& object);
// "counters (global, 64 B)"; the size is left out when it is 0 (heap bins, stacks).
std::string object_description(const DataObject& object);

}  // namespace ccsim::annotate

#endif
