// log_hand_overs.h: when a worker of several hands its logs over (its shadow ops and its resident lines'
// changes: shadow_queues.h, resident_queues.h): after each chunk of the ring (worker_loop.cc) and, within a
// chunk, every 4,096 accesses.
//
// A chunk of the ring may release a replay of many more accesses than it holds: the replay keeps a thread's
// accesses until the other threads' come, and Valgrind runs one thread for a whole time slice. Handed over
// after each chunk alone, the logs grew with such a burst (perf/'s false_sharing at 2, three workers:
// 66,048 resident lines' changes at a hand-over, 12,288 with the hand-overs within chunks). Counted in
// accesses, a hand-over comes between two accesses, where a worker's objects' side may be told its miss
// classes (a safe point: shadow_queues.h).
#ifndef CCSIM_TOOL_WORKERS_LOG_HAND_OVERS_H
#define CCSIM_TOOL_WORKERS_LOG_HAND_OVERS_H

#include <cstdint>

namespace ccsim {

// How many accesses a worker simulates between two hand-overs within a chunk.
constexpr std::uint32_t kAccessesBetweenHandOvers = 4096;

// The clock of the hand-overs: the worker's hand-over, null while no log is kept (one worker, or neither
// miss classes nor the working set), and the accesses since it last ran.
struct HandOverClock {
  void (*hand_over)() = nullptr;
  std::uint32_t accesses = 0;
};
extern HandOverClock hand_over_clock;

// In a worker of several that keeps logs: `hand_over` (worker_loop.cc) runs every 4,096 accesses from now
// on. The access paths that call count_access_for_hand_overs() are the workers' own (threads/sync.cc,
// workers/worker_native.cc): the inline path is untouched.
void start_hand_over_clock(void (*hand_over)());

// Between two accesses, before the next is simulated (and before the resident lines' log numbers it:
// resident_lines.h). On the worker's path of every access while logs are kept: an increment and a compare
// (inline, since a call would cost more than the test), the hand-over once in 4,096.
inline void count_access_for_hand_overs() {
  if (++hand_over_clock.accesses <= kAccessesBetweenHandOvers || hand_over_clock.hand_over == nullptr) return;
  hand_over_clock.accesses = 1;
  hand_over_clock.hand_over();
}

}  // namespace ccsim

#endif
