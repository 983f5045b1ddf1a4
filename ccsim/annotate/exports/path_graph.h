// path_graph.h: --graph=paths, DProf's data-flow graph (its Fig. 2), exact: per followed heap site, the runs of
// its --graph-top heaviest paths merged into one graph of (function, thread) nodes, from "allocated" to
// "freed"; an edge is a step from one run to the next, labelled with the lives that took it and drawn thick
// and red where the data changes thread; a node is shaded darker the more memory time (--latency) a life
// spends in it.
#ifndef CCSIM_ANNOTATE_PATH_GRAPH_H
#define CCSIM_ANNOTATE_PATH_GRAPH_H

#include <ostream>

#include "ccsim/annotate/options.h"
#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// Writes the graph in Graphviz's language; a profile without object paths gives a graph with only a title
// that says so.
void write_path_graph(std::ostream& out, const Profile& profile, const Options& options);

}  // namespace ccsim::annotate

#endif
