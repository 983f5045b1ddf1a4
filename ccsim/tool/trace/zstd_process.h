// zstd_process.h: the `zstd` program, which compresses and decompresses ccsim's traces (docs/traces.md).
// A Valgrind tool cannot link libzstd (no C library inside Valgrind), so the tool runs Debian's `zstd`
// (the library's own program) as a child process and talks to it through a pipe.
#ifndef CCSIM_TOOL_TRACE_ZSTD_PROCESS_H
#define CCSIM_TOOL_TRACE_ZSTD_PROCESS_H

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

// The zstd program's path: the first `zstd` in $PATH that exists, else /usr/bin/zstd; null when neither
// exists.
const HChar* zstd_program();

// Starts `zstd <arguments>` (a null-terminated list, the program's name first) with `input` as its
// standard input and `output` as its standard output, its messages to /dev/null (the tool says what
// went wrong in its own words). The child closes every descriptor in `close_in_child` (-1 ends the list)
// before it runs zstd. Returns the child's pid, or -1 when it could not fork.
Int start_zstd(const HChar* program, const HChar* const* arguments, Int input, Int output, const Int* close_in_child);

// Starts `zstd -d` on the open file `file` (which it closes): returns the read end of a pipe carrying
// the decompressed bytes (in Valgrind's range of descriptors), and zstd's pid in `*pid`; -1 when no pipe
// or no child could be made.
Int start_decompressing(const HChar* program, Int file, Int* pid);

// Waits for that child; returns whether it exited with 0, and its exit code (or 128 + signal) in `*code`.
bool zstd_succeeded(Int pid, Int* code);

// Writes `bytes` bytes to `fd`, as many calls as it takes; false on an error (a closed pipe among them:
// the caller blocks SIGPIPE or has it ignored).
bool write_fully(Int fd, const void* data, SizeT bytes);
// Reads exactly `bytes` bytes from `fd`; false at the end of the input or on an error.
bool read_fully(Int fd, void* data, SizeT bytes);

}  // namespace ccsim

#endif
