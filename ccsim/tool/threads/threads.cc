// threads.cc: the per-thread state table and the running-thread pointer the access helpers read.
#include "ccsim/tool/threads/threads.h"

#include <new>

#include "ccsim/core/simulator.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/data_objects/stack_objects.h"
#include "ccsim/tool/output/progress.h"
#include "ccsim/tool/output/tool_messages.h"
#include "ccsim/tool/threads/sync.h"
#include "ccsim/tool/threads/thread_events.h"
#include "ccsim/tool/threads/thread_labels.h"
#include "ccsim/tool/valgrind_api.h"
#include "ccsim/tool/workers/worker_recorder.h"

namespace ccsim {

ThreadState* current_thread = nullptr;

namespace {

ThreadState* threads = nullptr;  // indexed by ThreadId, VG_N_THREADS entries
Simulator* simulator = nullptr;

// Processors in creation order: the next thread created gets `processors_given`, until the machine's
// `processor_limit` (options.machine.max_processors, Valgrind's --max-threads) is reached.
std::uint32_t processors_given = 0;
std::uint32_t processor_limit = 0;
// Past the limit a new thread takes the processor of the thread that exited longest ago (never of a
// live one: at most VG_N_THREADS - 1 threads live at once, and there are VG_N_THREADS processors).
// A ring of processors in exit order, processor_limit entries, and how many such threads there were.
ProcId* exited_processors = nullptr;
std::uint32_t exited_first = 0;
std::uint32_t exited_count = 0;
std::uint32_t threads_on_reused_processors = 0;
// Cleared once the run of this image has ended before an exec (stop_following_threads): the threads
// Valgrind then ends are not the run's any more.
bool following_threads = true;

// The processor for a thread created just now; `*reused` says whether an exited thread had it.
ProcId give_processor(bool* reused) {
  *reused = processors_given >= processor_limit;
  if (!*reused) return processors_given++;
  tl_assert(exited_count > 0);
  const ProcId exited = exited_processors[exited_first];
  exited_first = (exited_first + 1) % processor_limit;
  --exited_count;
  ++threads_on_reused_processors;
  return exited;
}

// Every exited thread's processor, in exit order (a processor is in the ring at most once: it enters
// when its thread exits and leaves when it is given again).
void remember_exited_processor(ProcId proc) {
  exited_processors[(exited_first + exited_count) % processor_limit] = proc;
  ++exited_count;
}

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

// Valgrind gives a new thread the lowest free slot and panics when none is left, with a message that
// does not say what to do. The child in the last slot means every slot is in use: one sentence now, once.
void warn_when_thread_slots_run_out(ThreadId child) {
  static bool warned = false;
  if (warned || child != VG_N_THREADS - 1) return;
  warned = true;
  VG_(umsg)("ccsim: the program now runs %u threads, all that Valgrind allows (--max-threads=%u): if it "
            "starts another, Valgrind stops; rerun with a larger --max-threads.\n", VG_N_THREADS - 1, VG_N_THREADS);
}

void on_thread_created(ThreadId parent, ThreadId child) {
  if (!following_threads) return;
  warn_when_thread_slots_run_out(child);
  ThreadState* thread = &threads[child];
  // Parent 0: Valgrind announcing the main thread, which init_threads gave processor 0.
  bool reused = false;
  if (parent != VG_INVALID_THREADID) thread->processor = give_processor(&reused);
  // A processor given again (past the limit) is a new thread with cold caches. In the replay modes the
  // replay engine resets the processor itself, in replay order: doing it now would drop the old
  // thread's lines before its buffered accesses are replayed. With --sim-threads=1 the simulator is the
  // worker's, which resets the processor where the creation comes in the stream (worker_native.h).
  if (reused && options.sync.mode == SimMode::Native && !worker_recording()) {
    reset_processor(simulator, thread->processor);
  }
  thread->hit_processor = nullptr;  // another processor: the access path looks it up again
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
  if (!following_threads) return;
  // Its stack may serve a later thread (glibc keeps stacks for reuse): forget it, so that thread's first
  // run sees the bounds as new. The stack object ends here in the thread's stream, before its exit.
  if (threads[tid].stack_high != 0) stack_moved(tid, 0, 0);
  threads[tid].stack_low = 0;
  threads[tid].stack_high = 0;
  sync_thread_exited(tid);
  remember_exited_processor(threads[tid].processor);
}

}  // namespace

void refresh_unusual(ThreadState* thread) {
  thread->unusual = static_cast<std::uint8_t>((thread->runtime_depth > 0 ? kInRuntimeCall : 0) |
                                              (thread->annotated_sync_depth > 0 ? kInAnnotatedSync : 0) |
                                              (thread->waiting_read.ref != nullptr ? kWaitingReadPending : 0) |
                                              (thread->allocator_depth > 0 ? kInAllocatorCall : 0));
}

ThreadState* thread_state(unsigned tid) {
  tl_assert(tid < VG_N_THREADS);
  return &threads[tid];
}

void init_threads(Simulator* sim) {
  simulator = sim;
  threads = static_cast<ThreadState*>(VG_(calloc)("ccsim.threads", VG_N_THREADS, sizeof(ThreadState)));
  for (UInt tid = 0; tid < VG_N_THREADS; ++tid) new (&threads[tid]) ThreadState();
  processor_limit = options.machine.max_processors;
  tl_assert(processor_limit >= VG_N_THREADS);
  exited_processors = static_cast<ProcId*>(VG_(calloc)("ccsim.threads.exited", processor_limit, sizeof(ProcId)));
  init_thread_labels(processor_limit);
  // The main thread (tid 1) exists before any creation event: processor 0. Valgrind's creation event
  // for it, if it comes, finds it already there (parent 0).
  bool reused = false;
  threads[1].processor = give_processor(&reused);
  threads[1].ever_ran = true;
  current_thread = &threads[1];
  VG_(track_start_client_code)(on_start_client_code);
  VG_(track_pre_thread_ll_create)(on_thread_created);
  VG_(track_pre_thread_ll_exit)(on_thread_exited);
}

void stop_following_threads() { following_threads = false; }

std::uint32_t threads_that_ran() { return processors_given; }

std::uint32_t thread_ids_used() {
  std::uint32_t highest = 0;
  for (UInt tid = 1; tid < VG_N_THREADS; ++tid) {
    if (threads[tid].ever_ran) highest = tid;
  }
  return highest;
}

void report_thread_limit() {
  if (threads_on_reused_processors == 0) return;
  tool_message("ccsim: the program created %u threads, more than the %u processors ccsim simulates (Valgrind's "
               "--max-threads): its last %u threads ran on processors of threads that had exited, whose counts "
               "they share. Run with --max-threads=%u for one processor per thread.\n",
               threads_created(), processor_limit, threads_on_reused_processors, threads_created());
}

std::uint32_t threads_created() { return processors_given + threads_on_reused_processors; }

void thread_totals(std::uint32_t* given, std::uint32_t* on_reused) {
  *given = processors_given;
  *on_reused = threads_on_reused_processors;
}

void set_thread_totals(std::uint32_t given, std::uint32_t on_reused) {
  processors_given = given;
  threads_on_reused_processors = on_reused;
}

}  // namespace ccsim
