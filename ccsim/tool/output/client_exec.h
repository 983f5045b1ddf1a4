// client_exec.h: the program's exec. An exec replaces the program's image, and Valgrind calls no tool
// exit function for it: without this, everything the image did was lost with no word. So before an exec
// that will replace the image, the tool ends the run of that image as at an exit (the simulation is
// finished, the exit summary printed, the profile written) and says why, then lets the exec go on.
//
// "Will replace": Valgrind checks an exec before it commits to it, and a check that fails returns an
// error to the program, which goes on (execvp tries each directory of PATH in turn). Past its checks it
// cannot go back (a failing exec then ends Valgrind). The tool sees the call before those checks, so it
// makes the same ones (Valgrind 3.19's PRE(sys_execve)): the arguments readable, the file executable
// (VG_(pre_exec_check), setuid allowed only when the new program is not traced), and, when
// --trace-children=yes follows it, a launcher to run it with. An execveat relative to a directory
// descriptor (fexecve among them) is not checked that way: its image's profile is lost, as it was before.
//
// A process the program forked writes no profile at its exec: until the fork its counts are its parent's,
// which the parent's profile has, and what it does between fork and exec is a few accesses (system(),
// popen, posix_spawn; Valgrind's own log loses that stretch likewise). With --sim-threads=1 its worker is
// told to end.
//
// With --trace-children=yes the new image runs under ccsim too, in the same process, so the same pid:
// profile_file.h gives its profile another name ("<name>.2", ".3", ...), not the earlier image's.
#ifndef CCSIM_TOOL_OUTPUT_CLIENT_EXEC_H
#define CCSIM_TOOL_OUTPUT_CLIENT_EXEC_H

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

// At start-up: notes from now on whether this process is one the program forked (Valgrind's atfork).
void init_client_exec();

// Valgrind's pre-system-call hook: whether this call is an exec Valgrind will carry out (the checks
// above), with the path of the program it runs in `*path`.
bool exec_replaces_image(UInt syscall_number, const UWord* args, UInt arg_count, const HChar** path);

// Whether this process was forked by the program (so an exec writes no profile).
bool forked_by_program();

// After the system call: an exec the tool wrote the profile for, which failed after all (Valgrind's
// checks disagreed with the tool's). The simulation has ended, so the run cannot go on: one sentence and
// exit 1 (the profile up to the exec is written).
void exec_failed_after_profile(UInt syscall_number, SysRes result);
// Before the exec: the profile of the image is being written (the next call's failure is the one above).
void note_profile_written_for_exec();

}  // namespace ccsim

#endif
