// stack_objects.h: the layer of thread stacks. Each thread's stack is one object, "thread 3" (shown as
// "stack of thread 3"), whatever function's frame the bytes belong to; a thread id reused by a new thread
// names the same object. The layer follows the simulated order: a stack's start and end are layout
// changes (layout_changes.h) in its own thread's stream, so a thread's accesses replayed after the real
// thread exited still find its stack.
#ifndef CCSIM_TOOL_STACK_OBJECTS_H
#define CCSIM_TOOL_STACK_OBJECTS_H

#include "ccsim/tool/data_objects/data_objects.h"

namespace ccsim {

void init_stack_objects();
bool stack_object_at(Addr address, ObjectExtent* found);

// Thread `tid`'s stack is [low, high) from this point of its run on; low == high == 0 when the thread
// exits. The stack object is the thread's (`thread <n>`, n its processor + 1), not the id's. Called by
// threads.cc whatever --data-objects says (and ignored when it is no).
void stack_moved(unsigned tid, Addr low, Addr high);

}  // namespace ccsim

#endif
