// process_stat.h: a process's line in /proc/<pid>/stat (proc(5)), read with Valgrind's own calls, for the
// few facts the tool asks the kernel about a process: whether it has ended and its CPU time (a simulation
// worker and the process it serves watch each other, workers/process_watch.h), and when this process
// started (an exec keeps it: output/client_exec.h tells the images of one process apart by it); and the
// CPUs this process may run on.
#ifndef CCSIM_TOOL_PROCESS_STAT_H
#define CCSIM_TOOL_PROCESS_STAT_H

#include <cstdint>

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

// Reads /proc/<pid>/stat, "pid (comm) state ...", into `text` (`capacity` bytes); returns where the fields
// after the command name start (the space before field 3, the state), or null when it cannot be read.
// comm may hold anything, so the fields are counted from its last ')'.
const HChar* read_process_stat(int pid, HChar* text, Int capacity);

// The field numbered `number` (3 or more, as proc(5) numbers them) of a stat line whose fields start at
// `fields` (read_process_stat), or null when the line is shorter. Fields are separated by one space.
const HChar* process_stat_field(const HChar* fields, int number);

// How many CPUs this process may run on (its affinity mask, sched_getaffinity(2): `taskset -c 0` makes it
// 1); 0 when the kernel does not say.
std::uint32_t usable_cpus();

}  // namespace ccsim

#endif
