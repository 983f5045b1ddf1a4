// program_file.h: the program's file, as a trace names it (ccsim/trace/format.h, kProgramStamp): a
// trace is re-simulated from the tool's start-up state, which the program's file decides, so the reader
// refuses a trace whose program has changed since.
#ifndef CCSIM_TOOL_TRACE_PROGRAM_FILE_H
#define CCSIM_TOOL_TRACE_PROGRAM_FILE_H

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

// Writes "<size> <modification time in seconds>" of the program Valgrind was given as `name` (a path,
// or a name looked up in $PATH as Valgrind does) into `out`; false when no such file is found.
bool program_stamp(const HChar* name, HChar* out, SizeT capacity);

}  // namespace ccsim

#endif
