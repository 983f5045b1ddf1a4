// table_columns.cc: the columns of the regions, served-by and drill-down tables, shared by the text views and
// the exports.
#include "ccsim/annotate/tables/table_columns.h"

#include "ccsim/annotate/tables/ranked_rows.h"

namespace ccsim::annotate {

CountColumns region_columns(const Profile& profile, const std::string& level, bool with_cycles) {
  CountColumns columns(profile);
  columns.add_event("true in-region", "invalidations_received_true_in_region");
  columns.add_event("of which critical", "invalidations_received_true_in_region_critical");
  columns.add_event("false in-region", "invalidations_received_false_in_region");
  columns.add_event("true across", "invalidations_received_true_across_regions");
  columns.add_event("false across", "invalidations_received_false_across_regions");
  columns.add_event("total", "invalidations_received");
  columns.add_event("coherence misses", "coherence_misses");
  columns.add_event(level + " misses", level + "_misses");
  // Cycles without L1 hits: region: records keep no accesses (docs/model.md, "Cycles").
  if (with_cycles) {
    columns.add_event("cycles", "cycles");
    add_memory_time_column(profile, columns);
  }
  return columns;
}

CountColumns drill_down_columns(const Profile& profile) {
  CountColumns columns(profile);
  if (profile.cells_keep_accesses()) {
    columns.add_event("reads", "reads");
    columns.add_event("writes", "writes");
  }
  columns.add_event("L1 misses", "L1_misses");
  if (profile.cells_keep_accesses()) columns.add_ratio("miss rate", {"L1_misses"}, {"accesses"});
  columns.add_event("compulsory", "L1_miss_compulsory");
  columns.add_event("transfer", "L1_miss_transfer");
  columns.add_event("coherence", "L1_miss_coherence");
  columns.add_event("replacement", "L1_miss_replacement");
  columns.add_event("own L2", "served_by_own_L2");
  columns.add_event("other thread", "transfers");
  columns.add_event("LLC", "served_by_LLC");
  columns.add_event("memory", "served_by_memory");
  columns.add_event("invalidations caused", "invalidations_caused");
  columns.add_event("cycles", "cycles");
  add_memory_time_column(profile, columns);
  return columns;
}

CountColumns served_columns(const Profile& profile) {
  CountColumns columns(profile);
  columns.add_event("own L2", "served_by_own_L2");
  columns.add_event("from Modified", "served_by_transfer_from_modified");
  columns.add_event("from Exclusive", "served_by_transfer_from_exclusive");
  columns.add_event("from Shared", "served_by_transfer_from_shared");
  columns.add_event("transfers", "transfers");
  columns.add_event("LLC", "served_by_LLC");
  columns.add_event("memory", "served_by_memory");
  columns.add_event("downgrades caused", "downgrades_caused");
  columns.add_event("downgrades received", "downgrades_received");
  return columns;
}

}  // namespace ccsim::annotate
