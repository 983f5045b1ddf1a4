// thread_events.h: start-up of the thread table (threads.h) and questions about it asked at exit.
#ifndef CCSIM_TOOL_THREAD_EVENTS_H
#define CCSIM_TOOL_THREAD_EVENTS_H

#include <cstdint>

namespace ccsim {

class Simulator;

// Allocates the table (VG_N_THREADS entries) and registers Valgrind's thread callbacks.
void init_threads(Simulator* simulator);
// The highest thread id that ever ran (threads are numbered 1..this in the output).
std::uint32_t threads_that_ran();

}  // namespace ccsim

#endif
