// callgrind_export.h: --export=callgrind, the profile's per-line counts in Callgrind's format, so that
// callgrind_annotate (and KCachegrind) show ccsim's events per function and line.
#ifndef CCSIM_ANNOTATE_CALLGRIND_EXPORT_H
#define CCSIM_ANNOTATE_CALLGRIND_EXPORT_H

#include <ostream>

#include "ccsim/annotate/analysis/analysis.h"
#include "ccsim/annotate/tables/event_columns.h"

namespace ccsim::annotate {

// Writes the sort events, then the other shown events, of every line: a header (version, creator, pid, cmd,
// positions, events), one fl=/fn= block per source file and function with "<line> <counts>" rows,
// and the summary: and totals: lines.
void write_callgrind(std::ostream& out, const Analysis& analysis, const EventColumns& columns);

}  // namespace ccsim::annotate

#endif
