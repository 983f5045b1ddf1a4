// culprit_tables.h: the drill-downs' "Evicted by" and "Invalidated by" tables (analysis/drill_down.h) as
// headings and cells, each row with its share of all the subject's evictions or invalidations: what the
// text view (views/view_drill_down.cc) and the HTML report (exports/drill_down_export.cc) print alike.
#ifndef CCSIM_ANNOTATE_CULPRIT_TABLES_H
#define CCSIM_ANNOTATE_CULPRIT_TABLES_H

#include <cstdint>
#include <string>
#include <vector>

#include "ccsim/annotate/analysis/drill_down.h"

namespace ccsim::annotate {

// One table of culprits, every culprit in the drill-down's order (most first): the text view prints the
// first --top rows, the HTML report all of them.
struct CulpritTable {
  std::vector<std::string> headings;
  // Per column: a number (aligned right in text, sorted by number in HTML) or a name (level, culprit).
  std::vector<bool> numeric;
  std::vector<std::vector<std::string>> rows;  // the cells as printed: "6", "50.0%", "L1", "/src/a.c:fill"
  // Per row, per column, the number the HTML report sorts it by: a count itself, a share by its count
  // (the same order, exactly), a name 0.
  std::vector<std::vector<std::uint64_t>> values;
};

// evictions, share (of all the subject's evictions, every level), level, `culprit_heading` ("evicting
// object" or "evicting function").
CulpritTable evicted_by_table(const std::vector<Evictor>& evicted_by, const std::string& culprit_heading);

// invalidations, share (of all the invalidations of the function's copies), the split of the
// `invalidator:` records as --diff's invalidator edges name it, "invalidating function".
CulpritTable invalidated_by_table(const std::vector<Invalidator>& invalidated_by);

}  // namespace ccsim::annotate

#endif
