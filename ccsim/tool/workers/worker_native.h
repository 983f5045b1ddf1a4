// worker_native.h: --sim-threads=1 in the native order (docs/parallel-simulation.md, section 7). Valgrind's
// serial order is itself the stream: the tool records each access with its processor, as in the replay
// orders (worker_recorder.h: the same records, the same hot path), and the worker simulates it at once
// with the native helpers' own body (access_helpers.h, native_access) on its record of the processor's
// thread, which holds what that body reads besides the access: the thread's region and lock count, and
// the hit path's lookup of its processor.
//
// What changes those travels at its position in the stream, as the engine's calls do in the replay
// orders: each synchronization event (the worker's copy of the live synchronization model takes it, and
// the native order's lock statistics: sync.h, sync_live_event), a thread's creation (it starts in its
// creator's region, with cold lookups; a processor given again past Valgrind's --max-threads is reset, as
// the tool resets it inline) and its exit. The records are sent when those change, never per access. So
// the worker makes the calls --sim-threads=0 makes inline, in the same order, and its regions, region
// closes (which the phases fold by during the run), critical flags and lock counts are the same at every
// point.
//
// The stream is the same in every order (threads/sync.h, records_replay_calls()): it also carries what
// only a replay needs, which this worker passes over. A layout change names its thread's processor and
// is applied at once, at its place among the accesses (layout_changes.h, change_layout_of); a freed
// block's mark and its reuse are ignored, and so are the joined thread's stream and the allocations
// noted for accesses that reach a block out of order (out_of_order_blocks.h, not kept in the native
// order). So a stream recorded in any order, and the trace that keeps it, is simulated in this one.
#ifndef CCSIM_TOOL_WORKERS_WORKER_NATIVE_H
#define CCSIM_TOOL_WORKERS_WORKER_NATIVE_H

#include <cstdint>

#include "ccsim/core/types.h"
#include "ccsim/tool/instrumentation/access_helpers.h"
#include "ccsim/tool/instrumentation/references.h"
#include "ccsim/tool/workers/stream_records.h"

namespace ccsim {

class Simulator;

// In the worker, before it serves the first chunk: its record of every processor's thread (processor 0,
// the main thread's, exists from the start), and the access functions for --data-objects.
void start_native_worker(Simulator* simulator);

// Applies one native-order record: a `Processor` record (its thread becomes current_thread), a
// synchronization event, a thread's creation or exit; passes a freed block's mark or reuse over. False
// when `op` is none of them.
bool apply_native_record(StreamOp op, const std::uint32_t* payload);

// The native helpers' body of each access kind, for the run's --data-objects (start_native_worker).
extern NativeAccess native_accesses[3];

// One recorded access of the thread of the last `Processor` record, simulated now. The worker's hot path:
// an array load for the reference, a call through the kind's pointer.
inline void simulate_recorded_access(RefId ref, Addr addr, std::uint32_t size, AccessKind kind) {
  native_accesses[static_cast<int>(kind)](reference(ref), addr, size);
}

}  // namespace ccsim

#endif
