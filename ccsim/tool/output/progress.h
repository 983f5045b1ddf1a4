// progress.h: a long run says it is alive. Every --ccsim-progress-interval seconds one line goes to
// Valgrind's message stream (stderr unless --log-file/--log-fd):
//   ccsim progress: <elapsed> s, <n> accesses simulated (<rate>/s), <t> threads, replay buffer <b> of <cap> MiB
// <n> counts the accesses the simulator has seen (in the interleaved and piped orders, buffered accesses
// count once they are replayed); <rate> is over the last interval; <t> the threads started so far; the
// replay buffer is what the interleaved/piped recording holds now, against --max-buffer (native order:
// "no replay buffer (native order)"). docs/building.md ("Long runs") describes it for users.
#ifndef CCSIM_TOOL_OUTPUT_PROGRESS_H
#define CCSIM_TOOL_OUTPUT_PROGRESS_H

#include <cstdint>

namespace ccsim {

class Simulator;

// After the options: `interval_seconds` is effective_progress_interval()'s answer (0: never report).
void init_progress(const Simulator* simulator, std::uint32_t interval_seconds);

// True when Valgrind's messages go to a terminal (the default of the interval depends on it).
bool messages_on_terminal();

namespace progress_detail {
// Valgrind's count of superblocks run at which the clock is next read; ~0 when progress is off.
extern std::uint64_t next_clock_check_blocks;
void check_clock(std::uint64_t blocks_done);
}  // namespace progress_detail

// Called each time Valgrind is about to run client code (threads.cc), with its count of superblocks run
// so far. That happens at every thread switch, system call and at least once per scheduling quantum
// (100,000 superblocks), so it is frequent enough but never per access. The hot path is one compare:
// the clock is read (a system call) at most once per 100,000 superblocks.
inline void progress_tick(std::uint64_t blocks_done) {
  if (__builtin_expect(blocks_done >= progress_detail::next_clock_check_blocks, 0)) {
    progress_detail::check_clock(blocks_done);
  }
}

}  // namespace ccsim

#endif
