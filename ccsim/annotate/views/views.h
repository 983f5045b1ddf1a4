// views.h: the text views of ccsim-annotate. Each view_*.cc file holds one of them.
#ifndef CCSIM_ANNOTATE_VIEWS_H
#define CCSIM_ANNOTATE_VIEWS_H

#include <ostream>
#include <string>
#include <vector>

#include "ccsim/annotate/analysis/analysis.h"
#include "ccsim/annotate/views/count_columns.h"
#include "ccsim/annotate/views/event_columns.h"
#include "ccsim/annotate/options.h"
#include "ccsim/annotate/analysis/ranking.h"

namespace ccsim::annotate {

// What every view reads: the analysed profile, the options, the chosen columns, and where to print.
struct ViewContext {
  const Analysis& analysis;
  const Options& options;
  const EventColumns& columns;
  std::ostream& out;

  const Profile& profile() const { return *analysis.profile; }
  // The ranking of --sort, --threshold and --top.
  RankingRule ranking() const { return {columns.sort, options.threshold_percent, options.top}; }
};

// Prints the header block (profile, command, machine, events) and then every view of --view, in order,
// followed by the annotated sources when --auto=yes.
void print_views(const ViewContext& context);

void print_header(const ViewContext& context);             // view_header.cc
void print_overview(const ViewContext& context);           // view_overview.cc
void print_summary_view(const ViewContext& context);       // view_summary.cc
void print_lines_view(const ViewContext& context);         // view_lines.cc
void print_functions_view(const ViewContext& context);     // view_functions.cc
void print_objects_view(const ViewContext& context);       // view_objects.cc
void print_object_threads_view(const ViewContext& context);  // view_thread_columns.cc
void print_line_threads_view(const ViewContext& context);    // view_thread_columns.cc
void print_blocks_view(const ViewContext& context);          // view_blocks.cc
void print_sets_view(const ViewContext& context);            // view_sets.cc
void print_working_set_view(const ViewContext& context);     // view_sets.cc
void print_matrix_view(const ViewContext& context);        // view_matrix.cc
void print_findings_view(const ViewContext& context);      // view_findings.cc: at most --top findings
// The findings section with at most `most` findings (view_findings.cc); the overview shows a few.
void print_findings(const ViewContext& context, std::size_t most);
void print_regions_view(const ViewContext& context);       // view_regions.cc
// The regions view's columns (its heading, then the event): the invalidations received by class, their total,
// the coherence misses and the misses of `level`, and with `with_cycles` (the tables show cycles) the cycles
// and memory_time; the HTML report's regions table has the same.
CountColumns region_columns(const Profile& profile, const std::string& level, bool with_cycles);
void print_invalidators_view(const ViewContext& context);  // view_culprits.cc
void print_evictors_view(const ViewContext& context);      // view_culprits.cc
void print_locks_view(const ViewContext& context);         // view_locks.cc
// --object=NAME and --function=NAME (view_drill_down.cc; analysis/drill_down.h).
void print_object_drill_down(const ViewContext& context);
void print_function_drill_down(const ViewContext& context);
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
void print_paths_view(const ViewContext& context);         // view_paths.cc
// The source files of the lines above the threshold, with counts in the margin (source_annotation.cc).
void print_source_view(const ViewContext& context);

// A title between two rules of dashes, as cg_annotate separates its sections.
void print_section_title(std::ostream& out, const std::string& title);

}  // namespace ccsim::annotate

#endif
