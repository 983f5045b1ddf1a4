// views.h: the text views of ccsim-annotate. Each view_*.cc file holds one of them.
#ifndef CCSIM_ANNOTATE_VIEWS_H
#define CCSIM_ANNOTATE_VIEWS_H

#include <ostream>
#include <string>
#include <vector>

#include "ccsim/annotate/tables/count_columns.h"
#include "ccsim/annotate/tables/event_columns.h"
#include "ccsim/annotate/tables/view_context.h"
#include "ccsim/annotate/text/text_table.h"

namespace ccsim::annotate {

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
// The phases (view_phases.cc): per barrier (--regions=each: per region) its objects, its detailed lines,
// with misses by cause, invalidations and transfers; the timeline's busiest objects per interval.
void print_region_objects_view(const ViewContext& context);
void print_region_lines_view(const ViewContext& context);
void print_timeline_view(const ViewContext& context);
void print_invalidators_view(const ViewContext& context);  // view_culprits.cc
void print_evictors_view(const ViewContext& context);      // view_culprits.cc
void print_locks_view(const ViewContext& context);         // view_locks.cc
// --object=NAME and --function=NAME (view_drill_down.cc; analysis/drill_down.h).
void print_object_drill_down(const ViewContext& context);
void print_function_drill_down(const ViewContext& context);
void print_paths_view(const ViewContext& context);         // view_paths.cc
// The source files of the lines above the threshold, with counts in the margin (source_annotation.cc).
void print_source_view(const ViewContext& context);


}  // namespace ccsim::annotate

#endif
