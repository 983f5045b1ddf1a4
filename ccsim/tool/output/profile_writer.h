// profile_writer.h: writes ccsim.out.<pid> (format: docs/output-format.md) and the summary on stderr.
#ifndef CCSIM_TOOL_PROFILE_WRITER_H
#define CCSIM_TOOL_PROFILE_WRITER_H

namespace ccsim {

class RunStatistics;

// Writes the profile to the expanded --ccsim-out-file name (profile_file.h: through a temporary file,
// every write checked, synced and renamed at the end, so that neither a crash nor a full disk leaves a
// truncated profile under the final name). Returns false (after telling the user why) when the whole
// profile could not be written.
bool write_profile(const RunStatistics& statistics);

// Valgrind-style totals per thread and for the whole run, on stderr.
void print_summary(const RunStatistics& statistics);

}  // namespace ccsim

#endif
