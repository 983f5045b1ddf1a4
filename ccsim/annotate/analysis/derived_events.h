// derived_events.h: events ccsim-annotate computes from the recorded ones, so that a view can show or
// sort by "all L1 misses" or "all invalidations received" without the user adding columns by hand.
#ifndef CCSIM_ANNOTATE_DERIVED_EVENTS_H
#define CCSIM_ANNOTATE_DERIVED_EVENTS_H

#include <string>
#include <vector>

#include "ccsim/annotate/analysis/latency.h"
#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// An event that is the sum of recorded events.
struct DerivedEvent {
  std::string name;
  std::vector<std::string> parts;
};

// accesses, L1_misses, L2_misses, LLC_misses, coherence_misses, transfers, invalidations_received,
// invalidations_caused (the last two without the critical subset, which the true counts include).
const std::vector<DerivedEvent>& derived_events();

// Appends every derived event whose parts the profile has (and whose name it does not already use) to
// Profile::events and to every count vector of the profile; then `cycles`, each record's memory_cycles()
// with `latencies` (latency.h): computed per record, so the cycles of any set of records (a view's row,
// its total) are the sum of theirs. Left out when the cycles of one kind of record, summed, would reach
// 2^64 - 1 (every sum a view forms is over records of one kind, so then none can overflow).
void add_derived_events(Profile& profile, const LatencyTable& latencies);

}  // namespace ccsim::annotate

#endif
