// drill_down_export.h: the drill-downs of --object=NAME and --function=NAME (analysis/drill_down.h) in the
// JSON export and the HTML report, with the text view's columns (drill_down_columns, views.h).
#ifndef CCSIM_ANNOTATE_DRILL_DOWN_EXPORT_H
#define CCSIM_ANNOTATE_DRILL_DOWN_EXPORT_H

#include <nlohmann/json.hpp>
#include <ostream>

#include "ccsim/annotate/analysis/analysis.h"
#include "ccsim/annotate/options.h"

namespace ccsim::annotate {

// {"object_detail": {...}, "function_detail": {...}}, each present when its option is given: the subject,
// its totals (all events), and its rows, each {"label", "counts" (all events), "memory_time"}; an
// object's also {"evicted_by": [{"object", "level", "evictions"}]}, a function's {"evicted_by":
// [{"function", "level", "evictions"}], "invalidated_by": [{"function", "invalidations" (split_json)}]}.
nlohmann::ordered_json drill_downs_json(const Analysis& analysis, const Options& options);

// An HTML section per drill-down asked for (nothing when none is).
void write_html_drill_downs(std::ostream& out, const Analysis& analysis, const Options& options);

}  // namespace ccsim::annotate

#endif
