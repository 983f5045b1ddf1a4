// stack_objects.cc: thread stacks as objects, from the bounds threads.cc keeps for every thread.
#include "ccsim/tool/stack_objects.h"

#include "ccsim/core/platform.h"
#include "ccsim/tool/cached_ranges.h"
#include "ccsim/tool/thread_events.h"
#include "ccsim/tool/threads.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// The stack object of each thread id (VG_N_THREADS entries), created at the first lookup that lands in
// that stack; 0 (the unknown object, never a stack) until then.
ObjectId* stack_objects = nullptr;

ObjectId stack_object(unsigned tid, const ThreadState& thread) {
  const Addr size = thread.stack_high - thread.stack_low;
  if (stack_objects[tid] == kUnknownObject) {
    HChar name[32];
    VG_(sprintf)(name, "thread %u", tid);
    stack_objects[tid] = add_object(ObjectKind::Stack, thread.stack_low, size, 0, name);
  } else {
    add_object_extent(stack_objects[tid], thread.stack_low, size);  // the id may have been reused
  }
  return stack_objects[tid];
}

}  // namespace

void init_stack_objects() {
  stack_objects = allocate_zeroed_array<ObjectId>("ccsim.objects.stacks", VG_N_THREADS);
}

// A scan of the live threads: there are few, and this runs only when a cached range misses.
bool stack_object_at(Addr address, ObjectExtent* found) {
  found->low = 0;
  found->high = ~Addr(0);
  for (unsigned tid = 1; tid <= threads_that_ran(); ++tid) {
    const ThreadState& thread = *thread_state(tid);
    if (!thread.alive || thread.stack_high == 0) continue;
    if (address - thread.stack_low < thread.stack_high - thread.stack_low) {
      *found = ObjectExtent{stack_object(tid, thread), thread.stack_low, thread.stack_low, thread.stack_high - 1};
      return true;
    }
    if (thread.stack_high <= address && thread.stack_high > found->low) found->low = thread.stack_high;
    if (thread.stack_low > address && thread.stack_low - 1 < found->high) found->high = thread.stack_low - 1;
  }
  return false;
}

void stack_bounds_changed(Addr low, Addr high) {
  if (high > low) forget_ranges(low, high - 1);
}

}  // namespace ccsim
