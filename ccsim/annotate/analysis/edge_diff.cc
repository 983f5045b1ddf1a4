// edge_diff.cc: matching invalidator and evictor edges between profiles by their code sites.
#include "ccsim/annotate/analysis/edge_diff.h"

#include <map>
#include <string>
#include <utility>

#include "ccsim/annotate/analysis/code_site.h"

namespace ccsim::annotate {

namespace {

// An edge as --diff matches it: the culprit's code site, then the victim's.
using EdgeSites = std::pair<CodeSite, CodeSite>;

// Every edge of one kind (or of one level), matched: its label and its counts in each profile.
using MatchedEdges = std::map<EdgeSites, DiffRow>;

// "a.c:12 (worker) -> a.c:12 (worker)": culprit -> victim, as the graphs draw them.
std::string edge_label(const EdgeSites& sites) {
  return site_label(sites.first, FileNames::full) + " -> " + site_label(sites.second, FileNames::full);
}

void add_edge(MatchedEdges& edges, const Profile& profile, std::size_t culprit, std::size_t victim,
              const Counts& counts, std::size_t side, std::size_t sides) {
  EdgeSites sites{site_of(profile.references[culprit]), site_of(profile.references[victim])};
  add_side(edges, sites, edge_label(sites), counts, side, sides);
}

// The invalidator edges' counts: the total, then the split in the order of the `invalidator:` record; ranked
// by the total's change plus the invalidations that moved between the split's classes (DiffColumns::split).
const DiffColumns kInvalidationColumns{
    {"invalidations", "true_in_region", "true_in_region_critical", "false_in_region", "true_across_regions",
     "false_across_regions"},
    0,
    {1, 2, 3, 4, 5},
    {0},
    "the split's columns (true or false sharing, in one region or across)",
    // The classes of the total, each invalidation in one: true_in_region_critical is a part of
    // true_in_region, not a class of its own, so it is left out (a write that now holds a lock is no move).
    {1, 3, 4, 5}};

DiffTable invalidator_table(const std::vector<const Analysis*>& analyses, const Options& options) {
  const std::size_t sides = analyses.size();
  MatchedEdges edges;
  for (std::size_t side = 0; side < sides; ++side) {
    const Profile& profile = *analyses[side]->profile;
    for (const InvalidatorEdge& record : profile.invalidator_edges) {
      const InvalidationSplit& split = record.split;
      add_edge(edges, profile, record.invalidator, record.victim,
               {split.total(), split.true_in_region, split.true_in_region_critical, split.false_in_region,
                split.true_across_regions, split.false_across_regions},
               side, sides);
    }
  }
  DiffTable table = diff_table("Change per invalidator edge", "invalidator edges", "edge (invalidator -> victim)",
                               rows_of(edges), sides, kInvalidationColumns, options);
  if (table.rows_in_all == 0) {
    table.nothing_to_compare =
        "No profile has invalidator: records (no run recorded a write removing another thread's copy): there are "
        "no invalidator edges to compare.";
  }
  return table;
}

}  // namespace

std::vector<DiffTable> edge_diff_tables(const std::vector<const Analysis*>& analyses, const Options& options) {
  std::vector<DiffTable> tables{invalidator_table(analyses, options)};
  const std::size_t sides = analyses.size();
  std::map<std::string, MatchedEdges> levels;  // per level ("L1", "L2", "LLC") with edges
  for (std::size_t side = 0; side < sides; ++side) {
    const Profile& profile = *analyses[side]->profile;
    for (const EvictorEdge& record : profile.evictor_edges)
      add_edge(levels[record.level], profile, record.evictor, record.victim, {record.count}, side, sides);
  }
  for (const char* level : {"L1", "L2", "LLC"}) {
    auto edges = levels.find(level);
    if (edges == levels.end()) continue;
    const DiffColumns columns{{"evictions from " + edges->first}, 0, {}, {0}, "", {}};
    tables.push_back(diff_table("Change per evictor edge (" + edges->first + ")", edges->first + " evictor edges",
                                "edge (evictor -> victim)", rows_of(edges->second), sides, columns, options));
  }
  if (levels.empty()) {
    DiffTable none;
    none.title = "Change per evictor edge";
    none.noun = "evictor edges";
    none.id = "change-evictor-edges";
    none.nothing_to_compare =
        "No profile has evictor: records (no run recorded whose accesses evicted whose lines): there are no evictor "
        "edges to compare.";
    tables.push_back(std::move(none));
  }
  return tables;
}

}  // namespace ccsim::annotate
