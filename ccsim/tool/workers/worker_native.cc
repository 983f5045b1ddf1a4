// worker_native.cc: see worker_native.h.
#include "ccsim/tool/workers/worker_native.h"

#include <cstring>
#include <new>

#include "ccsim/core/platform.h"
#include "ccsim/core/simulator.h"
#include "ccsim/replay/sync_model.h"
#include "ccsim/tool/data_objects/object_timeline.h"
#include "ccsim/tool/data_objects/resident_lines.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/threads/sync.h"
#include "ccsim/tool/threads/threads.h"
#include "ccsim/tool/valgrind_api.h"
#include "ccsim/tool/workers/log_hand_overs.h"

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

// One of several workers (docs/parallel-simulation.md, section 9): the native body of each kind, called
// for the accesses of this worker's line shards alone, as the replay orders' shard sink does (threads/
// sync.cc): a shift and a mask first; an access straddling lines goes to the body, whose simulator keeps
// its own lines' parts (the hit path declines a line its shard never holds).
NativeAccess whole_accesses[3] = {nullptr, nullptr, nullptr};
std::uint32_t line_shift = 0;

template <int kKind>
void shard_native_access(Reference* ref, Addr addr, UWord size) {
  const Addr first = addr >> line_shift;
  if (!options.worker_shard.owns(first) && ((addr + size - 1) >> line_shift) == first) return;
  whole_accesses[kKind](ref, addr, size);
}

// With data objects, another worker's access is still counted against its object, as the whole run
// counts it, so that every worker's object tables fed by the accesses are the run's
// (data_objects/object_transfer.h).
NativeAccess count_only_accesses[3] = {nullptr, nullptr, nullptr};

template <int kKind>
void shard_native_access_counting_objects(Reference* ref, Addr addr, UWord size) {
  const Addr first = addr >> line_shift;
  if (!options.worker_shard.owns(first) && ((addr + size - 1) >> line_shift) == first) {
    return count_only_accesses[kKind](ref, addr, size);
  }
  whole_accesses[kKind](ref, addr, size);
}

// With --timeline=N, the timeline is told of every access around its simulation (object_timeline.h,
// count_timeline_for_shard()); with --working-set=yes, the worker's clock of hand-overs and the resident
// lines' log of every access's start (log_hand_overs.h, resident_lines.h).
template <int kKind>
void shard_native_access_followed(Reference* ref, Addr addr, UWord size) {
  if (timeline_follows_accesses) timeline_access_begins(addr);
  count_access_for_hand_overs();
  if (resident_follows_accesses) resident_access_begins(addr);
  shard_native_access_counting_objects<kKind>(ref, addr, size);
  if (timeline_follows_accesses) timeline_access_ends(addr, static_cast<std::uint32_t>(size));
}

// One of several workers with miss classes: the whole body (the simulator skips the other shards' lines
// itself: start_native_worker()), told to the worker's clock of hand-overs (its shadow log grows with every
// line access) and, with data objects, to the timeline and the resident lines' log.
template <int kKind>
void whole_native_access_followed(Reference* ref, Addr addr, UWord size) {
  if (timeline_follows_accesses) timeline_access_begins(addr);
  count_access_for_hand_overs();
  if (resident_follows_accesses) resident_access_begins(addr);
  whole_accesses[kKind](ref, addr, size);
  if (timeline_follows_accesses) timeline_access_ends(addr, static_cast<std::uint32_t>(size));
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
  // Chosen once: a single worker keeps the body itself, with nothing in front of it. One of several with
  // miss classes passes every access to the body, whose simulator must see every line access
  // (core/shadow_log.h) and skips the other shards' lines itself, through the counts that follow accesses
  // (the hand-overs' among them: log_hand_overs.h).
  if (options.worker_shard.count > 1 && !options.machine.miss_classes) {
    line_shift = static_cast<std::uint32_t>(__builtin_ctz(options.machine.l1.line_bytes));
    for (int kind = 0; kind < 3; ++kind) {
      whole_accesses[kind] = native_accesses[kind];
      count_only_accesses[kind] = native_count_only_access(static_cast<AccessKind>(kind));
    }
    if (options.data_objects && (options.timeline_unit == TimelineUnit::Accesses || options.working_set)) {
      native_accesses[0] = shard_native_access_followed<0>;
      native_accesses[1] = shard_native_access_followed<1>;
      native_accesses[2] = shard_native_access_followed<2>;
    } else if (options.data_objects) {
      native_accesses[0] = shard_native_access_counting_objects<0>;
      native_accesses[1] = shard_native_access_counting_objects<1>;
      native_accesses[2] = shard_native_access_counting_objects<2>;
    } else {
      native_accesses[0] = shard_native_access<0>;
      native_accesses[1] = shard_native_access<1>;
      native_accesses[2] = shard_native_access<2>;
    }
  } else if (options.worker_shard.count > 1) {
    for (int kind = 0; kind < 3; ++kind) whole_accesses[kind] = native_accesses[kind];
    native_accesses[0] = whole_native_access_followed<0>;
    native_accesses[1] = whole_native_access_followed<1>;
    native_accesses[2] = whole_native_access_followed<2>;
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
    // The replay's own records (the stream carries them in every order, so that it can be simulated in
    // any: threads/sync.h, records_replay_calls()): the native order simulates each access where the
    // stream has it and waits for nothing.
    case StreamOp::SaveMark:
    case StreamOp::Reuse:
      return true;
    default:
      return false;
  }
}

}  // namespace ccsim
