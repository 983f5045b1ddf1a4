// sync.h: the tool's side of the client's synchronization. It answers the preload's client requests
// (ccsim/sync/requests.h), keeps each thread's region, lock count and runtime depth current in its
// ThreadState (threads.h), and in the interleaved and piped modes records every simulated access and
// synchronization event for the replay engine, which feeds the simulator in its own order.
#ifndef CCSIM_TOOL_SYNC_H
#define CCSIM_TOOL_SYNC_H

#include <cstdint>

#include "ccsim/core/types.h"
#include "ccsim/replay/order.h"
#include "ccsim/replay/replay_engine.h"

namespace ccsim {

class Simulator;
struct ThreadState;

// --sim-mode, --quantum, --schedule, --seed, --max-buffer, --trace-runtime.
struct SyncOptions {
  SimMode mode;
  std::uint32_t quantum;
  Schedule schedule;
  std::uint64_t seed;
  std::uint64_t max_buffer_bytes;
  bool trace_runtime;
};

// After the options are parsed; `sim` receives the replayed accesses in the interleaved and piped modes.
void sync_init(const SyncOptions& options, Simulator* sim);
// In a simulation worker of several, once `sim` is narrowed to the worker's line shards: the replay's sink
// for them, chosen again (sync_init chose it in the tool's process, whose simulator owns every shard, and
// so made every worker count reads and writes as only the first must). No-op in the native order.
void sync_choose_worker_sink(Simulator* sim);
// Handles one client request of the preload; returns false when `args[0]` is not one of them.
bool sync_handle_request(unsigned tid, unsigned long* args, unsigned long* ret);
// Synchronization the program marked itself (annotations.cc decodes the requests). A barrier is an object
// barrier of `count` threads; between WAIT_BEFORE and WAIT_AFTER the thread runs the barrier's own code:
// its accesses are excluded like the runtimes' (`skipped: runtime`) and the locks it takes there are
// not critical sections. A user lock is a critical section. A hand-off orders the replay: the receiver's
// HappensAfter waits for as many of the object's HappensBefore as the program had performed when it
// received (counted here, in real time).
void sync_annotated_barrier_init(unsigned long barrier, std::uint32_t count);
void sync_annotated_barrier_destroy(unsigned long barrier);
void sync_annotated_barrier_wait_before(unsigned tid, unsigned long barrier, Addr where);
void sync_annotated_barrier_wait_after(unsigned tid);
void sync_annotated_lock_acquired(unsigned tid, unsigned long lock, bool shared, Addr where);
void sync_annotated_lock_released(unsigned tid, unsigned long lock);
void sync_happens_before(unsigned tid, unsigned long object);
void sync_happens_after(unsigned tid, unsigned long object);
// Valgrind's thread events (parent 0: the main thread at start-up).
void sync_thread_created(unsigned parent_tid, unsigned child_tid);
void sync_thread_exited(unsigned tid);

// The interleaved and piped modes' engine (null in native mode).
extern ReplayEngine* replay_engine;

// Whether the replay engine's recording calls are made: on the engine here (the replay orders inline), or
// into the workers' stream, in every order (worker_recorder.h). The native order's worker ignores what
// only a replay needs (freed blocks' marks, reuses, the threads' streams), and so a stream, and the
// trace that keeps it, can be simulated in any order (docs/traces.md). Then the joined thread's stream
// is known, a freed block's reuse is recorded (reused_memory.h), and a layout change waits for its
// place in the thread's stream (layout_changes.h).
bool records_replay_calls();

// Interleaved/piped: records one access of the running thread for replay. The hot path: inlined down
// to a bounds check and three stores (ReplayEngine::record_access).
inline void sync_record_access(ProcId proc, RefId ref, Addr addr, std::uint32_t size, AccessKind kind) {
  replay_engine->record_access(proc, ref, addr, size, kind);
}

// Mid-run, before CCSIM_ZERO_STATS drops the counts: replays what the buffers hold so far (without
// waiting for threads that have not recorded their next events). The run continues.
void sync_flush();

// Whether the thread whose store is simulated now on `writer` received a hand-off (a semaphore wait, an
// annotated HAPPENS_AFTER) in its current region, in the order simulated: the unlocked shared writes'
// diagnosis leaves such a store out (docs/model.md, "Unlocked shared writes").
bool sync_writer_received_handoff(ProcId writer);
// At client exit: replays everything still buffered. Recording must not continue afterwards.
// sync_finish() is the two halves: the annotation mistakes told (by the tool's process), and the rest
// replayed (by whoever holds the replay engine: the tool, or its simulation worker).
void sync_finish();
void sync_report_annotation_mistakes();
void sync_finish_replay();

// After sync_finish: the barrier that closed each region (an address inside the client's call of it,
// 0 if unknown), and how often the buffer cap forced an early replay.
using RegionCloseVisitor = void (*)(void* context, RegionId region, Addr barrier_address);
void sync_for_each_region_close(RegionCloseVisitor visit, void* context);
std::uint64_t sync_early_flushes();
// During or after the run, in the order the simulator sees events (the replay's model in the interleaved
// and piped modes): the barrier that closed `region`, 0 while it is open (or when unknown).
Addr sync_region_close(RegionId region);

// The native order with --sim-threads=1, in the simulation worker (workers/worker_native.h): the live
// model's part of the tool's calls above, made again on the worker's copy of the model at their position
// in the stream, for the worker's record of a processor's thread (`thread`; its region and lock count
// are published to `state`, which the native access path reads), and the native order's lock statistics.
// The tool's native order runs the same code inline. So the worker's regions, critical flags, region
// closes and lock counts are those of --sim-threads=0 at every point of the stream.
void sync_live_event(ProcId proc, SyncThread* thread, ThreadState* state, const SyncEvent& event);
// A thread starts in its creator's region (creator null: the main thread, region 0).
void sync_live_thread_started(SyncThread* child, const SyncThread* creator, ThreadState* state);
void sync_live_thread_ended(SyncThread* thread);

}  // namespace ccsim

#endif
