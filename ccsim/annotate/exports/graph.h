// graph.h: --graph=invalidators|evictors --format=dot, the culprit -> victim graph in Graphviz's
// language, built with Boost.Graph and written by boost::write_graphviz.
#ifndef CCSIM_ANNOTATE_GRAPH_H
#define CCSIM_ANNOTATE_GRAPH_H

#include <ostream>

#include "ccsim/annotate/analysis/analysis.h"
#include "ccsim/annotate/options.h"

namespace ccsim::annotate {

// Nodes are code sites with their data object (threads added up); each edge goes from culprit to victim
// and is labelled with its count, its share of the victim's total and the thread pairs (culprit thread ->
// victim thread). Keeps the --graph-top heaviest edges, only those touching --graph-node when given.
// Colour: red mostly true sharing, blue mostly false, purple mixed, grey evictions; width: weight.
// Throws OptionError when --graph-node matches no node.
void write_culprit_graph(std::ostream& out, const Analysis& analysis, const Options& options);

// `text` as the inside of a dot double-quoted string: quotes and backslashes escaped, newlines as
// centred line breaks, control characters and bytes that are not UTF-8 replaced by '?'.
std::string dot_escaped(const std::string& text);

}  // namespace ccsim::annotate

#endif
