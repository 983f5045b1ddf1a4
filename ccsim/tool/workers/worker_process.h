// worker_process.h: the simulation workers' life, seen from the tool (--sim-threads,
// docs/parallel-simulation.md). At start-up, before the client runs, the tool maps the ring
// (shared_ring.h) and forks: each child is a copy of the whole tool at the same addresses, its replay
// engine, simulator and observers included, and becomes a worker (worker_loop.h). They are forked through
// a go-between that ends at once, so that they are no children of the program's process, whose wait(-1)
// must not find them. From then on the program's process only records into the ring
// (worker_recorder.h); every worker makes the recorded calls, and at the end the first writes the profile
// with the tool's own writer (with several, from every worker's counts: shard_counts.h) and leaves its
// messages for the tool to print.
//
// Bounded: the ring holds at most ring_chunks() chunks; when all are in use the program's thread (which
// holds Valgrind's lock, so every client thread) sleeps until the slowest worker frees one. Robust: while it
// waits, the tool checks every 200 ms that every worker that owes its part lives (process_watch.h); a
// worker that died, or no progress of any worker for worker_hang_seconds, ends the run with one sentence
// and a non-zero exit. The workers block every signal, never run client code, and end when the tool's
// process is gone (they watch it likewise).
//
// The client's fork. A forked child is a copy of the tool as it is at the fork, and with
// --sim-threads=0 it writes its own profile from that state; here that state is the worker's at the
// fork's point of the stream. So before the client's fork (Valgrind's atfork "pre" callback) the tool
// maps a second ring for the child (a named file in /dev/shm), appends a ClientFork operation naming it,
// and waits until every worker has answered: each maps that ring and forks itself at exactly that
// point of the stream, and its child, holding exactly the state an inline tool has at the client's fork,
// serves the new ring while the worker goes on with the parent's. The tool then removes the name (both
// sides have mapped the file; the client's child inherits the tool's mapping). In the client's child
// (the atfork "child" callback) the tool records into the new ring and writes its pid into the ring's
// header, for the new worker to watch that process; the child's tool watches the new worker. The parent
// unmaps the child's ring after the fork; a fork that failed (no "parent" callback follows) is marked
// abandoned in that ring at the parent's next record, and its worker ends. When the worker cannot fork,
// the child records into a chunk nobody reads, writes no profile, and says why at its exit.
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

// post_clo_init, last: maps the ring and forks `workers` workers; in the tool, recording for them starts.
// Stops Valgrind with one sentence when the ring cannot be mapped or a fork fails.
void start_simulation_worker(Simulator* simulator, std::uint64_t max_buffer_bytes, std::uint32_t workers);

// The tool's side of the ring: the chunk to fill next (waiting for the worker when every chunk is in
// use), and the hand-over of a filled one.
RingChunk* take_chunk_to_fill();
void hand_over_filled_chunk(std::uint32_t used_words);

// At the client's exit: hands the rest over, waits for the worker to write the profile, prints its
// messages, reaps it. Returns whether the profile was written. A worker that dies or hangs meanwhile (or
// at any other wait) ends the run with one sentence and the exit status of a lost profile: the program's
// own code if it has exited with one that is not 0 (exit_status.h), else 1. With --trace-out, also whether
// the trace was written whole.
bool finish_simulation_worker();
// The second half of that: waits for the first worker to write the profile (the stream's Finish already
// handed over), prints its messages. Returns whether the profile (and a --trace-out trace) was written.
bool await_simulation_end();

// For the progress lines: accesses the worker has taken, and the bytes of the ring's chunks in use and in all.
std::uint64_t worker_accesses_received();
std::uint64_t worker_ring_bytes_in_use();
std::uint64_t worker_ring_bytes();

// Debug (--sim-worker-fail-after): the worker kills itself after taking this many chunks (0: never);
// (--sim-forked-worker-dies) a worker forked for a process the program forked kills itself at once.
extern std::uint32_t worker_fail_after_chunks;
extern bool forked_worker_dies;
// Debug (--sim-worker-dies-at-end): the worker kills itself when told to finish, after the program exited.
extern bool worker_dies_at_end;
// Debug (--sim-worker-stall-after): the worker stops taking chunks, and sleeps, after this many (0: never).
extern std::uint32_t worker_stall_after_chunks;
// How long the worker may make no progress (take no chunk, use no CPU time) while the tool waits for it,
// before it is taken as hung (--sim-worker-hang-seconds, debug; 300 by default: one chunk can start an
// early flush of the whole --max-buffer, a few seconds of replay, and the end writes the profile).
extern std::uint32_t worker_hang_seconds;

}  // namespace ccsim

#endif
