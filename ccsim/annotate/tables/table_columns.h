// table_columns.h: the columns of tables that the text views and the exports (JSON, HTML) print alike,
// each a CountColumns computed from a row's counts.
#ifndef CCSIM_ANNOTATE_TABLE_COLUMNS_H
#define CCSIM_ANNOTATE_TABLE_COLUMNS_H

#include <string>

#include "ccsim/annotate/tables/count_columns.h"

namespace ccsim::annotate {

// The regions view's columns (its heading, then the event): the invalidations received by class, their total,
// the coherence misses and the misses of `level`, and with `with_cycles` (the tables show cycles) the cycles
// and memory_time; the HTML report's regions table has the same.
CountColumns region_columns(const Profile& profile, const std::string& level, bool with_cycles);
// Where each thread's L1 misses were served (profile version 2): the own L2, another thread's copy by the
// state it was in and their sum, the LLC, memory, and the downgrades caused and received; the summary
// view's table and the HTML report's have the same. Empty for a version 1 profile.
CountColumns served_columns(const Profile& profile);
// The drill-downs' columns: reads, writes and the L1 miss rate (when the cells keep them, version 2), L1
// misses by cause and by where served, invalidations caused, cycles and memory_time (text, JSON and HTML).
CountColumns drill_down_columns(const Profile& profile);
// Under a drill-down's totals: what the rows are made of (drill_down_note).
inline const char* const kDrillDownNote =
    "The rows below add up the code x data cells (object-ref: records), reads, writes and L1 hits included: "
    "an object's rows add up to its object-counts: records.";
// The same for a version 1 profile, whose cells keep no reads, writes or hits.
inline const char* const kDrillDownNoteVersion1 =
    "The rows below add up the code x data cells (object-ref: records), which keep no reads, writes or hits in "
    "a version 1 profile: their cycles are those of misses and invalidations, without the L1 hits.";
inline const char* drill_down_note(const Profile& profile) {
  return profile.cells_keep_accesses() ? kDrillDownNote : kDrillDownNoteVersion1;
}
// What a drill-down says instead of its "Evicted by" table when no record names the subject as the victim
// (text and HTML): for an object (object-evictor: records, version 2 only), for a function (evictor:
// records), and instead of a function's "Invalidated by" table (invalidator: records).
inline const char* no_object_eviction(const Profile& profile) {
  return profile.header.version < 2 ? "A version 1 profile does not say which objects evicted which."
                                    : "No eviction of its lines.";
}
inline const char* const kNoFunctionEviction =
    "No line this function touched was evicted (no evictor: record names its code as the victim).";
inline const char* const kNoFunctionInvalidation =
    "No copy this function touched was invalidated (no invalidator: record names its code as the victim).";

}  // namespace ccsim::annotate

#endif
