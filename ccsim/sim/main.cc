// main.cc: ccsim-sim, a trace simulated again (docs/traces.md). It reads the trace's header, then runs
// the recorded Valgrind command with the user's options and --trace-in: the tool starts as the recorded
// run started, and its workers simulate the trace instead of the program. Its exit status is Valgrind's.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "ccsim/sim/sim_command.h"
#include "ccsim/sim/trace_header.h"

namespace {

const char kUsage[] =
    "usage: ccsim-sim [options] TRACE\n"
    "\n"
    "Simulates TRACE again, a trace written by valgrind --tool=ccsim --trace-out=TRACE, with other\n"
    "caches or another order, without running the program: the recorded command is run again under\n"
    "Valgrind, from the directory it ran in, and ccsim simulates the trace in place of the program.\n"
    "The program's file must be the one recorded.\n"
    "\n"
    "options:\n"
    "  any of ccsim's simulation options, which replace the recorded ones:\n"
    "    --L1, --L2, --LLC, --miss-classes, --sim-mode (interleaved and piped for a trace\n"
    "    recorded in either, native for a native one), --quantum, --schedule, --seed,\n"
    "    --max-buffer, --line-detail, --block-histograms, --block-objects, --phases, --timeline,\n"
    "    --working-set, --set-histograms, --sim-threads, --sim-shards, --ccsim-progress-interval,\n"
    "    -q, -v;\n"
    "    valgrind --tool=ccsim --help says what each does. Other options were decided when the\n"
    "    program ran, and are refused.\n"
    "  --ccsim-out-file=<file>   the profile's name; %p is this run's pid [ccsim.out.%p, here]\n"
    "  --valgrind=<program>      the valgrind to run [the recorded run's, else valgrind in $PATH]\n"
    "  -h, --help                this text\n"
    "  --version                 print ccsim-sim's version and exit\n"
    "\n"
    "exit status: valgrind's, 0 when the profile is written, 1 when ccsim refused the trace or an\n"
    "option; 2 for ccsim-sim's own errors (the command line, a file that is not a trace).\n";

[[noreturn]] void fail(const std::string& sentence) {
  std::fprintf(stderr, "ccsim-sim: %s\n", sentence.c_str());
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> options;
  std::string valgrind;
  std::string trace;
  for (int i = 1; i < argc; ++i) {
    const std::string argument = argv[i];
    if (argument == "-h" || argument == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (argument == "--version") {
      std::puts("ccsim-sim (ccsim) " CCSIM_VERSION);  // GNU style, as ccsim-annotate
      return 0;
    }
    if (argument.compare(0, 11, "--valgrind=") == 0) {
      valgrind = argument.substr(11);
      if (valgrind.empty()) fail("--valgrind needs a program.");
    } else if (argument == "--trace-in" || argument.compare(0, 11, "--trace-in=") == 0 ||
               argument.compare(0, 11, "--trace-out") == 0) {
      fail("'" + argument + "' is not an option of ccsim-sim: the trace to simulate is its argument (ccsim-sim "
           "--help).");
    } else if (argument.size() > 1 && argument[0] == '-') {
      options.push_back(argument);
    } else if (!trace.empty()) {
      fail("one trace at a time: '" + trace + "' and '" + argument + "' were given.");
    } else {
      trace = argument;
    }
  }
  if (trace.empty()) fail("no trace given (ccsim-sim --help).");
  ccsim::TraceHeader header;
  std::string error;
  if (!ccsim::read_trace_header(trace, &header, &error)) fail(error);
  char here[4096];
  if (getcwd(here, sizeof here) == nullptr) {
    fail(std::string("the current directory cannot be named: ") + std::strerror(errno) + ".");
  }
  const ccsim::SimCommand command = ccsim::sim_command(header, options, valgrind, trace, here);
  if (chdir(command.directory.c_str()) != 0) {
    fail("the trace was recorded in '" + command.directory + "', which cannot be entered now: " +
         std::strerror(errno) + ".");
  }
  if (!command.valgrind_lib.empty() && std::getenv("VALGRIND_LIB") == nullptr) {
    setenv("VALGRIND_LIB", command.valgrind_lib.c_str(), 1);
  }
  std::vector<char*> arguments;
  for (const std::string& argument : command.argv) arguments.push_back(const_cast<char*>(argument.c_str()));
  arguments.push_back(nullptr);
  execvp(arguments[0], arguments.data());
  fail("valgrind ('" + command.argv[0] + "') cannot be run: " + std::strerror(errno) + " (--valgrind names another).");
}
