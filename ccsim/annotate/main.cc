// main.cc: ccsim-annotate's entry point. Parses the command line and runs (run.h); every error a user
// can cause ends here as one sentence on stderr: exit 1 for profiles and option values that do not fit
// them, 2 for a command line that cannot be understood (the sentence points at --help rather than
// printing the option list, which would bury it). A --fail-if gate that holds is no error: its sentence
// goes to stderr after the listing, and the exit status is 3 (analysis/gates.h). The sentences quote fields of the profile and the
// command line, so their control bytes are escaped (printable_text.h).
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

#include "ccsim/annotate/analysis/counts.h"
#include "ccsim/annotate/analysis/gates.h"
#include "ccsim/annotate/errors.h"
#include "ccsim/annotate/options.h"
#include "ccsim/annotate/run.h"
#include "ccsim/annotate/text/printable_text.h"

namespace {

// Flushes standard output and says whether everything written there arrived: a full disk or a closed
// pipe behind `ccsim-annotate profile > file` must not pass for a complete listing.
bool standard_output_written() {
  std::cout.flush();
  // std::cout writes through C's stdout (synchronized with stdio): flushing that again reports why the
  // stream failed (the errno of the first failure is gone by now).
  errno = 0;
  const bool flushed = std::fflush(stdout) == 0 && !std::ferror(stdout);
  if (std::cout.good() && flushed) return true;
  std::cerr << "ccsim-annotate: standard output cannot be written ("
            << (errno != 0 ? std::strerror(errno) : "a write failed") << "); the listing is incomplete\n";
  return false;
}

}  // namespace

int main(int argc, char* argv[]) {
  using namespace ccsim::annotate;
  try {
    CommandLine command_line = parse_command_line(argc, argv);
    if (command_line.help) {
      std::cout << usage_text();
      return standard_output_written() ? 0 : 1;
    }
    if (command_line.version) {
      // GNU style: the program, its package, and configure.ac's version.
      std::cout << "ccsim-annotate (ccsim) " << CCSIM_VERSION << '\n';
      return standard_output_written() ? 0 : 1;
    }
    const std::vector<std::string> crossed = run(command_line.options, std::cout);
    if (!standard_output_written()) return 1;
    // After the listing, so that a gate's sentence is the last thing a CI log shows.
    for (const std::string& sentence : crossed) std::cerr << "ccsim-annotate: " << printable(sentence) << '\n';
    return crossed.empty() ? 0 : kGateExitStatus;
  } catch (const UsageError& error) {
    std::cerr << "ccsim-annotate: " << printable(error.what()) << "; see ccsim-annotate --help\n";
    return 2;
  } catch (const ProfileError& error) {
    std::cerr << "ccsim-annotate: " << printable(error.what()) << '\n';
    return 1;
  } catch (const OptionError& error) {
    std::cerr << "ccsim-annotate: " << printable(error.what()) << '\n';
    return 1;
  } catch (const CountOverflow& error) {
    std::cerr << "ccsim-annotate: " << printable(error.what()) << "; the profile was edited or is corrupt\n";
    return 1;
  }
}
