// object_paths.h: the numbers the paths view, the path graph and the JSON export derive from the
// `path-site:`, `path:` and `path-run:` records (docs/model.md, "Object paths").
#ifndef CCSIM_ANNOTATE_OBJECT_PATHS_H
#define CCSIM_ANNOTATE_OBJECT_PATHS_H

#include <cstdint>
#include <string>

#include "ccsim/annotate/analysis/latency.h"
#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// A run's memory time in cycles, all its lives together: each line access at the L1 hit latency unless it
// missed, each L1 miss at the latency of where it was served (own L2, LLC, another core's copy, memory).
std::uint64_t run_cycles(const PathRun& run, const LatencyTable& table);

// How often a path's data changes thread: its runs flagged changed.
std::size_t thread_changes(const ObjectPath& path);

// A site's block lifetime over its stored lives: allocations while live (docs/model.md), mean, shortest
// and longest.
struct Lifetime {
  std::uint64_t lives = 0;
  double mean = 0;
  std::uint64_t shortest = 0, longest = 0;
};
Lifetime site_lifetime(const PathSite& site);

// A run as a path names it: "fill_node on 1", "(unknown) on 2".
std::string run_name(const PathRun& run);
// A path in one line: "alloc_node on 1 -> fill_node on 1 => read_node on 2 -> free_node on 2", `=>` where the
// data changes thread.
std::string path_text(const ObjectPath& path);

}  // namespace ccsim::annotate

#endif
