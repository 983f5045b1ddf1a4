// thread_events.h: start-up of the thread table (threads.h) and questions about it asked at exit.
#ifndef CCSIM_TOOL_THREAD_EVENTS_H
#define CCSIM_TOOL_THREAD_EVENTS_H

#include <cstdint>

namespace ccsim {

class Simulator;

// Allocates the table (VG_N_THREADS entries) and registers Valgrind's thread callbacks.
void init_threads(Simulator* simulator);
// Once the run of this image has ended before an exec (output/client_exec.h): the threads Valgrind creates
// or ends from then on are no longer followed.
void stop_following_threads();
// The processors that threads ran on (threads are numbered 1..this in the output, in creation order).
std::uint32_t threads_that_ran();
// The threads the program created, the main thread included: more than threads_that_ran() when it
// created more than --max-threads over its run and later threads took the processors of exited ones.
std::uint32_t threads_created();
// At exit: tells the user when threads had to share processors (threads_created() > threads_that_ran()).
void report_thread_limit();
// The highest Valgrind thread id ever used, for sums over the thread table (thread_state()).
std::uint32_t thread_ids_used();
// The table's totals as the tool counted them, and a simulation worker's copy (workers/worker_handover.h):
// processors given and threads that took an exited thread's processor.
void thread_totals(std::uint32_t* processors_given, std::uint32_t* threads_on_reused_processors);
void set_thread_totals(std::uint32_t processors_given, std::uint32_t threads_on_reused_processors);

}  // namespace ccsim

#endif
