// html_report.h: --html=DIR, the report as one page a colleague can open from a shared folder, offline:
// DIR/index.html (style sheet, script and graphs inlined) beside the graphs' dot and SVG files.
#ifndef CCSIM_ANNOTATE_HTML_REPORT_H
#define CCSIM_ANNOTATE_HTML_REPORT_H

#include <string>
#include <vector>

#include "ccsim/annotate/analysis/analysis.h"
#include "ccsim/annotate/options.h"
#include "ccsim/annotate/tables/event_columns.h"

namespace ccsim::annotate {

// The report of one profile (or several summed): the run, the findings (find_findings(), as
// --view=findings shows them) with their advice, cost, culprit and victim lines and a byte map of each hot
// line; the invalidator and evictor graphs as SVG (svg_graph.h); the per-thread summary; sortable tables of
// lines, functions and objects ranked as the text views rank them; the hot source files annotated.
// Creates DIR when it does not exist. Throws OptionError when DIR or a file in it cannot be written, or
// dot is missing.
void write_html_report(const std::string& dir, const Analysis& analysis, const Options& options,
                       const EventColumns& columns);

// --diff --html=DIR: the two runs (the first and last of `analyses`; options.cc allows two) side by side
// (their header, findings and byte maps), then the change per line, object, thread and barrier as the text
// --diff prints it.
void write_html_diff(const std::string& dir, const std::vector<const Analysis*>& analyses, const Options& options,
                     const EventColumns& columns);

}  // namespace ccsim::annotate

#endif
