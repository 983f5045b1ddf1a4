// process_watch.h: whether another process of the run still lives, when it is not this process's child
// (waitpid cannot ask): a simulation worker and the forked client's process it serves are not parent and
// child (worker_process.h: the worker was forked by the worker of the client's parent), yet each must
// notice when the other is gone.
#ifndef CCSIM_TOOL_WORKERS_PROCESS_WATCH_H
#define CCSIM_TOOL_WORKERS_PROCESS_WATCH_H

#include <cstdint>

namespace ccsim {

// Whether `pid` has ended: kill(pid, 0) finds no such process, or /proc says it is a zombie (ended, not
// yet reaped by its parent: kill still finds it) with no thread left (a zombie leader whose other threads
// run is a live process). For a zombie, `*wait_status` gets its status in
// waitpid's form and `*status_known` is set; otherwise `*status_known` is cleared.
bool process_gone(int pid, int* wait_status, bool* status_known);

// The CPU time `pid` has used so far, in clock ticks (user + system: /proc/<pid>/stat's 14th and 15th
// fields); 0 when it cannot be read.
std::uint64_t process_cpu_ticks(int pid);

// SIGKILL to `pid` (the tool interface has no kill: a raw system call).
void kill_process(int pid);

// In a worker, when the tool's process it serves is gone (killed outright: it ended no run): nothing the
// worker would send will be read. Removes the unfinished trace (trace_writer.h) and exits with code 2.
__attribute__((noreturn)) void end_worker_without_tool();

}  // namespace ccsim

#endif
