// stack_objects.cc: thread stacks as objects, from the bounds threads.cc reports for every thread.
#include "ccsim/tool/data_objects/stack_objects.h"

#include "ccsim/core/platform.h"
#include "ccsim/tool/data_objects/cached_ranges.h"
#include "ccsim/tool/data_objects/layout_changes.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// One thread's stack at the point the simulation has reached: [low, high), empty (both 0) before the
// thread starts and after it ends.
struct StackExtent {
  Addr low;
  Addr high;
};
StackExtent* stacks = nullptr;      // by thread id, VG_N_THREADS entries
unsigned thread_ids_with_stacks = 0;  // 1 + the highest thread id ever given a stack: lookups scan below it

// The stack object of each thread id (VG_N_THREADS entries), created at the first lookup that lands in
// that stack; 0 (the unknown object, never a stack) until then.
ObjectId* stack_objects = nullptr;

ObjectId stack_object(unsigned tid) {
  const StackExtent& stack = stacks[tid];
  const Addr size = stack.high - stack.low;
  if (stack_objects[tid] == kUnknownObject) {
    HChar name[32];
    VG_(sprintf)(name, "thread %u", tid);
    stack_objects[tid] = add_object(ObjectKind::Stack, stack.low, size, 0, name);
  } else {
    add_object_extent(stack_objects[tid], stack.low, size);  // the id may have been reused
  }
  return stack_objects[tid];
}

// Caches may remember the stack's bytes as this thread's, or as the mapping's.
void forget_stack(const StackExtent& stack) {
  if (stack.high > stack.low) forget_ranges(stack.low, stack.high - 1);
}

void apply_stack_moved(const LayoutChange& change) {
  const unsigned tid = change.key;
  const StackExtent moved{change.start, change.start + change.size};
  forget_stack(stacks[tid]);
  // glibc gives a new thread the stack of one that ended, and the replay may reach the new thread's
  // start before the old one's end: in the real run the old one had ended by then.
  for (unsigned other = 1; other < thread_ids_with_stacks; ++other) {
    StackExtent& stack = stacks[other];
    if (other != tid && stack.low < moved.high && moved.low < stack.high) {
      forget_stack(stack);
      stack = StackExtent{0, 0};
    }
  }
  stacks[tid] = moved;
  forget_stack(moved);
  if (tid >= thread_ids_with_stacks) thread_ids_with_stacks = tid + 1;
}

}  // namespace

void init_stack_objects() {
  stacks = allocate_zeroed_array<StackExtent>("ccsim.objects.stacks", VG_N_THREADS);
  stack_objects = allocate_zeroed_array<ObjectId>("ccsim.objects.stack_objects", VG_N_THREADS);
}

// A scan of the threads: there are few, and this runs only when a cached range misses.
bool stack_object_at(Addr address, ObjectExtent* found) {
  found->low = 0;
  found->high = ~Addr(0);
  for (unsigned tid = 1; tid < thread_ids_with_stacks; ++tid) {
    const StackExtent& stack = stacks[tid];
    if (stack.high == 0) continue;
    if (address - stack.low < stack.high - stack.low) {
      *found = ObjectExtent{stack_object(tid), stack.low, stack.low, stack.high - 1, 0};
      return true;
    }
    if (stack.high <= address && stack.high > found->low) found->low = stack.high;
    if (stack.low > address && stack.low - 1 < found->high) found->high = stack.low - 1;
  }
  return false;
}

void stack_moved(unsigned tid, Addr low, Addr high) {
  if (stacks == nullptr) return;  // --data-objects=no
  change_layout(tid, LayoutChange{apply_stack_moved, low, high - low, kUnknownObject, tid});
}

}  // namespace ccsim
