// culprit_edges.cc: aggregation of edge records to endpoints, and grouping by victim.
#include "ccsim/annotate/analysis/culprit_edges.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace ccsim::annotate {

namespace {

using EdgeKey = std::pair<Endpoint, Endpoint>;  // victim, culprit

Endpoint endpoint_of(const Analysis& analysis, std::size_t reference, ThreadId thread) {
  return {site_of(analysis.profile->references[reference]), analysis.reference_objects[reference], thread,
          analysis.runtime_references[reference]};
}

std::vector<CulpritEdge> edges_from(std::map<EdgeKey, CulpritEdge>& edges) {
  std::vector<CulpritEdge> result;
  for (auto& [key, edge] : edges) result.push_back(std::move(edge));
  return result;
}

}  // namespace

bool operator<(const Endpoint& a, const Endpoint& b) {
  return std::tie(a.site, a.object, a.thread) < std::tie(b.site, b.object, b.thread);
}

std::vector<CulpritEdge> invalidation_edges(const Analysis& analysis) {
  std::map<EdgeKey, CulpritEdge> edges;
  for (const InvalidatorEdge& record : analysis.profile->invalidator_edges) {
    Endpoint victim = endpoint_of(analysis, record.victim, record.victim_thread);
    Endpoint culprit = endpoint_of(analysis, record.invalidator, record.invalidator_thread);
    CulpritEdge& edge = edges[{victim, culprit}];
    edge.victim = victim;
    edge.culprit = culprit;
    edge.count = checked_sum(edge.count, record.split.total());
    edge.split.add(record.split);
  }
  return edges_from(edges);
}

std::vector<CulpritEdge> transfer_edges(const Analysis& analysis) {
  std::map<EdgeKey, CulpritEdge> edges;
  for (const TransferEdge& record : analysis.profile->transfer_edges) {
    Endpoint reader = endpoint_of(analysis, record.reader, record.reader_thread);
    Endpoint writer = endpoint_of(analysis, record.source, record.source_thread);
    CulpritEdge& edge = edges[{reader, writer}];
    edge.victim = reader;
    edge.culprit = writer;
    edge.count = checked_sum(edge.count, record.split.total());
    edge.transfers.from_modified = checked_sum(edge.transfers.from_modified, record.split.from_modified);
    edge.transfers.from_exclusive = checked_sum(edge.transfers.from_exclusive, record.split.from_exclusive);
    edge.transfers.from_shared = checked_sum(edge.transfers.from_shared, record.split.from_shared);
  }
  return edges_from(edges);
}

std::vector<CulpritEdge> eviction_edges(const Analysis& analysis, const std::string& level) {
  std::map<EdgeKey, CulpritEdge> edges;
  for (const EvictorEdge& record : analysis.profile->evictor_edges) {
    if (record.level != level) continue;
    Endpoint victim = endpoint_of(analysis, record.victim, record.victim_thread);
    Endpoint culprit = endpoint_of(analysis, record.evictor, record.evictor_thread);
    CulpritEdge& edge = edges[{victim, culprit}];
    edge.victim = victim;
    edge.culprit = culprit;
    edge.count = checked_sum(edge.count, record.count);
  }
  return edges_from(edges);
}

std::vector<CulpritEdge> edges_to_show(std::vector<CulpritEdge> edges, bool show_runtime,
                                       double threshold_percent) {
  std::uint64_t total = 0;
  for (const CulpritEdge& edge : edges) total += edge.count;
  double needed = threshold_percent / 100.0 * static_cast<double>(total);
  std::vector<CulpritEdge> shown;
  for (CulpritEdge& edge : edges) {
    if (!show_runtime && (edge.victim.runtime || edge.culprit.runtime)) continue;
    if (static_cast<double>(edge.count) < needed) continue;
    shown.push_back(std::move(edge));
  }
  return shown;
}

std::vector<VictimCulprits> group_by_victim(const std::vector<CulpritEdge>& edges) {
  std::map<Endpoint, VictimCulprits> victims;
  for (const CulpritEdge& edge : edges) {
    VictimCulprits& victim = victims[edge.victim];
    victim.victim = edge.victim;
    victim.count = checked_sum(victim.count, edge.count);
    victim.split.add(edge.split);
    victim.culprits.push_back(&edge);
  }
  std::vector<VictimCulprits> result;
  for (auto& [endpoint, victim] : victims) {
    std::stable_sort(victim.culprits.begin(), victim.culprits.end(),
                     [](const CulpritEdge* a, const CulpritEdge* b) { return a->count > b->count; });
    result.push_back(std::move(victim));
  }
  std::stable_sort(result.begin(), result.end(),
                   [](const VictimCulprits& a, const VictimCulprits& b) { return a.count > b.count; });
  return result;
}

}  // namespace ccsim::annotate
