// stack_objects.h: the layer of thread stacks. Each thread's stack is one object, "thread 3" (shown as
// "stack of thread 3"), whatever function's frame the bytes belong to; a thread id reused by a new thread
// names the same object.
#ifndef CCSIM_TOOL_STACK_OBJECTS_H
#define CCSIM_TOOL_STACK_OBJECTS_H

#include "ccsim/tool/data_objects.h"

namespace ccsim {

void init_stack_objects();
bool stack_object_at(Addr address, ObjectExtent* found);

// A thread's stack bounds [low, high) were set or dropped (it started running, or exited): ranges cached
// over that memory may now belong to another object. Called by threads.cc whatever --data-objects says.
void stack_bounds_changed(Addr low, Addr high);

}  // namespace ccsim

#endif
