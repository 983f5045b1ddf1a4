// trace_header.h: a trace's header (ccsim/trace/format.h), read on the host through libzstd: what
// ccsim-sim needs to start Valgrind as the recorded run started.
#ifndef CCSIM_SIM_TRACE_HEADER_H
#define CCSIM_SIM_TRACE_HEADER_H

#include <string>
#include <vector>

namespace ccsim {

// The header's fields, as recorded (format.h names each).
struct TraceHeader {
  std::string program;
  std::vector<std::string> arguments;          // the program's
  std::vector<std::string> valgrind_arguments; // Valgrind's, --tool=ccsim first
  std::string directory;
  std::string launcher;      // empty when not recorded
  std::string valgrind_lib;  // empty when not recorded
  std::string pid;
};

// Reads the header of the trace at `path`. On failure returns false with one sentence in `*error`
// (the file cannot be opened, is not a zstd stream, is not a ccsim trace, has another format version, or
// ends inside the header).
bool read_trace_header(const std::string& path, TraceHeader* header, std::string* error);

}  // namespace ccsim

#endif
