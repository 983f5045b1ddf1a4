// profile_writer.h: writes ccsim.out.<pid> (format: docs/output-format.md) and the summary on stderr.
#ifndef CCSIM_TOOL_PROFILE_WRITER_H
#define CCSIM_TOOL_PROFILE_WRITER_H

namespace ccsim {

class Simulator;

// Writes the profile to the expanded --ccsim-out-file name, through a temporary file renamed at the end
// so a crash never leaves a truncated profile under the final name. Returns false (after telling the
// user why) when the file cannot be written.
bool write_profile(const Simulator* simulator);

// Valgrind-style totals per thread and for the whole run, on stderr.
void print_summary(const Simulator* simulator);

}  // namespace ccsim

#endif
