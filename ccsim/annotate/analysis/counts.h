// counts.h: the event counts of one record, one count per event of the profile's `events:` line.
#ifndef CCSIM_ANNOTATE_COUNTS_H
#define CCSIM_ANNOTATE_COUNTS_H

#include <cstdint>
#include <vector>

namespace ccsim::annotate {

// One count per event, indexed like Profile::events. A record in the file may omit trailing zeros; in
// memory every vector has one entry per event, so views index it without bounds checks.
using Counts = std::vector<std::uint64_t>;

// Adds `more` into `sum`, event by event; `sum` grows to the length of `more` if it is shorter.
void add_counts(Counts& sum, const Counts& more);

}  // namespace ccsim::annotate

#endif
