// sim_command.cc: the recorded command, put back together with the user's options.
#include "ccsim/sim/sim_command.h"

namespace ccsim {
namespace {

bool starts_with(const std::string& text, const std::string& prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

std::string absolute(const std::string& path, const std::string& here) {
  return path.empty() || path[0] == '/' ? path : here + "/" + path;
}

}  // namespace

SimCommand sim_command(const TraceHeader& header, const std::vector<std::string>& options, const std::string& valgrind,
                       const std::string& trace, const std::string& here) {
  SimCommand command;
  command.argv.push_back(!valgrind.empty() ? valgrind : !header.launcher.empty() ? header.launcher : "valgrind");
  // The recorded run's own profile, trace and log are its own: this run writes its profile where the user
  // says (or ccsim's default name, in the user's directory), its messages to stderr unless told otherwise,
  // and reads the trace.
  for (const std::string& argument : header.valgrind_arguments) {
    if (starts_with(argument, "--trace-out=") || starts_with(argument, "--ccsim-out-file=") ||
        starts_with(argument, "--log-file=") || starts_with(argument, "--log-fd=") ||
        starts_with(argument, "--log-socket=")) {
      continue;
    }
    command.argv.push_back(argument);
  }
  bool named_profile = false;
  for (const std::string& option : options) {
    if (starts_with(option, "--ccsim-out-file=")) {
      named_profile = true;
      command.argv.push_back("--ccsim-out-file=" + absolute(option.substr(17), here));
    } else {
      command.argv.push_back(option);
    }
  }
  if (!named_profile) command.argv.push_back("--ccsim-out-file=" + absolute("ccsim.out.%p", here));
  command.argv.push_back("--trace-in=" + absolute(trace, here));
  command.argv.push_back(header.program);
  command.argv.insert(command.argv.end(), header.arguments.begin(), header.arguments.end());
  command.directory = header.directory;
  command.valgrind_lib = header.valgrind_lib;
  return command;
}

}  // namespace ccsim
