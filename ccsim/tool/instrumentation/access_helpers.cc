// access_helpers.cc: the hot path. One helper per (access kind, route), instantiated from a template so
// each variant is straight-line code: the route and kind are constants, not run-time tests.
#include "ccsim/tool/instrumentation/access_helpers.h"

#include "ccsim/core/simulator_impl.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/instrumentation/references.h"
#include "ccsim/tool/threads/sync.h"
#include "ccsim/tool/threads/threads.h"
#include "ccsim/tool/workers/worker_recorder.h"

namespace ccsim {

Simulator* access_simulator = nullptr;

namespace {

// The native order's access after the hit path failed (an L1 miss, a write needing permission, a line
// straddled, a first use): the whole simulation, out of line. Called in tail position with the helper's
// own three arguments, so the call is a jump and the helper keeps no frame for it.
// Afterwards it refreshes the lookups the hit path keeps in the thread and the reference.
template <AccessKind kKind>
__attribute__((noinline)) void simulate_missed_access(Reference* ref, Addr addr, UWord size) {
  ThreadState* thread = current_thread;
  access_simulator->access_after_try_hit(thread->processor, ref->id, addr, static_cast<std::uint32_t>(size), kKind,
                                         thread->region, thread->locks_held != 0);
  thread->hit_processor = access_simulator->hit_path_processor(thread->processor);
  ref->hit_proc = thread->processor;
  ref->hit_counters = access_simulator->hit_path_counters(thread->processor, ref->id);
}

// The reference last ran on another processor (or never): its object cache may cover a block the
// placement prediction has not seen this processor touch (placement_watch.h). Told by the cache's own
// cell, whose processor is the one the reference last ran on: the cache follows the accesses alone, so a
// worker of line shards, which does not simulate every access, decides as the whole run does. (The hit
// path runs a reference only on the processor it last missed on, whose cell the cache then holds.)
inline bool reference_moved(const Reference* ref, ProcId processor) {
  return ref->objects.cell == nullptr || ref->objects.cell->proc != processor;
}

// Native order with --data-objects=yes, when the hit path did not take the access or the reference's
// object cache missed: count the access against its object (looking the object up if need be), simulate
// it. Out of line and in tail position, like simulate_missed_access.
template <AccessKind kKind>
__attribute__((noinline)) void count_and_simulate_access(Reference* ref, Addr addr, UWord size) {
  const ThreadState* thread = current_thread;
  count_object_access(&ref->objects, ref->id, thread->processor, addr, static_cast<std::uint32_t>(size), kKind,
                      reference_moved(ref, thread->processor));
  simulate_missed_access<kKind>(ref, addr, size);
}

// One of several workers of line shards with data objects (docs/parallel-simulation.md, section 9): the
// native order's access of another worker's lines, counted against its object as count_and_simulate_access
// counts it, and not simulated. The reference's hit path state is dropped: the hit path counts in the
// cell its object cache holds, which must be that of the processor the reference last missed on, and
// this count may have moved the cache to another processor's cell.
template <AccessKind kKind>
void count_native_access_only(Reference* ref, Addr addr, UWord size) {
  const ThreadState* thread = current_thread;
  count_object_access(&ref->objects, ref->id, thread->processor, addr, static_cast<std::uint32_t>(size), kKind,
                      reference_moved(ref, thread->processor));
  ref->hit_counters = nullptr;
}

// The access of the program's own code (after the runtime and spin-wait tests): skipped on the stack,
// recorded for replay, or simulated. Inlined into the helper, so its common case, an L1 hit in native
// order, makes no call: every call is in tail position (a jump to one of the two functions above), so the
// compiler gives it no stack frame and saves no registers, about a quarter of a hit's instructions.
template <AccessKind kKind, int kBuffered, bool kSkipStack, bool kCountObjects>
__attribute__((always_inline)) inline void program_access(ThreadState* thread, Reference* ref, Addr addr, UWord size) {
  if (kSkipStack) {
    // One unsigned compare covers both bounds: addresses below the stack wrap to large values.
    if (addr - thread->stack_low < thread->stack_high - thread->stack_low) {
      ++thread->skipped_stack_accesses;
      return;
    }
  }
  if (kBuffered) {
    // The replay counts a buffered access against its object when it simulates it (sync.cc).
    static_assert(!(kBuffered != 0 && kCountObjects), "buffered accesses are counted against objects when replayed");
    // kBuffered 2 (--sim-threads=1): into the ring of the simulation worker, which replays it, or in
    // native order simulates it at once (simulate_native_access, below).
    if (kBuffered == 2) {
      worker_record_access(thread->processor, ref->id, addr, static_cast<std::uint32_t>(size), kKind);
    } else {
      sync_record_access(thread->processor, ref->id, addr, static_cast<std::uint32_t>(size), kKind);
    }
    return;
  }
  // With data objects, an access the hit path does not take is counted against its object out of line;
  // a hit lies within one line, so it adds one line access to the cached object's count.
  if (kCountObjects && !object_cache_covers(&ref->objects, addr)) {
    return count_and_simulate_access<kKind>(ref, addr, size);
  }
  // The processor and the counter record as the thread and the reference keep them: each one load.
  HotCounters* counters = ref->hit_proc == thread->processor ? ref->hit_counters : nullptr;
  if (!access_simulator->try_hit_with(thread->hit_processor, counters, thread->processor, ref->id, addr,
                                      static_cast<std::uint32_t>(size), kKind, thread->region)) {
    return kCountObjects ? count_and_simulate_access<kKind>(ref, addr, size)
                         : simulate_missed_access<kKind>(ref, addr, size);
  }
  // The hit path took the access on ref->hit_proc, the processor whose cell the object cache holds
  // (object_access_counts.h): one add, no index.
  if (kCountObjects) ++ref->objects.cell->counts[writes(kKind) ? kWrites : kReads];
}

// The native order's access for the simulation worker (--sim-threads=1, access_helpers.h): the same body,
// on the worker's record of the processor's thread. The filters ran in the tool; the worker's own copy
// of the stack bounds is not current, so kSkipStack is off.
template <AccessKind kKind, bool kCountObjects>
void simulate_native_access(Reference* ref, Addr addr, UWord size) {
  program_access<kKind, 0, false, kCountObjects>(current_thread, ref, addr, size);
}

// The held-back load of a polling loop, simulated now (spin_waits.h): the thread did something else.
template <int kBuffered, bool kSkipStack, bool kCountObjects>
void simulate_waiting_read(ThreadState* thread) {
  const WaitingRead read = thread->waiting_read;
  thread->waiting_read = WaitingRead();
  refresh_unusual(thread);
  program_access<AccessKind::Read, kBuffered, kSkipStack, kCountObjects>(thread, read.ref, read.addr, read.size);
}

// The slow path's reasons (threads.h, UnusualBits; kPolled, on_polled_read below), out of line:
// - a load of a polling loop is held back in the thread's WaitingRead. If the thread's next access is a
//   polled load of the same address (the same instruction, or the loop's after its guard), the held one
//   was a wait (the thread wrote nothing meanwhile: a polling loop has no store) and is dropped; otherwise
//   it is simulated just before that access. So of each wait exactly the last read, the one that saw the
//   flag change, is simulated, whether the loop ran once or a million times: the profile stays the same
//   however long the thread waited.
// - inside a call of the program's allocator, every access is its allocator twin's (references.h).
// - the runtimes' synchronization code (barrier spinning, idle workers, lock words) and an annotated
//   barrier's own code are not the user's: OpenMP runtime code (class 2) always, library code (1) inside
//   a runtime call, any code inside an annotated barrier. Tested before the stack: how often a waiting
//   thread touches its own stack depends on real time, and only the runtime count may
//   (docs/synchronization.md, "Determinism").
// kPolled: the access is a load of a polling loop in the calling translation (a read; spin_waits.h).
template <AccessKind kKind, int kBuffered, bool kSkipStack, bool kCountObjects, bool kPolled = false>
__attribute__((noinline)) void unusual_access(Reference* ref, Addr addr, UWord size) {
  static_assert(!kPolled || kKind == AccessKind::Read, "only loads are polled");
  ThreadState* thread = current_thread;
  if (thread->waiting_read.ref != nullptr) {
    if (kPolled && thread->waiting_read.addr == addr && thread->waiting_read.size == size) {
      ++thread->spin_reads;
      ++thread->waiting_read.ref->spin_reads;
      thread->waiting_read.ref = ref;
      return;
    }
    simulate_waiting_read<kBuffered, kSkipStack, kCountObjects>(thread);
  }
  if (ref->access_class + (thread->unusual & (kInRuntimeCall | kInAnnotatedSync)) >= 2 &&
      !options.sync.trace_runtime) {
    ++thread->excluded_runtime_accesses;
    return;
  }
  // Inside a call of the program's allocator the instruction counts as its allocator twin (references.h).
  if (thread->unusual & kInAllocatorCall) ref = allocator_twin(ref);
  if (kPolled) {
    thread->waiting_read = WaitingRead{ref, addr, static_cast<std::uint32_t>(size)};
    refresh_unusual(thread);
    return;
  }
  program_access<kKind, kBuffered, kSkipStack, kCountObjects>(thread, ref, addr, size);
}

// The helper. One add and compare send everything unusual out of line: the reference's class (runtime
// code) plus the thread's reasons (inside a runtime call or an annotated barrier, a held-back read). The
// sum is almost always below 2, so the branch predicts well.
template <AccessKind kKind, int kBuffered, bool kSkipStack, bool kCountObjects>
VG_REGPARM(3) void on_access(Reference* ref, Addr addr, UWord size) {
  ThreadState* thread = current_thread;
  if (__builtin_expect(static_cast<unsigned>(ref->access_class) + thread->unusual >= 2, 0)) {
    return unusual_access<kKind, kBuffered, kSkipStack, kCountObjects>(ref, addr, size);
  }
  program_access<kKind, kBuffered, kSkipStack, kCountObjects>(thread, ref, addr, size);
}

// The helper of a polling loop's load, chosen when the translation is made (spin_waits.h decides per
// translation): always the slow path, so the common helper above tests nothing for polled loads.
template <int kBuffered, bool kSkipStack, bool kCountObjects>
VG_REGPARM(3) void on_polled_read(Reference* ref, Addr addr, UWord size) {
  return unusual_access<AccessKind::Read, kBuffered, kSkipStack, kCountObjects, true>(ref, addr, size);
}

// Every variant of one kind, with the names Valgrind's IR printer shows: native order by skip_stack and
// count_objects (bits 1 and 0), then buffered by skip_stack, then recorded for a worker by skip_stack.
constexpr int kVariants = 8;
int variant_of(AccessRoute route) {
  if (route.to_worker) return 6 + (route.skip_stack ? 1 : 0);
  if (route.buffered) return 4 + (route.skip_stack ? 1 : 0);
  return (route.skip_stack ? 2 : 0) + (route.count_objects ? 1 : 0);
}

template <AccessKind kKind>
struct HelperTable {
  static constexpr AccessHelper kHelpers[kVariants] = {
      &on_access<kKind, 0, false, false>, &on_access<kKind, 0, false, true>,
      &on_access<kKind, 0, true, false>,  &on_access<kKind, 0, true, true>,
      &on_access<kKind, 1, false, false>,     &on_access<kKind, 1, true, false>,
      &on_access<kKind, 2, false, false>,     &on_access<kKind, 2, true, false>};
};

constexpr AccessHelper kPolledReadHelpers[kVariants] = {
    &on_polled_read<0, false, false>, &on_polled_read<0, false, true>, &on_polled_read<0, true, false>,
    &on_polled_read<0, true, true>,   &on_polled_read<1, false, false>,    &on_polled_read<1, true, false>,
    &on_polled_read<2, false, false>,     &on_polled_read<2, true, false>};

const char* const kPolledReadNames[kVariants] = {
    "ccsim_polled_read",          "ccsim_polled_read_objects",  "ccsim_polled_read_skip_stack",
    "ccsim_polled_read_skip_stack_objects", "ccsim_polled_read_buffered", "ccsim_polled_read_buffered_skip_stack",
    "ccsim_polled_read_to_worker", "ccsim_polled_read_to_worker_skip_stack"};

const char* const kHelperNames[3][kVariants] = {
    {"ccsim_read", "ccsim_read_objects", "ccsim_read_skip_stack", "ccsim_read_skip_stack_objects",
     "ccsim_read_buffered", "ccsim_read_buffered_skip_stack", "ccsim_read_to_worker",
     "ccsim_read_to_worker_skip_stack"},
    {"ccsim_write", "ccsim_write_objects", "ccsim_write_skip_stack", "ccsim_write_skip_stack_objects",
     "ccsim_write_buffered", "ccsim_write_buffered_skip_stack", "ccsim_write_to_worker",
     "ccsim_write_to_worker_skip_stack"},
    {"ccsim_modify", "ccsim_modify_objects", "ccsim_modify_skip_stack", "ccsim_modify_skip_stack_objects",
     "ccsim_modify_buffered", "ccsim_modify_buffered_skip_stack", "ccsim_modify_to_worker",
     "ccsim_modify_to_worker_skip_stack"}};

using WaitingReadFlush = void (*)(ThreadState* thread);
WaitingReadFlush waiting_read_flush = nullptr;  // simulate_waiting_read for the run's route

}  // namespace

void init_access_helpers(Simulator* simulator, AccessRoute route) {
  access_simulator = simulator;
  static constexpr WaitingReadFlush kFlushes[kVariants] = {
      &simulate_waiting_read<0, false, false>, &simulate_waiting_read<0, false, true>,
      &simulate_waiting_read<0, true, false>,  &simulate_waiting_read<0, true, true>,
      &simulate_waiting_read<1, false, false>,     &simulate_waiting_read<1, true, false>,
      &simulate_waiting_read<2, false, false>,     &simulate_waiting_read<2, true, false>};
  waiting_read_flush = kFlushes[variant_of(route)];
}

void flush_waiting_read(ThreadState* thread) {
  if (thread->waiting_read.ref != nullptr) waiting_read_flush(thread);
}

NativeAccess native_access(AccessKind kind, bool count_objects) {
  static constexpr NativeAccess kAccesses[2][3] = {
      {&simulate_native_access<AccessKind::Read, false>, &simulate_native_access<AccessKind::Write, false>,
       &simulate_native_access<AccessKind::Modify, false>},
      {&simulate_native_access<AccessKind::Read, true>, &simulate_native_access<AccessKind::Write, true>,
       &simulate_native_access<AccessKind::Modify, true>}};
  return kAccesses[count_objects ? 1 : 0][static_cast<int>(kind)];
}

NativeAccess native_count_only_access(AccessKind kind) {
  static constexpr NativeAccess kAccesses[3] = {&count_native_access_only<AccessKind::Read>,
                                                &count_native_access_only<AccessKind::Write>,
                                                &count_native_access_only<AccessKind::Modify>};
  return kAccesses[static_cast<int>(kind)];
}

AccessHelper access_helper(AccessKind kind, AccessRoute route, bool polled, const char** name) {
  const int variant = variant_of(route);
  if (polled && kind == AccessKind::Read) {
    *name = kPolledReadNames[variant];
    return kPolledReadHelpers[variant];
  }
  *name = kHelperNames[static_cast<int>(kind)][variant];
  switch (kind) {
    case AccessKind::Read: return HelperTable<AccessKind::Read>::kHelpers[variant];
    case AccessKind::Write: return HelperTable<AccessKind::Write>::kHelpers[variant];
    case AccessKind::Modify: return HelperTable<AccessKind::Modify>::kHelpers[variant];
  }
  return nullptr;
}

}  // namespace ccsim
