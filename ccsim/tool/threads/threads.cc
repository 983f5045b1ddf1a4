// threads.cc: the per-thread state table and the running-thread pointer the access helpers read.
#include "ccsim/tool/threads/threads.h"

#include <new>

#include "ccsim/core/simulator.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/data_objects/stack_objects.h"
#include "ccsim/tool/output/progress.h"
#include "ccsim/tool/threads/sync.h"
#include "ccsim/tool/threads/thread_events.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

ThreadState* current_thread = nullptr;

namespace {

ThreadState* threads = nullptr;  // indexed by ThreadId, VG_N_THREADS entries
Simulator* simulator = nullptr;

void refresh_stack_bounds(ThreadId tid, ThreadState* thread) {
  // Valgrind gives the stack's highest byte and its size.
  const Addr high = VG_(thread_get_stack_max)(tid) + 1;
  const Addr low = high - VG_(thread_get_stack_size)(tid);
  if (low == thread->stack_low && high == thread->stack_high) return;
  thread->stack_high = high;
  thread->stack_low = low;
  stack_moved(tid, low, high);
}

// Valgrind is about to run `tid`: make it the current processor. Cheap enough to do on every switch.
// `blocks_done` (superblocks run so far) paces the progress lines (progress.h).
void on_start_client_code(ThreadId tid, ULong blocks_done) {
  progress_tick(blocks_done);
  ThreadState* thread = &threads[tid];
  // The main thread is current before it first runs, so its stack bounds are read on this first call.
  if (thread != current_thread || thread->stack_high == 0) {
    current_thread = thread;
    refresh_stack_bounds(tid, thread);
  }
}

void on_thread_created(ThreadId parent, ThreadId child) {
  ThreadState* thread = &threads[child];
  // A reused id is a new thread with cold caches. In the replay modes the replay engine resets the
  // processor itself, in replay order: doing it now would drop the old thread's lines before its
  // buffered accesses are replayed.
  if (thread->ever_ran && options.sync.mode == SimMode::Native) reset_processor(simulator, thread->processor);
  thread->ever_ran = true;
  thread->region = 0;
  thread->locks_held = 0;
  thread->runtime_depth = 0;
  thread->annotated_sync_depth = 0;
  thread->waiting_read = WaitingRead();
  refresh_unusual(thread);
  sync_thread_created(parent, child);
}

void on_thread_exited(ThreadId tid) {
  // Its stack may serve a later thread (glibc keeps stacks for reuse): forget it, so that thread's first
  // run sees the bounds as new. The stack object ends here in the thread's stream, before its exit.
  if (threads[tid].stack_high != 0) stack_moved(tid, 0, 0);
  threads[tid].stack_low = 0;
  threads[tid].stack_high = 0;
  sync_thread_exited(tid);
}

}  // namespace

void refresh_unusual(ThreadState* thread) {
  thread->unusual = static_cast<std::uint8_t>((thread->runtime_depth > 0 ? kInRuntimeCall : 0) |
                                              (thread->annotated_sync_depth > 0 ? kInAnnotatedSync : 0) |
                                              (thread->waiting_read.ref != nullptr ? kWaitingReadPending : 0));
}

ThreadState* thread_state(unsigned tid) {
  tl_assert(tid < VG_N_THREADS);
  return &threads[tid];
}

void init_threads(Simulator* sim) {
  simulator = sim;
  threads = static_cast<ThreadState*>(VG_(calloc)("ccsim.threads", VG_N_THREADS, sizeof(ThreadState)));
  for (UInt tid = 0; tid < VG_N_THREADS; ++tid) {
    new (&threads[tid]) ThreadState();
    threads[tid].processor = tid == 0 ? 0 : tid - 1;
  }
  // The main thread (tid 1) exists before any creation event.
  threads[1].ever_ran = true;
  current_thread = &threads[1];
  VG_(track_start_client_code)(on_start_client_code);
  VG_(track_pre_thread_ll_create)(on_thread_created);
  VG_(track_pre_thread_ll_exit)(on_thread_exited);
}

std::uint32_t threads_that_ran() {
  std::uint32_t highest = 0;
  for (UInt tid = 1; tid < VG_N_THREADS; ++tid) {
    if (threads[tid].ever_ran) highest = tid;
  }
  return highest;
}

}  // namespace ccsim
