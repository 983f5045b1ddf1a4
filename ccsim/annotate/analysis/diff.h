// diff.h: --diff A B [C ...], what changed between profiles of the same program (before and after a fix, or
// versions side by side), per source line, data object, thread, barrier, invalidator edge and evictor edge,
// biggest change first.
#ifndef CCSIM_ANNOTATE_DIFF_H
#define CCSIM_ANNOTATE_DIFF_H

#include <ostream>
#include <string>
#include <vector>

#include "ccsim/annotate/analysis/analysis.h"
#include "ccsim/annotate/analysis/diff_table.h"
#include "ccsim/annotate/tables/event_columns.h"
#include "ccsim/annotate/options.h"

namespace ccsim::annotate {

// What changed between the profiles: their runs, whether their caches differ, the tables.
struct ProfileDiff {
  std::string title;  // "Diff: A (before) -> B (after)", or "Diff of N profiles: A, B, C"
  // One per profile, "./prog (interleaved simulation of 4 threads; ...)", labelled "Before"/"After" for
  // two profiles, "#1" ... "#N" for more.
  std::vector<std::string> run_labels;
  std::vector<std::string> runs;
  bool different_caches = false;
  // per line, per object when a profile has objects, per thread, per barrier when a profile has regions,
  // then the edges' (edge_diff.h)
  std::vector<DiffTable> tables;
};

// Lines are matched by file, line and function; objects by kind and name (a padded object keeps its name
// but not its size); threads by number; barriers by the closing barrier's site (their regions summed);
// edges as edge_diff.h says.
// Rows are sorted by |last - first| of the sort events in turn (the invalidator edges by their total's and
// their split's change, edge_diff.h); --threshold keeps rows whose change
// reaches that share of a sort event's largest total, --top cuts. Throws ProfileError when the profiles
// have different events.
ProfileDiff diff_profiles(const std::vector<const Analysis*>& analyses, const EventColumns& columns,
                          const Options& options);

// The sentence when the runs simulated different caches.
extern const char* const kDifferentCachesSentence;

// --diff as text: the runs, then each table.
void print_diff(std::ostream& out, const std::vector<const Analysis*>& analyses, const EventColumns& columns,
                const Options& options);

}  // namespace ccsim::annotate

#endif
