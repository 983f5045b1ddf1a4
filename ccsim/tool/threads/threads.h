// threads.h: what the tool knows about each client thread. Each thread the program creates is one
// simulated processor for its whole life, numbered in creation order (the main thread is processor 0,
// `thread 1` in the output), whatever id Valgrind gives it: Valgrind reuses the id of an exited thread,
// at a moment that depends on its time slices, not on the program. The synchronization layer (ccsim/tool/threads/sync.cc) keeps its region and lock state current so
// the access path can read them without a lookup.
#ifndef CCSIM_TOOL_THREADS_H
#define CCSIM_TOOL_THREADS_H

#include "ccsim/core/types.h"

namespace ccsim {

struct Processor;
struct Reference;

// Why a thread's accesses leave the access helpers' fast path (access_helpers.cc), as bits of
// ThreadState::unusual: the helpers add the byte to the reference's class and take the slow path when the
// sum is 2 or more, one compare for all the reasons.
enum UnusualBits : std::uint8_t {
  kInRuntimeCall = 1,       // runtime_depth > 0: library code is the runtime's (with the library class, 2)
  kInAnnotatedSync = 2,     // between an annotated barrier's WAIT_BEFORE and WAIT_AFTER: everything is excluded
  kWaitingReadPending = 4,  // a polled load waits in `waiting_read` (spin_waits.h): the next access decides
  kInAllocatorCall = 8,     // allocator_depth > 0: the access is the allocator's (references.h, allocator_twin)
};

// A load of a polling loop held back by spin-wait detection (spin_waits.h): simulated when the thread
// does anything else, dropped as waiting when the same load re-reads the same address first.
struct WaitingRead {
  Reference* ref = nullptr;  // null: none held
  Addr addr = 0;
  std::uint32_t size = 0;
};

// One client thread. Indexed by Valgrind ThreadId (1..VG_N_THREADS-1): the state of the thread that holds
// that id now (an id is reused, the state is renewed at each creation).
struct ThreadState {
  ProcId processor = 0;           // the simulated processor this thread runs on, given at its creation
  RegionId region = 0;            // barrier epoch of the thread's team; 0 before any team exists
  std::uint32_t locks_held = 0;   // > 0: the thread is inside a critical section (any lock)
  std::uint32_t runtime_depth = 0;  // > 0: inside OpenMP/pthread synchronization code
  std::uint32_t annotated_sync_depth = 0;  // > 0: inside an annotated barrier (annotations.h)
  // > 0: inside a call of the program's allocator (heap_blocks.h); calls it makes itself are nested.
  std::uint32_t allocator_depth = 0;
  // The stack pointer at the outermost allocator call's start: a later call that starts above it was not
  // made from inside that call, which has ended without its report (operator new threw).
  Addr allocator_call_sp = 0;
  // The block the outermost realloc in progress gave back (0: none), its size and bin: the new block
  // joins that bin, or, if the call fails, the block is the program's again.
  Addr reallocated_block = 0;
  std::uint64_t reallocated_size = 0;
  std::uint32_t reallocated_object = 0;
  std::uint8_t unusual = 0;       // UnusualBits, recomputed by refresh_unusual() whenever their causes change
  WaitingRead waiting_read;       // spin-wait detection's held-back load (spin_waits.h)
  std::uint64_t spin_reads = 0;   // polled loads dropped as waiting (`skipped: spin`)
  // Accesses made while runtime_depth > 0 are excluded (unless --trace-runtime=yes) and counted here.
  std::uint64_t excluded_runtime_accesses = 0;
  // The thread's own stack [stack_low, stack_high), for --trace-stack=no, and the accesses skipped there.
  Addr stack_low = 0;
  Addr stack_high = 0;
  std::uint64_t skipped_stack_accesses = 0;
  bool ever_ran = false;          // the id has been given to a thread
  // Native order: the processor as the simulator's hit path sees it (Simulator::hit_path_processor),
  // kept here so that the hit path finds it in one load; null until the processor exists. Refreshed
  // whenever an access leaves the hit path (the processor of a thread never changes).
  Processor* hit_processor = nullptr;
  // Native order: it received a hand-off (a semaphore, an annotated one) in its current region (the live
  // model's SyncThread::received_handoff_in_region); the replay orders read their own copy. Off the hot
  // path, at the end: read only at an invalidation (sync_writer_received_handoff).
  bool received_handoff = false;
};

// The running thread's state, switched by the tool on every thread switch; the access helpers read it
// directly (hot path: one pointer load instead of VG_(get_running_tid) + table lookup).
extern ThreadState* current_thread;

// Recomputes `thread->unusual` from runtime_depth, annotated_sync_depth, waiting_read and allocator_depth.
void refresh_unusual(ThreadState* thread);

// State of thread `tid` (Valgrind's ThreadId as a plain integer); valid for any tid below VG_N_THREADS.
ThreadState* thread_state(unsigned tid);

}  // namespace ccsim

#endif
