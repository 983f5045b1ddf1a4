// worker_handover.h: at the client's exit, the tables the tool kept while the client ran and the profile
// writer reads, sent to the simulation worker before it writes the profile (stream_records.h):
//   - the references made after the fork (the instructions instrumented since, and the calls of
//     synchronization events: their names are resolved by the tool, which has Valgrind's debug
//     information of every library loaded since), and every reference's spin-wait count;
//   - each processor's thread label (start routine, OpenMP team place);
//   - each thread's counters of skipped accesses (stack, runtime, spin) and the thread table's totals.
// The counts themselves (the simulator's, the locks', the regions') are the worker's: it made them.
// Nothing else the writer reads changes after the fork with --data-objects=no, the only setting
// --sim-threads=1 takes for now (docs/parallel-simulation.md, section 6).
#ifndef CCSIM_TOOL_WORKERS_WORKER_HANDOVER_H
#define CCSIM_TOOL_WORKERS_WORKER_HANDOVER_H

#include <cstdint>

#include "ccsim/tool/workers/stream_records.h"

namespace ccsim {

// In the tool, before the worker is forked: the references that exist then are the worker's too.
void note_references_at_fork();
// In the tool, at exit: appends the hand-over to the stream.
void hand_over_tool_tables();
// In the worker: applies one hand-over record (`payload_words` words at `payload`).
void apply_handover(StreamOp op, const std::uint32_t* payload, std::uint32_t payload_words);

}  // namespace ccsim

#endif
