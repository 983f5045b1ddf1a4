// trace_reader.h: --trace-in=FILE, a trace re-simulated (docs/traces.md; ccsim-sim runs it). Valgrind
// starts the recorded program as the recorded run did, so the tool reaches the same start-up state, but
// the program never runs: the tool forks its simulation workers as --sim-threads does, feeds the ring the
// trace's chunks instead of the program's calls (zstd decompresses them: zstd_process.h), waits for the
// first worker's profile and exits. The workers are the tool's own, unchanged: the same replay, the same
// simulator, the same profile writer, with this run's simulation options. The trace of a process the
// program forked continues its parent's: the reader feeds each ancestor's trace up to the fork its line
// came from (ccsim/trace/format.h, kParentTrace), then this one's.
//
// What the program's threads decided when the trace was recorded cannot change: the program, its
// arguments and file, and every option but the simulation's (kSimulationOptions in trace_reader.cc: the
// caches, the order, the profile's tables). Anything else is refused before the workers start, in one
// sentence.
#ifndef CCSIM_TOOL_TRACE_TRACE_READER_H
#define CCSIM_TOOL_TRACE_TRACE_READER_H

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

// In the tool, before anything is simulated: opens the trace, starts zstd on it and reads the header; one
// sentence and exit 1 when the trace cannot be read, is not a trace, or was recorded from another program,
// other arguments, another file or other recording options.
void open_trace_in(const HChar* path);

// Whether this run re-simulates a trace (in the tool and in its workers, which inherit it): the workers
// then write the profile under this run's --ccsim-out-file and follow no client fork.
bool reading_trace();
// The profile's name, expanded by the tool before the workers were forked (%p: this run's pid).
const HChar* trace_profile_name();

// The header's kStream field this build writes and reads: "ccsim <version> stream <records' version>".
const HChar* stream_description();

// In the tool, once the workers are forked: feeds them every chunk of the trace, waits for the profile,
// prints the workers' messages and exits: 0 when the profile was written, 1 otherwise (a trace cut short,
// a damaged one, a worker lost). Never returns.
__attribute__((noreturn)) void feed_trace_and_exit();

}  // namespace ccsim

#endif
