// exit_status.h: the run's exit status when ccsim could not write the profile. The rule (docs/output-format.md,
// --help): the client's exit code, unless it was 0, then 1; a client killed by a signal still dies of
// that signal. So a failed profile is never hidden behind a 0, and a failing client's code is kept.
#ifndef CCSIM_TOOL_OUTPUT_EXIT_STATUS_H
#define CCSIM_TOOL_OUTPUT_EXIT_STATUS_H

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

// Valgrind's system-call hooks (VG_(needs_syscall_wrapper)): exit_group's argument is the process's exit
// code, which Valgrind does not pass to the tool's exit function (it passes 0).
void note_exit_code_before_syscall(ThreadId tid, UInt syscall_number, UWord* args, UInt arg_count);
void after_syscall(ThreadId tid, UInt syscall_number, UWord* args, UInt arg_count, SysRes result);

// Called last in the tool's exit function when the profile was not written: exits with the client's
// code, or 1 when it was 0. Returns (and Valgrind goes on to kill itself with the signal) when the
// client did not exit through exit_group, i.e. it was killed by a signal.
void exit_for_lost_profile();

}  // namespace ccsim

#endif
