// profile.cc: lookups on an in-memory profile.
#include "ccsim/annotate/parsing/profile.h"

#include <algorithm>
#include <set>

namespace ccsim::annotate {

void InvalidationSplit::add(const InvalidationSplit& more) {
  true_in_region += more.true_in_region;
  true_in_region_critical += more.true_in_region_critical;
  false_in_region += more.false_in_region;
  true_across_regions += more.true_across_regions;
  false_across_regions += more.false_across_regions;
}

std::optional<std::size_t> Profile::event_index(const std::string& name) const {
  auto found = std::find(events.begin(), events.end(), name);
  if (found == events.end()) return std::nullopt;
  return static_cast<std::size_t>(found - events.begin());
}

bool Profile::has_level(const std::string& level) const {
  return std::any_of(header.caches.begin(), header.caches.end(),
                     [&](const CacheLevel& cache) { return cache.name == level && cache.present; });
}

std::vector<ThreadId> Profile::threads() const {
  std::set<ThreadId> seen;
  for (const ThreadCounts& record : counts) seen.insert(record.thread);
  return {seen.begin(), seen.end()};
}

}  // namespace ccsim::annotate
