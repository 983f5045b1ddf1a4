// culprit_edges.h: invalidator and evictor edges added up from (reference, thread) pairs to the
// endpoints users reason about: a code site, the data object it touches, and a thread.
#ifndef CCSIM_ANNOTATE_CULPRIT_EDGES_H
#define CCSIM_ANNOTATE_CULPRIT_EDGES_H

#include <string>
#include <vector>

#include "ccsim/annotate/analysis/analysis.h"

namespace ccsim::annotate {

// One side of an edge.
struct Endpoint {
  CodeSite site;
  std::string object;  // the main data object of the site's reference (Analysis::reference_objects), or ""
  ThreadId thread = 0;
  bool runtime = false;  // the reference belongs to the runtime (Analysis::runtime_references)
};

bool operator<(const Endpoint& a, const Endpoint& b);

// The culprit (a store that invalidated, an access that evicted) and its victim (the reference that
// last touched the lost line), with how often. For a transfer the culprit is the writer (the last
// toucher of the supplying copy) and the victim the reader that missed. `split` is the invalidations'
// (zero for the others), `transfers` the transfers' (zero for the others).
struct CulpritEdge {
  Endpoint victim;
  Endpoint culprit;
  std::uint64_t count = 0;
  InvalidationSplit split;
  TransferSplit transfers;
};

// Every invalidator: record, added up per (victim endpoint, culprit endpoint); ordered by endpoints.
std::vector<CulpritEdge> invalidation_edges(const Analysis& analysis);
// Every transfer: record, added up per (reader endpoint, writer endpoint).
std::vector<CulpritEdge> transfer_edges(const Analysis& analysis);
// Every evictor: record of `level`, added up likewise.
std::vector<CulpritEdge> eviction_edges(const Analysis& analysis, const std::string& level);

// The edges a view or graph draws: without those touching the runtime unless `show_runtime`, and
// without those under `threshold_percent` of all the edges' count (--threshold).
std::vector<CulpritEdge> edges_to_show(std::vector<CulpritEdge> edges, bool show_runtime,
                                       double threshold_percent);

// A victim and its culprits, heaviest first.
struct VictimCulprits {
  Endpoint victim;
  std::uint64_t count = 0;  // all its edges
  InvalidationSplit split;  // all its edges (invalidations only)
  std::vector<const CulpritEdge*> culprits;
};

// Groups `edges` (which must outlive the result) by victim, heaviest victim first.
std::vector<VictimCulprits> group_by_victim(const std::vector<CulpritEdge>& edges);

}  // namespace ccsim::annotate

#endif
