// diff.h: --diff BEFORE AFTER, what changed between two profiles of the same program, per source line
// and per data object, biggest change first.
#ifndef CCSIM_ANNOTATE_DIFF_H
#define CCSIM_ANNOTATE_DIFF_H

#include <ostream>

#include "ccsim/annotate/analysis/analysis.h"
#include "ccsim/annotate/views/event_columns.h"
#include "ccsim/annotate/options.h"

namespace ccsim::annotate {

// Lines are matched by file, line and function; objects by kind and name (a padded object keeps its name
// but not its size). Rows are sorted by |after - before| of the sort events in turn; --threshold keeps
// rows whose change reaches that share of a sort event's larger total, --top cuts. Throws ProfileError
// when the profiles have different events.
void print_diff(std::ostream& out, const Analysis& before, const Analysis& after, const EventColumns& columns,
                const Options& options);

}  // namespace ccsim::annotate

#endif
