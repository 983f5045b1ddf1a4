// run.h: what ccsim-annotate does once its options are parsed: read and sum the profiles, then print
// the views, or write the graph, export or diff the options ask for.
#ifndef CCSIM_ANNOTATE_RUN_H
#define CCSIM_ANNOTATE_RUN_H

#include <ostream>
#include <string>
#include <vector>

#include "ccsim/annotate/options.h"
#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// Reads and sums `files`, keeps the threads of --threads, and adds the derived events.
Profile load_profiles(const std::vector<std::string>& files, const Options& options);

// Runs ccsim-annotate with `options`; `standard_output` receives what goes to standard output. Returns
// the sentences of the --fail-if gates that hold (analysis/gates.h), for main.cc to print on standard
// error. Throws ProfileError and OptionError (main.cc turns them into one sentence and exit code 1),
// before writing anything when a gate names what the profile does not have.
std::vector<std::string> run(const Options& options, std::ostream& standard_output);

}  // namespace ccsim::annotate

#endif
