// order.h: the orders in which ccsim can simulate the threads' accesses (--sim-mode, --schedule).
// docs/synchronization.md explains each and why the replayed orders exist.
#ifndef CCSIM_REPLAY_ORDER_H
#define CCSIM_REPLAY_ORDER_H

namespace ccsim {

enum class SimMode {
  Native,       // as Valgrind executes them (its scheduler switches threads coarsely)
  Interleaved,  // buffered per thread and replayed a few accesses per thread per turn
  Piped,        // buffered and replayed one thread's whole segment between synchronizations at a time
};

// Which thread takes the next turn of an interleaved replay.
enum class Schedule {
  RoundRobin,  // threads in processor order
  Random,      // a seeded pseudo-random choice among the threads that can run
};

}  // namespace ccsim

#endif
