// worker_process.h: the simulation worker's life, seen from the tool (--sim-threads=1,
// docs/parallel-simulation.md). At start-up, before the client runs, the tool maps the ring
// (shared_ring.h) and forks: the child is a copy of the whole tool at the same addresses, its replay
// engine, simulator and observers included, and becomes the worker (worker_loop.h). From then on the
// program's process only records into the ring (worker_recorder.h); the worker makes the recorded calls,
// and at the end writes the profile with the tool's own writer and leaves its messages for the tool to
// print.
//
// Bounded: the ring holds at most ring_chunks() chunks; when all are in use the program's thread (which
// holds Valgrind's lock, so every client thread) sleeps until the worker frees one. Robust: while it
// waits, the tool checks every 200 ms that the worker lives (waitpid, no hang); a worker that died, or
// took no chunk for kHangSeconds, ends the run with one sentence and a non-zero exit. The worker blocks
// every signal, never runs client code, and ends when the tool's process is gone (it watches getppid).
#ifndef CCSIM_TOOL_WORKERS_WORKER_PROCESS_H
#define CCSIM_TOOL_WORKERS_WORKER_PROCESS_H

#include <cstdint>

#include "ccsim/tool/workers/shared_ring.h"

namespace ccsim {

class Simulator;

// The ring's size for a --max-buffer of `max_buffer_bytes`: a quarter of it, at least 4 chunks and at
// most 8 MiB (128 chunks). The replay's own buffers, in the worker, keep the whole --max-buffer: the
// early flushes must be those of --sim-threads=0.
std::uint32_t ring_chunks(std::uint64_t max_buffer_bytes);

// post_clo_init, last: maps the ring and forks the worker; in the tool, recording for it starts. Stops
// Valgrind with one sentence when the ring cannot be mapped or the fork fails.
void start_simulation_worker(Simulator* simulator, std::uint64_t max_buffer_bytes);

// The tool's side of the ring: the chunk to fill next (waiting for the worker when every chunk is in
// use), and the hand-over of a filled one.
RingChunk* take_chunk_to_fill();
void hand_over_filled_chunk(std::uint32_t used_words);

// At the client's exit: hands the rest over, waits for the worker to write the profile, prints its
// messages, reaps it. Returns whether the profile was written.
bool finish_simulation_worker();

// For the progress lines: accesses the worker has taken, and the ring's bytes in use and in all.
std::uint64_t worker_accesses_received();
std::uint64_t worker_ring_bytes_in_use();
std::uint64_t worker_ring_bytes();

// Debug (--sim-worker-fail-after): the worker kills itself after taking this many chunks (0: never).
extern std::uint32_t worker_fail_after_chunks;
// Debug (--sim-worker-stall-after): the worker stops taking chunks, and sleeps, after this many (0: never).
extern std::uint32_t worker_stall_after_chunks;
// How long the worker may make no progress (take no chunk, use no CPU time) while the tool waits for it,
// before it is taken as hung (--sim-worker-hang-seconds, debug; 300 by default: one chunk can start an
// early flush of the whole --max-buffer, a few seconds of replay, and the end writes the profile).
extern std::uint32_t worker_hang_seconds;

}  // namespace ccsim

#endif
