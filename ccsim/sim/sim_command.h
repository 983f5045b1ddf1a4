// sim_command.h: the Valgrind command ccsim-sim runs to simulate a trace again: the recorded command
// (Valgrind's arguments, the program and its arguments, from the recorded directory), with the user's
// options after the recorded ones (the last of an option wins in ccsim, as in Valgrind), the profile's
// name made absolute against the user's directory, and --trace-in naming the trace.
#ifndef CCSIM_SIM_SIM_COMMAND_H
#define CCSIM_SIM_SIM_COMMAND_H

#include <string>
#include <vector>

#include "ccsim/sim/trace_header.h"

namespace ccsim {

struct SimCommand {
  std::vector<std::string> argv;  // argv[0]: the valgrind program
  std::string directory;          // where to run it: the recorded directory
  std::string valgrind_lib;       // $VALGRIND_LIB to set (a Valgrind run from a build tree), or empty
};

// `options`: the user's options, in order; `valgrind`: the valgrind program to run (empty: the recorded
// launcher, else `valgrind` in $PATH); `trace`: the trace's path and `here` the user's directory (both to
// make paths absolute).
SimCommand sim_command(const TraceHeader& header, const std::vector<std::string>& options, const std::string& valgrind,
                       const std::string& trace, const std::string& here);

}  // namespace ccsim

#endif
