// json_export.h: --json[=FILE], the whole analysed profile as one JSON document, for scripts.
#ifndef CCSIM_ANNOTATE_JSON_EXPORT_H
#define CCSIM_ANNOTATE_JSON_EXPORT_H

#include <nlohmann/json.hpp>
#include <ostream>

#include "ccsim/annotate/analysis/analysis.h"
#include "ccsim/annotate/options.h"

namespace ccsim::annotate {

// Writes header, events, totals, threads, lines, functions, objects, regions, invalidator and evictor
// edges (per code site, object and thread) and line details. Every row is written, whatever
// --threshold and --top say; --threads has already been applied to the profile. docs/annotate.md
// describes the layout.
void write_json(std::ostream& out, const Analysis& analysis, const Options& options);

// One row's counts as {"<event>": count, ...}, every event of the profile in order (exports share it).
nlohmann::ordered_json counts_json(const Profile& profile, const Counts& counts);
// Invalidations as {"total", "true_in_region", "true_in_region_critical", "false_in_region",
// "true_across_regions", "false_across_regions"} (exports share it).
nlohmann::ordered_json split_json(const InvalidationSplit& split);

}  // namespace ccsim::annotate

#endif
