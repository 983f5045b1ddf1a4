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
//
// A process the program forks keeps a trace of its own (docs/traces.md, "Processes the program forks"):
// its stream is its parent's up to the fork, then its own, so its trace holds its own chunks and names
// the parent's trace and the fork in its header (ccsim/trace/format.h, kParentTrace; the parent's own
// ancestors first). The child names and creates the file before it records anything, as the run's first
// process does before the program starts, and the first worker forked for it writes it.
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
// In a worker forked for the client's child (worker_process.h) other than the first: the trace is the
// parent's; this copy closes its end of the pipe, writes nothing and removes nothing.
void leave_trace_to_parent();

// In the first worker, at each ClientFork record it serves: the forks are counted, for the children's
// kParentTrace fields.
void count_client_fork();
// In the client's child, before it records anything (with a worker to write it): names this process's
// trace (--trace-out expanded again with its pid; when it has no %p, the expanded name and ".<pid>") and
// creates its temporary file. The names go to `name` and `temporary` (room for
// `room` bytes each: empty, no trace, when the parent's trace is a device or a pipe, or without
// --trace-out). Returns 0, or the errno of a file that could not be created. From now on this process's
// remove_unfinished_trace() removes the child's temporary file, never the parent's.
Int prepare_child_trace(HChar* name, HChar* temporary, SizeT room);
// In the first worker forked for the client's child, as it leaves the parent's ring: the parent's trace
// is left to the parent (its pipe closed), and its name and fork count are kept as the child's ancestry.
void leave_trace_for_child();
// Then, at the first chunk of the child's ring (the child has filled its header by then): starts the
// child's trace, written as the first process's is, under the names prepare_child_trace() gave (`error`:
// its errno, told at once; the run's end then fails as for a trace not written whole).
void start_child_trace(Int tool_pid, const HChar* name, const HChar* temporary, Int error);
// The run ends without its trace (a worker lost, in the tool; the tool's process gone, in a worker): the
// temporary file is removed, so that nothing half-written is left beside the name (a trace already under
// the name is left as it was). Nothing happens once the trace was renamed into place, or without one.
void remove_unfinished_trace();

}  // namespace ccsim

#endif
