// diff.h: --diff BEFORE AFTER, what changed between two profiles of the same program, per source line
// and per data object, biggest change first.
#ifndef CCSIM_ANNOTATE_DIFF_H
#define CCSIM_ANNOTATE_DIFF_H

#include <ostream>
#include <string>
#include <vector>

#include "ccsim/annotate/analysis/analysis.h"
#include "ccsim/annotate/views/event_columns.h"
#include "ccsim/annotate/options.h"

namespace ccsim::annotate {

// One table of changes: per line or per data object.
struct DiffTable {
  std::string title;                // "Change per line"
  std::string primary_event;        // what the before and after columns count (the first sort event)
  std::vector<std::string> headings;  // before, after, the shown events (their change), the row's label
  std::vector<std::vector<std::string>> rows;  // the total row first, then the shown rows, biggest change first
  std::size_t shown = 0;            // rows shown, of
  std::size_t rows_in_all = 0;      // all rows of either profile
  std::string noun;                 // "lines", "objects"
};

// What changed between two profiles: their runs, whether their caches differ, the tables.
struct ProfileDiff {
  std::string title;   // "Diff: A (before) -> B (after)"
  std::string before;  // "./prog (interleaved simulation of 4 threads; ...)"
  std::string after;
  bool different_caches = false;
  std::vector<DiffTable> tables;  // per line, then per object when either profile has objects
};

// Lines are matched by file, line and function; objects by kind and name (a padded object keeps its name
// but not its size). Rows are sorted by |after - before| of the sort events in turn; --threshold keeps
// rows whose change reaches that share of a sort event's larger total, --top cuts. Throws ProfileError
// when the profiles have different events.
ProfileDiff diff_profiles(const Analysis& before, const Analysis& after, const EventColumns& columns,
                          const Options& options);

// The sentence when the runs simulated different caches.
extern const char* const kDifferentCachesSentence;

// --diff as text: the runs, then each table.
void print_diff(std::ostream& out, const Analysis& before, const Analysis& after, const EventColumns& columns,
                const Options& options);

}  // namespace ccsim::annotate

#endif
