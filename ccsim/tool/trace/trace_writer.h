// trace_writer.h: --trace-out=FILE, the recorded stream kept in a file (docs/traces.md). The stream the
// simulation workers read from the ring (workers/shared_ring.h) is everything the simulation needs past
// the tool's start-up state, so the trace is that stream, chunk by chunk, behind a header that says how
// to rebuild the start-up state (the program, its arguments, Valgrind's arguments: ccsim/trace/format.h).
// The first worker writes it, as it takes each chunk, into a pipe to a `zstd` child (zstd_process.h),
// whose output is the file: the program's threads pay nothing for it.
//
// The file is opened by the tool before the program runs (a bad name stops the run at once, in one
// sentence), so the workers inherit it; zstd writes it. As the profile, it is written into a temporary
// file beside its name and renamed over it once whole (output/temporary_file.h); a device or a pipe is
// written in place. When zstd fails (a full disk), the worker goes on simulating, removes the temporary
// file (a trace already under the name is left as it was) and says why at the end; the run then exits
// non-zero, with its profile written.
#ifndef CCSIM_TOOL_TRACE_TRACE_WRITER_H
#define CCSIM_TOOL_TRACE_TRACE_WRITER_H

#include <cstdint>

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

// In the tool, before the program runs: expands --trace-out's name (%p, %q{VAR}), opens the file for
// writing (truncated) and finds the zstd program; one sentence and exit 1 when either fails.
void open_trace_out(const HChar* name);
// In the tool, once its workers are forked: the tool's own copy of the file is closed (the first worker
// has one).
void close_trace_out_in_tool();

// In the first worker, before it takes a chunk: starts zstd and writes the header (`tool_pid`: the
// process the program runs in). Does nothing without --trace-out.
void start_trace_writer(Int tool_pid);
// Whether this worker writes the trace (the first, with --trace-out, until zstd failed).
bool trace_writer_on();
// The chunk the worker is about to serve, appended to the trace.
void trace_chunk(const std::uint32_t* words, std::uint32_t used);
// At the end, after the last chunk: closes the stream and waits for zstd. Returns whether the trace is
// whole; otherwise the partial file is removed and the reason is in the run's messages (tool_message).
bool finish_trace_writer();
// In a worker forked for the client's child (worker_process.h): the trace is the parent's; this copy
// closes its end of the pipe and writes nothing.
void leave_trace_to_parent();

}  // namespace ccsim

#endif
