// stack_objects.cc: thread stacks as objects, from the bounds threads.cc reports for every thread.
#include "ccsim/tool/data_objects/stack_objects.h"

#include "ccsim/core/platform.h"
#include "ccsim/tool/data_objects/cached_ranges.h"
#include "ccsim/tool/data_objects/layout_changes.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/threads/threads.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// One thread's stack at the point the simulation has reached: [low, high), empty (both 0) before the
// thread starts and after it ends.
struct StackExtent {
  Addr low;
  Addr high;
};
// Indexed by processor (threads.h: one per thread, in creation order), options.machine.max_processors
// entries; a processor is given again only past that many threads.
StackExtent* stacks = nullptr;
unsigned processors_with_stacks = 0;  // 1 + the highest processor ever given a stack: lookups scan below it

// The stack object of each processor's thread, `thread <n>` with n = processor + 1 as everywhere in the
// output, created at the first lookup that lands in that stack; 0 (the unknown object, never a stack)
// until then.
ObjectId* stack_objects = nullptr;

ObjectId stack_object(ProcId proc) {
  const StackExtent& stack = stacks[proc];
  const Addr size = stack.high - stack.low;
  if (stack_objects[proc] == kUnknownObject) {
    HChar name[32];
    VG_(sprintf)(name, "thread %u", proc + 1);
    stack_objects[proc] = add_object(ObjectKind::Stack, stack.low, size, 0, name);
  } else {
    add_object_extent(stack_objects[proc], stack.low, size);  // the stack moved, or the processor was given again
  }
  return stack_objects[proc];
}

// Caches may remember the stack's bytes as this thread's, or as the mapping's.
void forget_stack(const StackExtent& stack) {
  if (stack.high > stack.low) forget_ranges(stack.low, stack.high - 1);
}

void apply_stack_moved(const LayoutChange& change) {
  const ProcId proc = change.key;
  const StackExtent moved{change.start, change.start + change.size};
  forget_stack(stacks[proc]);
  // glibc gives a new thread the stack of one that ended, and the replay may reach the new thread's
  // start before the old one's end: in the real run the old one had ended by then.
  for (unsigned other = 0; other < processors_with_stacks; ++other) {
    StackExtent& stack = stacks[other];
    if (other != proc && stack.low < moved.high && moved.low < stack.high) {
      forget_stack(stack);
      stack = StackExtent{0, 0};
    }
  }
  stacks[proc] = moved;
  forget_stack(moved);
  if (proc >= processors_with_stacks) processors_with_stacks = proc + 1;
}

}  // namespace

void init_stack_objects() {
  set_layout_change_apply(LayoutChangeKind::StackMoved, apply_stack_moved);
  stacks = allocate_zeroed_array<StackExtent>("ccsim.objects.stacks", options.machine.max_processors);
  stack_objects = allocate_zeroed_array<ObjectId>("ccsim.objects.stack_objects", options.machine.max_processors);
}

// A scan of the threads: this runs only when a cached range misses, and an exited thread's entry is
// empty (one compare).
bool stack_object_at(Addr address, ObjectExtent* found) {
  found->low = 0;
  found->high = ~Addr(0);
  for (unsigned proc = 0; proc < processors_with_stacks; ++proc) {
    const StackExtent& stack = stacks[proc];
    if (stack.high == 0) continue;
    if (address - stack.low < stack.high - stack.low) {
      *found = ObjectExtent{stack_object(proc), stack.low, stack.low, stack.high - 1, 0};
      return true;
    }
    if (stack.high <= address && stack.high > found->low) found->low = stack.high;
    if (stack.low > address && stack.low - 1 < found->high) found->high = stack.low - 1;
  }
  return false;
}

void stack_moved(unsigned tid, Addr low, Addr high) {
  if (stacks == nullptr) return;  // --data-objects=no
  const ProcId proc = thread_state(tid)->processor;
  change_layout(tid, LayoutChange{LayoutChangeKind::StackMoved, low, high - low, kUnknownObject, proc});
}

}  // namespace ccsim
