// sync.cc: client requests in; thread state, synchronization model and replay engine out (sync.h).
//
// Two models see the same events. The live one (EventOrder::Live) follows the client in real time and
// keeps ThreadState's region and lock count current for the native mode. In the interleaved and piped
// modes the replay engine records the events beside the accesses and applies them to its own model in
// replay order; the regions and critical flags of replayed accesses come from there.
#include "ccsim/tool/threads/sync.h"

#include "ccsim/core/hash_map.h"
#include "ccsim/core/platform.h"
#include "ccsim/core/simulator_impl.h"
#include "ccsim/replay/sync_model.h"
#include "ccsim/sync/requests.h"
#include "ccsim/tool/data_objects/layout_changes.h"
#include "ccsim/tool/data_objects/object_access_counts.h"
#include "ccsim/tool/data_objects/resident_lines.h"
#include "ccsim/tool/instrumentation/references.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/output/tool_messages.h"
#include "ccsim/tool/threads/lock_statistics.h"
#include "ccsim/tool/threads/thread_labels.h"
#include "ccsim/tool/threads/threads.h"
#include "ccsim/tool/valgrind_api.h"
#include "ccsim/tool/workers/log_hand_overs.h"
#include "ccsim/tool/workers/worker_recorder.h"

namespace ccsim {

ReplayEngine* replay_engine = nullptr;

namespace {

// A pthread barrier as its pthread_barrier_init described it. Each init gets a new instance key, so a
// destroyed barrier's memory reused for another barrier is another barrier for the model.
struct BarrierObject {
  std::uint32_t participants;
  std::uint64_t instance;
};

// Everything here is created in sync_init: a tool cannot rely on static constructors.
SyncModel* live_model = nullptr;
SyncThread* live_threads = nullptr;                        // ThreadId -> the thread's live state
HashMap<std::uint64_t, BarrierObject>* barrier_objects = nullptr;  // barrier address -> its count and key
// Annotation mistakes, told once at exit: a barrier waited at that no init named (its first address), and
// threads that ended inside an annotated barrier (a WAIT_BEFORE without its WAIT_AFTER).
unsigned long uninitialized_annotated_barrier = 0;
std::uint32_t threads_ended_inside_annotated_barrier = 0;
// Annotated hand-offs: object address -> the HappensBefore events the program performed, in real time.
HashMap<std::uint64_t, std::uint64_t>* happens_before_counts = nullptr;
// Condition signals whose call has not returned: condition address -> how many (a wait that starts now
// may still be woken by them), and ThreadId -> the condition of the counted signal the thread is making
// (0: none). A wait that blocks goes on, at the earliest, after one signal more than those returned.
HashMap<std::uint64_t, std::uint64_t>* signals_in_flight = nullptr;
unsigned long* signal_in_flight_of = nullptr;
std::uint64_t next_barrier_instance = 1;
// Where the replay engine's calls are made (records_replay_calls()): pthread_t -> the stream of that
// thread, from its creation until it is joined.
HashMap<std::uint64_t, StreamId>* streams_by_pthread = nullptr;
StreamId* last_created_stream = nullptr;                   // ThreadId -> the stream of the thread it created last

ProcId processor_of(unsigned tid) { return thread_state(tid)->processor; }

// Copies a live thread's region and lock count into `state`, where the access path reads them.
void publish(const SyncThread* thread, ThreadState* state) {
  state->region = thread->region;
  state->locks_held = thread->locks_held;
  state->received_handoff = thread->received_handoff_in_region();
}

// The live model's part of one event of a thread (a join included): the model now, then the thread's
// published state. The tool's threads, and with --sim-threads=1 in native order the worker's
// (sync_live_event).
void apply_live(SyncThread* thread, ThreadState* state, const SyncEvent& event) {
  if (event.kind == SyncKind::ThreadJoin) {
    live_model->thread_joined(thread, event.address);
  } else {
    live_model->apply(thread, event);
  }
  publish(thread, state);
}

// Native order: the locks as the program takes them, with no replay to wait in.
void count_native_lock(ProcId proc, const SyncEvent& event) {
  if (event.kind == SyncKind::LockAcquire) {
    lock_acquired(proc, event.key, event.member, event.address, false, 0);
  } else if (event.kind == SyncKind::LockRelease) {
    lock_released(proc, event.key);
  }
}

// The replay engine's recording calls, made on the engine here or, with --sim-threads=1, recorded for
// the simulation worker's copy of it (workers/worker_recorder.h). Either way the same calls in the same
// order.
void record_sync_event(ProcId proc, const SyncEvent& event) {
  if (!worker_recording()) return replay_engine->record_sync(proc, event);
  // The writer names the call of each region's closing barrier and of each lock's first acquisition
  // (their references are made when the profile is written): the worker has no debug information of
  // the libraries loaded after it was forked, so the tool makes those references now and hands them
  // over at the end (workers/worker_handover.h).
  if (event.address != 0) reference_at(event.address);
  worker_record_sync(proc, event);
}

// One synchronization event of thread `tid`: the live model now (it changes only that thread), the
// replay engine in its order, or in native order the locks now. With workers the event goes into the
// stream in every order: in native order the worker's copy of the live model and its lock statistics
// take it there (workers/worker_native.h).
void report(unsigned tid, const SyncEvent& event) {
  apply_live(&live_threads[tid], thread_state(tid), event);
  if (records_replay_calls()) {
    record_sync_event(processor_of(tid), event);
  } else {
    count_native_lock(processor_of(tid), event);
  }
}

// The preload passes return addresses; a region's closing barrier is reported inside the call.
Addr call_of(unsigned long return_address) { return return_address != 0 ? return_address - 1 : 0; }

// The replay sink's access, one variant per --data-objects setting (chosen once, in replay_sink(), so
// nothing is tested per access). With data objects the access is counted against its object here, in the
// simulated order (object_access_counts.h). Shaped like the native helpers (access_helpers.cc): the L1
// hit path makes no call, and everything else is a call in tail position with the sink's own six
// arguments (all in registers), a jump. (Limit: the inlined hit path needs more registers than the six
// arguments leave, so a hit still saves and restores five or six.) The two out-of-line parts:

// The access after the hit path failed: the whole simulation, with the thread's region and critical flag.
__attribute__((noinline)) void simulate_replayed_miss(void* simulator, const Stream* thread, RefId ref, Addr addr,
                                                      std::uint32_t size, AccessKind kind) {
  static_cast<Simulator*>(simulator)->access_after_try_hit(thread->proc, ref, addr, size, kind, thread->region(),
                                                           thread->in_critical());
}

// With data objects, when the processor's object cache for the reference does not cover the address
// (object_access_counts.h): the object looked up and counted, then the whole simulation. (Trying the hit
// path first made no measurable difference on pointer chasing, whose cache misses are mostly L1 misses.)
__attribute__((noinline)) void count_and_simulate_replayed_access(void* simulator, const Stream* thread, RefId ref,
                                                                  Addr addr, std::uint32_t size, AccessKind kind) {
  count_object_access_in_cache(refill_processor_object_cache(thread->proc, ref, addr, size, kind), addr, size, kind);
  simulate_replayed_miss(simulator, thread, ref, addr, size, kind);
}

template <bool kCountObjects>
void simulate_replayed_access(void* simulator, const Stream* thread, RefId ref, Addr addr, std::uint32_t size,
                              AccessKind kind) {
  Simulator* sim = static_cast<Simulator*>(simulator);
  const ProcId proc = thread->proc;
  if (kCountObjects) {
    ProcessorObjectCache& objects = processor_object_cache(proc, ref);
    if (!processor_object_cache_covers(objects, ref, addr)) {
      return count_and_simulate_replayed_access(simulator, thread, ref, addr, size, kind);
    }
    count_object_access_in_cache(&objects, addr, size, kind);
  }
  if (!sim->try_hit(proc, ref, addr, size, kind, thread->region())) {
    return simulate_replayed_miss(simulator, thread, ref, addr, size, kind);
  }
}

// --sim-worker-shard (debug): the worker of one line shard passes on the accesses of its own lines alone,
// as one of several shard workers reading the whole stream would (docs/parallel-simulation.md). An access
// straddling lines goes to the simulator, which splits it and keeps its own parts; its object count, one
// per access, goes with its first line's shard.
std::uint32_t shard_line_shift = 0;

template <bool kCountObjects>
void simulate_replayed_shard_access(void* simulator, const Stream* thread, RefId ref, Addr addr, std::uint32_t size,
                                    AccessKind kind) {
  const Addr first = addr >> shard_line_shift;
  if (options.worker_shard.owns(first)) return simulate_replayed_access<kCountObjects>(simulator, thread, ref, addr, size, kind);
  if (((addr + size - 1) >> shard_line_shift) == first) return;  // wholly another shard's line
  simulate_replayed_access<false>(simulator, thread, ref, addr, size, kind);
}

// One of several workers of line shards, with data objects (docs/parallel-simulation.md, section 9): every
// access is looked up as --sim-threads=0 looks it up, so that the tables the lookups feed (paths,
// placement predictions) are the run's in every worker (data_objects/object_transfer.h); only the
// simulation is the shard's. The first worker (the one of shard 0) also counts each access's read or
// write in its cell; the others' reads and writes would never reach the profile (the first's are the
// run's), so an access their object cache covers costs them only the cover test: the lookups that decide
// something are the cache's refills (a watched or followed block is never cached).
template <bool kCountReadsAndWrites>
void look_up_then_simulate_shard_access(void* simulator, const Stream* thread, RefId ref, Addr addr,
                                        std::uint32_t size, AccessKind kind) {
  ProcessorObjectCache& objects = processor_object_cache(thread->proc, ref);
  if (kCountReadsAndWrites) {
    count_object_access_in_cache(processor_object_cache_covers(objects, ref, addr)
                                     ? &objects
                                     : refill_processor_object_cache(thread->proc, ref, addr, size, kind),
                                 addr, size, kind);
  } else if (!processor_object_cache_covers(objects, ref, addr)) {
    refill_processor_object_cache(thread->proc, ref, addr, size, kind);
  }
  simulate_replayed_shard_access<false>(simulator, thread, ref, addr, size, kind);
}

// The same with --timeline=N or --working-set=yes: the timeline is told of every access around its
// simulation, to place the events at the whole run's count of line accesses (object_timeline.h,
// count_timeline_for_shard()), and the resident lines' log of every access's start, to place the changes
// of its counts in the run (resident_lines.h), after the worker's clock of hand-overs
// (workers/log_hand_overs.h).
template <bool kCountReadsAndWrites>
void look_up_then_simulate_shard_access_followed(void* simulator, const Stream* thread, RefId ref, Addr addr,
                                                 std::uint32_t size, AccessKind kind) {
  if (timeline_follows_accesses) timeline_access_begins(addr);
  count_access_for_hand_overs();
  if (resident_follows_accesses) resident_access_begins(addr);
  look_up_then_simulate_shard_access<kCountReadsAndWrites>(simulator, thread, ref, addr, size, kind);
  if (timeline_follows_accesses) timeline_access_ends(addr, size);
}

// One of several workers with miss classes: every access goes to the simulator, which skips the other
// shards' lines itself (below); the worker's clock of hand-overs is told of it, since its shadow log grows
// with every line access (workers/log_hand_overs.h), and with data objects the timeline and the resident
// lines' log, as above.
template <bool kCountObjects>
void simulate_replayed_access_followed(void* simulator, const Stream* thread, RefId ref, Addr addr,
                                       std::uint32_t size, AccessKind kind) {
  if (timeline_follows_accesses) timeline_access_begins(addr);
  count_access_for_hand_overs();
  if (resident_follows_accesses) resident_access_begins(addr);
  simulate_replayed_access<kCountObjects>(simulator, thread, ref, addr, size, kind);
  if (timeline_follows_accesses) timeline_access_ends(addr, size);
}

// A thread starts on a processor in replay order: a reused thread id is a new thread with cold caches,
// holding no lock.
void start_replayed_thread(void* simulator, ProcId proc) {
  reset_processor(static_cast<Simulator*>(simulator), proc);
  locks_processor_started(proc);
}

// The replay's lock acquisitions and releases, in its order, for the per-lock view.
void replayed_lock_acquired(void*, ProcId proc, const SyncEvent& acquire, const LockWait& wait) {
  lock_acquired(proc, acquire.key, acquire.member, acquire.address, wait.contended, wait.waited_accesses);
}
void replayed_lock_released(void*, ProcId proc, std::uint64_t lock) { lock_released(proc, lock); }

// Where the replay engine sends what it replays: the simulator, and with --data-objects the object counts
// and the layout changes (layout_changes.h).
ReplaySink replay_sink(Simulator* sim) {
  decltype(ReplaySink::access) access = options.data_objects ? simulate_replayed_access<true> : simulate_replayed_access<false>;
  // With miss classes every shard must see every line access (their shadow logs are ordered by it:
  // core/shadow_log.h), so the simulator's own test of the line does the filtering, and the access goes
  // through the counts that follow accesses (the hand-overs' among them).
  if (options.worker_shard.count > 1 && !options.machine.miss_classes) {
    shard_line_shift = static_cast<std::uint32_t>(__builtin_ctz(options.machine.l1.line_bytes));
    const bool followed = options.timeline_unit == TimelineUnit::Accesses || options.working_set;
    const bool first_worker = options.worker_shard.owns(0);
    access = !options.data_objects          ? simulate_replayed_shard_access<false>
             : options.worker_shard_debug ? simulate_replayed_shard_access<true>
             : followed   ? (first_worker ? look_up_then_simulate_shard_access_followed<true>
                                          : look_up_then_simulate_shard_access_followed<false>)
             : first_worker ? look_up_then_simulate_shard_access<true>
                            : look_up_then_simulate_shard_access<false>;
  } else if (options.worker_shard.count > 1 && !options.worker_shard_debug) {
    access = options.data_objects ? simulate_replayed_access_followed<true> : simulate_replayed_access_followed<false>;
  }
  return ReplaySink{sim, access, start_replayed_thread, apply_recorded_layout_change, replayed_lock_acquired,
                    replayed_lock_released};
}

void handle_barrier_wait(unsigned tid, unsigned long barrier, Addr call) {
  const BarrierObject* object = barrier_objects->find(barrier);
  // A barrier whose initialization was not seen has no known count: it cannot be modelled.
  if (object == nullptr) return;
  report(tid, make_object_barrier(object->instance, object->participants, call));
}

void handle_barrier_init(unsigned long barrier, std::uint32_t count) {
  barrier_objects->find_or_add(barrier) = BarrierObject{count, next_barrier_instance++};
}

// Inside an annotated barrier the locks and barriers the preload reports are the barrier's own
// implementation (its mutex and condition variable): the annotation already stands for all of them.
bool inside_annotated_barrier(unsigned tid) { return thread_state(tid)->annotated_sync_depth > 0; }

// The live model ends the joiner's region now: the request comes before the join blocks, and what the
// thread does until the join returns is the thread library's (not simulated).
void handle_thread_join(unsigned tid, unsigned long pthread, Addr call) {
  apply_live(&live_threads[tid], thread_state(tid), make_thread_join(0, call));
  if (!records_replay_calls()) return;
  const StreamId* stream = streams_by_pthread->find(pthread);
  if (stream == nullptr) return;  // not created under ccsim, or already joined
  const StreamId joined = *stream;
  streams_by_pthread->erase(pthread);
  record_sync_event(processor_of(tid), make_thread_join(joined, call));
}

}  // namespace

void sync_init(const SyncOptions& options, Simulator* sim) {
  live_model = create_object<SyncModel>("ccsim.sync.live", EventOrder::Live);
  init_lock_statistics(VG_N_THREADS, ccsim::options.data_objects);
  live_threads = allocate_zeroed_array<SyncThread>("ccsim.sync.threads", VG_N_THREADS);
  for (unsigned tid = 0; tid < VG_N_THREADS; ++tid) {
    new (&live_threads[tid]) SyncThread();
    live_threads[tid].owner = tid;
  }
  barrier_objects = create_object<HashMap<std::uint64_t, BarrierObject>>("ccsim.sync.barrier_objects",
                                                                         "ccsim.sync.barrier_objects");
  happens_before_counts = create_object<HashMap<std::uint64_t, std::uint64_t>>("ccsim.sync.happens_before",
                                                                              "ccsim.sync.happens_before");
  signals_in_flight = create_object<HashMap<std::uint64_t, std::uint64_t>>("ccsim.sync.signals_in_flight",
                                                                           "ccsim.sync.signals_in_flight");
  signal_in_flight_of = allocate_zeroed_array<unsigned long>("ccsim.sync.signal_in_flight_of", VG_N_THREADS);
  // Made in every order: with workers the native order's stream carries the replay's calls too.
  streams_by_pthread = create_object<HashMap<std::uint64_t, StreamId>>("ccsim.sync.streams_by_pthread",
                                                                       "ccsim.sync.streams_by_pthread");
  last_created_stream = allocate_zeroed_array<StreamId>("ccsim.sync.last_created", VG_N_THREADS);
  if (options.mode == SimMode::Native) return;
  ReplayConfig config;
  config.mode = options.mode;
  config.schedule = options.schedule;
  config.quantum = options.quantum;
  config.seed = options.seed;
  config.max_buffer_bytes = options.max_buffer_bytes;
  config.max_processors = VG_N_THREADS;
  replay_engine = create_object<ReplayEngine>("ccsim.replay", config, replay_sink(sim));
}

void sync_choose_worker_sink(Simulator* sim) {
  if (replay_engine != nullptr) replay_engine->set_sink(replay_sink(sim));
}

bool records_replay_calls() { return replay_engine != nullptr || worker_recording(); }

namespace {

// What VG_USERREQ__CCSIM_RUNTIME_ENTER, _EXIT, _LOCK_ACQUIRE and _LOCK_RELEASE do (requests.h), whichever
// request carries them: the merged requests make the same calls in the same order as the requests they
// stand for.
std::uint32_t enter_runtime(ThreadState* thread) {
  const std::uint32_t depth = thread->runtime_depth++;
  refresh_unusual(thread);
  return depth;
}

void leave_runtime(ThreadState* thread) {
  if (thread->runtime_depth > 0) --thread->runtime_depth;
  refresh_unusual(thread);
}

void report_lock_acquire(unsigned tid, const unsigned long* args) {
  if (inside_annotated_barrier(tid)) return;
  report(tid, make_lock_acquire(args[1], args[2] != 0, static_cast<std::uint32_t>(args[3]), call_of(args[4])));
}

void report_lock_release(unsigned tid, const unsigned long* args) {
  if (!inside_annotated_barrier(tid)) report(tid, make_lock_release(args[1]));
}

// The counted signal thread `tid` was making has returned: it can no longer wake a wait that starts.
void signal_returned(unsigned tid) {
  const unsigned long cond = signal_in_flight_of[tid];
  if (cond == 0) return;
  signal_in_flight_of[tid] = 0;
  std::uint64_t* in_flight = signals_in_flight->find(cond);
  if (in_flight != nullptr && --*in_flight == 0) signals_in_flight->erase(cond);
}

// Thread `tid` blocks in an untimed wait on `cond` (its mutex already reported released). It cannot
// return before a signal whose call had not returned when the wait started, so it goes on after the
// signals returned by now and one more: the replay holds it there without waiting for its next events
// (which it records only when it returns), and needs them only once that signal is replayed. Its
// CONDITION_WOKEN then waits for the signals made by the time it returned, at least as many.
void condition_wait_blocks(unsigned tid, unsigned long cond) {
  const std::uint64_t* made = happens_before_counts->find(cond);
  const std::uint64_t* in_flight = signals_in_flight->find(cond);
  const std::uint64_t returned = (made != nullptr ? *made : 0) - (in_flight != nullptr ? *in_flight : 0);
  // Limit: as sync_happens_after's count, 32 bits.
  report(tid, make_happens_after(cond, static_cast<std::uint32_t>(returned + 1)));
}

}  // namespace

bool sync_handle_request(unsigned tid, unsigned long* args, unsigned long* ret) {
  if (args[0] < VG_USERREQ__CCSIM_FIRST_INTERNAL || args[0] >= VG_USERREQ__CCSIM_END_INTERNAL) return false;
  ThreadState* thread = thread_state(tid);
  *ret = 0;
  switch (static_cast<Vg_CcsimInternalRequest>(args[0])) {
    case VG_USERREQ__CCSIM_RUNTIME_ENTER:
      *ret = enter_runtime(thread);
      break;
    case VG_USERREQ__CCSIM_RUNTIME_EXIT:
      leave_runtime(thread);
      break;
    case VG_USERREQ__CCSIM_TASK_BEGIN:
      *ret = thread->runtime_depth;
      thread->runtime_depth = 0;
      refresh_unusual(thread);
      break;
    case VG_USERREQ__CCSIM_TASK_END:
      thread->runtime_depth = static_cast<std::uint32_t>(args[1]);
      refresh_unusual(thread);
      break;
    case VG_USERREQ__CCSIM_TEAM_ENTER:
      label_team_thread(tid, static_cast<std::uint32_t>(args[2]), static_cast<std::uint32_t>(args[3]));
      report(tid, make_team_enter(args[1], static_cast<std::uint32_t>(args[2]), static_cast<std::uint32_t>(args[3]),
                                  call_of(args[4])));
      break;
    case VG_USERREQ__CCSIM_TEAM_EXIT:
      report(tid, make_team_exit(call_of(args[1])));
      break;
    case VG_USERREQ__CCSIM_TEAM_BARRIER:
      report(tid, make_team_barrier(call_of(args[1])));
      break;
    case VG_USERREQ__CCSIM_LOCK_ACQUIRE:
      report_lock_acquire(tid, args);
      break;
    case VG_USERREQ__CCSIM_LOCK_RELEASE:
      report_lock_release(tid, args);
      break;
    case VG_USERREQ__CCSIM_RUNTIME_ENTER_LOCK_ACQUIRE:
      *ret = enter_runtime(thread);
      if (*ret == 0 || args[5] != 0) report_lock_acquire(tid, args);
      break;
    case VG_USERREQ__CCSIM_RUNTIME_ENTER_LOCK_RELEASE:
      *ret = enter_runtime(thread);
      if (*ret == 0) report_lock_release(tid, args);
      break;
    case VG_USERREQ__CCSIM_LOCK_ACQUIRE_RUNTIME_EXIT:
      report_lock_acquire(tid, args);
      leave_runtime(thread);
      break;
    case VG_USERREQ__CCSIM_BARRIER_INIT:
      handle_barrier_init(args[1], static_cast<std::uint32_t>(args[2]));
      break;
    case VG_USERREQ__CCSIM_BARRIER_DESTROY:
      barrier_objects->erase(args[1]);
      break;
    case VG_USERREQ__CCSIM_BARRIER_WAIT:
      if (!inside_annotated_barrier(tid)) handle_barrier_wait(tid, args[1], call_of(args[2]));
      break;
    // Hand-offs (a condition's signal and wait, a semaphore): like the locks, not inside an annotated
    // barrier's own code.
    case VG_USERREQ__CCSIM_CONDITION_SIGNAL:
      if (!inside_annotated_barrier(tid)) {
        sync_happens_before(tid, args[1]);
        ++signals_in_flight->find_or_add(args[1]);
        signal_in_flight_of[tid] = args[1];
      }
      break;
    case VG_USERREQ__CCSIM_CONDITION_SIGNALLED_RUNTIME_EXIT:
      signal_returned(tid);
      leave_runtime(thread);
      break;
    case VG_USERREQ__CCSIM_CONDITION_WAIT:
      if (!inside_annotated_barrier(tid)) condition_wait_blocks(tid, args[1]);
      break;
    case VG_USERREQ__CCSIM_CONDITION_WOKEN:
      // A wait that returned before any signal (a timeout) waits for none.
      if (!inside_annotated_barrier(tid) && happens_before_counts->find(args[1]) != nullptr) {
        sync_happens_after(tid, args[1]);
      }
      break;
    case VG_USERREQ__CCSIM_SEMAPHORE_INIT:
      if (!inside_annotated_barrier(tid)) {
        report(tid, make_semaphore_init(args[1], static_cast<std::uint32_t>(args[2])));
      }
      break;
    case VG_USERREQ__CCSIM_SEMAPHORE_POST:
      if (!inside_annotated_barrier(tid)) report(tid, make_semaphore_post(args[1]));
      break;
    case VG_USERREQ__CCSIM_SEMAPHORE_WAIT:
      if (!inside_annotated_barrier(tid)) report(tid, make_semaphore_wait(args[1]));
      break;
    case VG_USERREQ__CCSIM_THREAD_CREATED:
      if (records_replay_calls()) streams_by_pthread->find_or_add(args[1]) = last_created_stream[tid];
      break;
    case VG_USERREQ__CCSIM_THREAD_JOIN:
      handle_thread_join(tid, args[1], call_of(args[2]));
      break;
    case VG_USERREQ__CCSIM_THREAD_START:
      label_start_routine(tid, args[1]);
      break;
    case VG_USERREQ__CCSIM_ALLOCATOR_ENTER:  // the heap's requests (main.cc, heap_blocks.h)
    case VG_USERREQ__CCSIM_ALLOCATOR_EXIT:
    case VG_USERREQ__CCSIM_END_INTERNAL:
      return false;
  }
  return true;
}

void sync_annotated_barrier_init(unsigned long barrier, std::uint32_t count) { handle_barrier_init(barrier, count); }

void sync_annotated_barrier_destroy(unsigned long barrier) { barrier_objects->erase(barrier); }

void sync_annotated_barrier_wait_before(unsigned tid, unsigned long barrier, Addr where) {
  ThreadState* thread = thread_state(tid);
  if (barrier_objects->find(barrier) == nullptr && uninitialized_annotated_barrier == 0) {
    uninitialized_annotated_barrier = barrier;
  }
  if (thread->annotated_sync_depth++ == 0) handle_barrier_wait(tid, barrier, where);
  refresh_unusual(thread);
}

void sync_annotated_barrier_wait_after(unsigned tid) {
  ThreadState* thread = thread_state(tid);
  if (thread->annotated_sync_depth > 0) --thread->annotated_sync_depth;
  refresh_unusual(thread);
}

void sync_annotated_lock_acquired(unsigned tid, unsigned long lock, bool shared, Addr where) {
  report(tid, make_lock_acquire(lock, shared, CCSIM_LOCK_ANNOTATED, where));
}

void sync_annotated_lock_released(unsigned tid, unsigned long lock) { report(tid, make_lock_release(lock)); }

void sync_happens_before(unsigned tid, unsigned long object) {
  ++happens_before_counts->find_or_add(object);
  report(tid, make_happens_before(object));
}

void sync_happens_after(unsigned tid, unsigned long object) {
  const std::uint64_t* signals = happens_before_counts->find(object);
  // Limit: the count of signals travels in 32 bits; a program that signals one object more than 4e9
  // times lets a receiver through early.
  report(tid, make_happens_after(object, static_cast<std::uint32_t>(signals != nullptr ? *signals : 0)));
}

void sync_thread_created(unsigned parent_tid, unsigned child_tid) {
  // The main thread (no parent) exists from the start, in region 0 and, in the replay modes, as the
  // engine's first stream.
  SyncThread* child = &live_threads[child_tid];
  sync_live_thread_started(child, parent_tid != 0 ? &live_threads[parent_tid] : nullptr, thread_state(child_tid));
  child->owner = child_tid;
  if (parent_tid == 0) return;
  // A thread starts inside the thread library. When it was created from runtime code (an OpenMP runtime
  // starting a worker) it stays in the runtime until it runs a region body; the preload's start
  // trampoline takes a thread created by user code out of it before its start routine.
  thread_state(child_tid)->runtime_depth = thread_state(parent_tid)->runtime_depth > 0 ? 1 : 0;
  refresh_unusual(thread_state(child_tid));
  const ProcId parent = processor_of(parent_tid), child_proc = processor_of(child_tid);
  if (worker_recording()) {
    last_created_stream[parent_tid] = worker_record_thread_created(parent, child_proc);
  } else if (replay_engine != nullptr) {
    last_created_stream[parent_tid] = replay_engine->record_thread_created(parent, child_proc);
  }
}

void sync_thread_exited(unsigned tid) {
  if (thread_state(tid)->annotated_sync_depth > 0) ++threads_ended_inside_annotated_barrier;
  live_model->thread_ended(&live_threads[tid]);
  if (worker_recording()) {
    worker_record_thread_exit(processor_of(tid));
  } else if (replay_engine != nullptr) {
    replay_engine->record_thread_exit(processor_of(tid));
  }
}

void sync_flush() {
  if (replay_engine != nullptr) replay_engine->flush();
}

void sync_report_annotation_mistakes() {
  if (uninitialized_annotated_barrier != 0) {
    VG_(umsg)("ccsim: the annotated barrier at %#lx was waited at but never initialized with its thread count "
              "(CCSIM_BARRIER_INIT or drd.h's ANNOTATE_BARRIER_INIT), so it ends no region.\n",
              uninitialized_annotated_barrier);
  }
  if (threads_ended_inside_annotated_barrier > 0) {
    VG_(umsg)("ccsim: %u threads ended inside an annotated barrier (a WAIT_BEFORE without its WAIT_AFTER): their "
              "accesses after the WAIT_BEFORE were not simulated.\n", threads_ended_inside_annotated_barrier);
  }
}

void sync_finish_replay() {
  if (replay_engine == nullptr) return;
  replay_engine->finish();
  if (replay_engine->forced_orderings() > 0) {
    tool_message("ccsim: the replay let %llu waiting threads past a barrier, lock, join, semaphore or hand-off "
                 "that its own order never released; see 'forced orderings' in docs/synchronization.md.\n",
                 static_cast<ULong>(replay_engine->forced_orderings()));
  }
}

void sync_finish() {
  sync_report_annotation_mistakes();
  sync_finish_replay();
}

void sync_for_each_region_close(RegionCloseVisitor visit, void* context) {
  const SyncModel& model = replay_engine != nullptr ? replay_engine->model() : *live_model;
  for (RegionId region = 0; region < model.region_count(); ++region) visit(context, region, model.region_close(region));
}

Addr sync_region_close(RegionId region) {
  const SyncModel& model = replay_engine != nullptr ? replay_engine->model() : *live_model;
  return region < model.region_count() ? model.region_close(region) : 0;
}

std::uint64_t sync_early_flushes() { return replay_engine != nullptr ? replay_engine->early_flushes() : 0; }

void sync_live_event(ProcId proc, SyncThread* thread, ThreadState* state, const SyncEvent& event) {
  apply_live(thread, state, event);
  count_native_lock(proc, event);
}

bool sync_writer_received_handoff(ProcId writer) {
  if (replay_engine != nullptr) {
    const SyncThread* thread = replay_engine->sync_of(writer);
    return thread != nullptr && thread->received_handoff_in_region();
  }
  // Native order: the store is being simulated on the thread that makes it.
  return current_thread->received_handoff;
}

void sync_live_thread_started(SyncThread* child, const SyncThread* creator, ThreadState* state) {
  *child = SyncThread();
  live_model->start_thread(child, creator);
  publish(child, state);
}

void sync_live_thread_ended(SyncThread* thread) { live_model->thread_ended(thread); }

}  // namespace ccsim
