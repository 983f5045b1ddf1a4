// worker_native.cc: see worker_native.h.
#include "ccsim/tool/workers/worker_native.h"

#include <cstring>
#include <new>

#include "ccsim/core/platform.h"
#include "ccsim/core/simulator.h"
#include "ccsim/replay/sync_model.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/threads/sync.h"
#include "ccsim/tool/threads/threads.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

NativeAccess native_accesses[3] = {nullptr, nullptr, nullptr};

namespace {

Simulator* simulator = nullptr;
// The worker's record of each processor's thread, by processor: the stream names processors, not
// Valgrind's thread ids (the tool's tables are by id). `threads[p]` is what the native access path
// reads through current_thread (region, lock count, the hit path's processor); `sync_threads[p]` the
// thread's state in the worker's live model. ThreadState::ever_ran says the processor was given before.
ThreadState* threads = nullptr;
SyncThread* sync_threads = nullptr;
std::uint32_t processor_count = 0;

ThreadState* thread_of(ProcId proc) {
  CCSIM_ASSERT(proc < processor_count);
  return &threads[proc];
}
SyncThread* sync_thread_of(ProcId proc) {
  CCSIM_ASSERT(proc < processor_count);
  return &sync_threads[proc];
}

}  // namespace

void start_native_worker(Simulator* sim) {
  simulator = sim;
  processor_count = options.machine.max_processors;
  threads = allocate_zeroed_array<ThreadState>("ccsim.worker.native", processor_count);
  sync_threads = allocate_zeroed_array<SyncThread>("ccsim.worker.native", processor_count);
  for (ProcId proc = 0; proc < processor_count; ++proc) {
    new (&threads[proc]) ThreadState();
    threads[proc].processor = proc;
    new (&sync_threads[proc]) SyncThread();
    sync_threads[proc].owner = proc;
  }
  threads[0].ever_ran = true;  // the main thread's, given before the fork (threads.cc)
  current_thread = &threads[0];
  for (int kind = 0; kind < 3; ++kind) {
    native_accesses[kind] = native_access(static_cast<AccessKind>(kind), options.data_objects);
  }
}

bool apply_native_record(StreamOp op, const std::uint32_t* payload) {
  switch (op) {
    case StreamOp::Processor:
      current_thread = thread_of(payload[0]);
      return true;
    case StreamOp::Sync: {
      SyncEvent event;
      std::memcpy(&event, payload + 1, sizeof event);
      sync_live_event(payload[0], sync_thread_of(payload[0]), thread_of(payload[0]), event);
      return true;
    }
    case StreamOp::ThreadCreated: {
      const ProcId parent = payload[0], child = payload[1];
      ThreadState* thread = thread_of(child);
      // The tool gives a processor again only past Valgrind's --max-threads, to a new thread with cold
      // caches, and resets it inline at the creation (threads.cc): a processor is given again exactly
      // when it was given before.
      if (thread->ever_ran) reset_processor(simulator, child);
      *thread = ThreadState();
      thread->processor = child;
      thread->ever_ran = true;
      sync_live_thread_started(sync_thread_of(child), sync_thread_of(parent), thread);
      sync_thread_of(child)->owner = child;
      return true;
    }
    case StreamOp::ThreadExit:
      sync_live_thread_ended(sync_thread_of(payload[0]));
      return true;
    default:
      return false;
  }
}

}  // namespace ccsim
