// object_label.h: how a data object is named in tables, sentences and graphs.
#ifndef CCSIM_ANNOTATE_OBJECT_LABEL_H
#define CCSIM_ANNOTATE_OBJECT_LABEL_H

#include <string>

#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// A short name: "counters", "heap block at histogram.c:213 in main" (the innermost allocation frame
// with a source line, else the innermost frame), "stack of thread 3", "mapping 0x601000 of app" (the
// start of the mapping and the base name of its file). GCC's "_GLOBAL__sub_I_x" frames read "static
// initialization of x". The whole allocation stack is DataObject::name (and the JSON export's); an
// object named_by_stack is named by it: "heap block allocated at a.c:3 f <- a.c:9 main".
std::string object_name(const DataObject& object);
// "counters (global, 64 B)"; the size is left out when it is 0 (heap bins, stacks).
std::string object_description(const DataObject& object);

}  // namespace ccsim::annotate

#endif
