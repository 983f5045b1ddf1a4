// placement_starts.h: the placement watch's start with several workers of line shards (--sim-threads
// above 1 with --data-objects=yes; docs/parallel-simulation.md, section 9).
//
// A heap block's placement prediction starts, at a second thread's first access, from the first thread's
// copies of the block's lines as the simulated caches hold them (placement_watch.h), and those lines lie
// in every worker's shards. Every worker looks up every access, so every worker sees each start at the
// same point of the replay; each other worker then sends the first, line by line, its own lines' bytes
// (a line's word, with its low bit set when the thread holds bytes there, then the mask's words) through
// its queue in the ring (PlacementQueue); the first reads them in the block's order, waiting for a worker
// that is behind, and its prediction is the run's (the others' are made, unused). A worker never waits
// for the first except for room in its queue, which the first empties start by start, so no wait is
// circular. Costs nothing in a run that watches no block; the queues' pages are touched only when used.
#ifndef CCSIM_TOOL_WORKERS_PLACEMENT_STARTS_H
#define CCSIM_TOOL_WORKERS_PLACEMENT_STARTS_H

#include <cstdint>

namespace ccsim {

class SharedRing;

// In worker `index` of `workers` (2 or more), serving `ring`: the placement watch reads the first
// thread's copies through the queues from now on. `run_over` is asked, when a wait times out, whether
// the run is over (the tool's process gone): the worker then ends.
void start_placement_starts(const SharedRing* ring, std::uint32_t index, bool (*run_over)());
// A worker forked for the client's child serves the child's ring from now on (its queues are new).
void placement_starts_ring(const SharedRing* ring);

}  // namespace ccsim

#endif
