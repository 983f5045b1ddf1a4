// worker_loop.h: a simulation worker's main loop (--sim-threads): it takes the ring's chunks in order
// and makes each recorded call on its copy of the replay engine (stream_records.h), whose sink is the
// tool's own (the simulator, the lock statistics), or in the native order simulates each access at once
// as the native helpers do inline (worker_native.h); at the end it applies the hand-over
// (worker_handover.h), finishes the replay and writes the profile and the exit summary with the tool's
// own writer, exactly as the tool's exit function does with --sim-threads=0. With several workers each
// simulates its own line shards, and the first adds the others' counts to its own before it writes
// (shard_counts.h).
#ifndef CCSIM_TOOL_WORKERS_WORKER_LOOP_H
#define CCSIM_TOOL_WORKERS_WORKER_LOOP_H

#include "ccsim/tool/valgrind_api.h"
#include "ccsim/tool/workers/shared_ring.h"

namespace ccsim {

class Simulator;

// In the forked worker. Blocks every signal, serves the ring, and ends the process (it never returns):
// after the profile is written, or as soon as the tool's process `tool_pid` is gone. When the client
// forks, it forks too (worker_process.h); its child serves the client child's ring and ends likewise
// when that process is gone.
// `index`: which of the ring's workers this is; with several, it simulates shards_of_worker()'s line
// shards, and the first writes the profile from every worker's counts (shard_counts.h).
__attribute__((noreturn)) void run_simulation_worker(SharedRing* ring, Int tool_pid, Simulator* simulator,
                                                     std::uint32_t index);

}  // namespace ccsim

#endif
