// svg_graph.h: the invalidator and evictor graphs of --graph, drawn as SVG by Graphviz's `dot` program
// for the HTML report.
#ifndef CCSIM_ANNOTATE_SVG_GRAPH_H
#define CCSIM_ANNOTATE_SVG_GRAPH_H

#include <string>

#include "ccsim/annotate/analysis/analysis.h"
#include "ccsim/annotate/options.h"

namespace ccsim::annotate {

// Writes the graph `kind` (write_culprit_graph, the same edges and labels as --graph) to DIR/<name>.dot,
// runs `dot -Tsvg` (looked up on PATH) to make DIR/<name>.svg, and returns the SVG element (from "<svg",
// without the XML prolog) to inline into a page. Throws OptionError with one sentence when dot is not
// installed or fails.
std::string svg_culprit_graph(const Analysis& analysis, const Options& options, GraphKind kind,
                              const std::string& dir, const std::string& name);

}  // namespace ccsim::annotate

#endif
