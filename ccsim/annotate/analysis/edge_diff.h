// edge_diff.h: --diff's tables of the invalidator and evictor edges (`invalidator:` and `evictor:`
// records): which culprit -> victim edges went away, shrank, grew or appeared between the profiles.
#ifndef CCSIM_ANNOTATE_EDGE_DIFF_H
#define CCSIM_ANNOTATE_EDGE_DIFF_H

#include <vector>

#include "ccsim/annotate/analysis/analysis.h"
#include "ccsim/annotate/analysis/diff_table.h"
#include "ccsim/annotate/options.h"

namespace ccsim::annotate {

// An edge is matched by its culprit's code site and its victim's (file, line, function each), as the
// per-line table matches lines: threads and data objects are not part of it (an edge's threads are added
// up), since thread numbers need not name the same work in two runs and the per-thread table compares
// them. Every edge is compared, the runtime's too, as the per-line table compares the runtime's lines.
//
// The tables, in order: the invalidator edges (their total, and the change of each count of the split:
// true or false sharing, in one region or across, the critical part of true in region), ranked by the
// change of their total plus the invalidations that moved between true and false, in one region or
// across (DiffColumns::split: 100 false in-region invalidations that became 100 true ones are a change of
// 100 at an equal total), always, with a sentence instead of rows when no profile has an `invalidator:`
// record; then one table of evictor
// edges per cache level (L1, L2, LLC) that some profile has `evictor:` records of, or one sentence when
// none has any. A level's evictions are not added to another's: each level is its own table, with its
// own total and threshold.
std::vector<DiffTable> edge_diff_tables(const std::vector<const Analysis*>& analyses, const Options& options);

}  // namespace ccsim::annotate

#endif
