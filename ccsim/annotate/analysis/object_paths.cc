// object_paths.cc: see object_paths.h.
#include "ccsim/annotate/analysis/object_paths.h"

#include <algorithm>

namespace ccsim::annotate {

std::uint64_t run_cycles(const PathRun& run, const LatencyTable& table) {
  const std::uint64_t accesses = run.reads + run.writes;
  const std::uint64_t hits = accesses - std::min(accesses, run.misses());
  return hits * table.l1_hit + run.own_l2 * table.l2_hit + run.llc * table.llc_hit + run.transfer * table.other_core +
         run.memory * table.memory;
}

std::size_t thread_changes(const ObjectPath& path) {
  return static_cast<std::size_t>(
      std::count_if(path.runs.begin(), path.runs.end(), [](const PathRun& run) { return run.changed; }));
}

Lifetime site_lifetime(const PathSite& site) {
  Lifetime lifetime;
  std::uint64_t sum = 0;
  for (const ObjectPath& path : site.paths) {
    lifetime.shortest = lifetime.lives == 0 ? path.lifetime_min : std::min(lifetime.shortest, path.lifetime_min);
    lifetime.longest = std::max(lifetime.longest, path.lifetime_max);
    lifetime.lives += path.lives;
    sum += path.lifetime_sum;
  }
  if (lifetime.lives > 0) lifetime.mean = static_cast<double>(sum) / static_cast<double>(lifetime.lives);
  return lifetime;
}

std::string run_name(const PathRun& run) {
  return (run.function.empty() ? std::string("(unknown)") : run.function) + " on " + std::to_string(run.thread);
}

std::string path_text(const ObjectPath& path) {
  std::string text;
  for (std::size_t i = 0; i < path.runs.size(); ++i) {
    if (i > 0) text += path.runs[i].changed ? " => " : " -> ";
    text += run_name(path.runs[i]);
  }
  if (path.cut) text += " -> ...";
  return text;
}

}  // namespace ccsim::annotate
