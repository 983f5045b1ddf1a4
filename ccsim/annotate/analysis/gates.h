// gates.h: --fail-if gates measured on an analysed profile, so that a project can keep a sharing
// regression out of its tests (docs/annotate.md, "Gates").
//
// A gate measures an event of the profile (derived ones included) or one of three names in the user's
// words: `invalidations` (all invalidations received: each removed copy once), `false_sharing` and
// `true_sharing` (the received ones of that class, in and across regions). A percentage threshold
// compares the measure with the run's whole of its kind, whatever the scope: invalidations received for
// `invalidations`, `false_sharing`, `true_sharing` and the invalidations_received_* events,
// invalidations caused for the invalidations_caused_* events, and accesses (reads + writes) for every
// other event.
#ifndef CCSIM_ANNOTATE_GATES_H
#define CCSIM_ANNOTATE_GATES_H

#include <string>
#include <vector>

#include "ccsim/annotate/analysis/analysis.h"
#include "ccsim/annotate/analysis/gate_expression.h"

namespace ccsim::annotate {

// ccsim-annotate's exit status when at least one gate holds; errors exit with 1 or 2 (main.cc).
constexpr int kGateExitStatus = 3;

// Measures every gate on `analysis` and returns one sentence for each that holds, in the order given:
// the expression, the measured value, the threshold, and the line and the data object with the most of
// it. Throws OptionError, naming the part and what the profile has, when a gate names an event, object,
// function or line that the profile does not have; so all gates are checked before any holds.
std::vector<std::string> crossed_gates(const Analysis& analysis, const std::vector<GateExpression>& gates);

}  // namespace ccsim::annotate

#endif
