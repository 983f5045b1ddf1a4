// region_barriers.cc: see region_barriers.h.
#include "ccsim/annotate/analysis/region_barriers.h"

#include <algorithm>
#include <map>
#include <string>
#include <tuple>

#include "ccsim/annotate/analysis/code_site.h"

namespace ccsim::annotate {

std::string closing_barrier(const Region& region) {
  if (region.file.empty() && region.function.empty() && region.line == 0) return "(unknown or open at exit)";
  return site_label({region.file, region.line, region.function}, FileNames::full);
}

std::vector<BarrierRegions> regions_by_barrier(const Profile& profile) {
  std::vector<BarrierRegions> rows;
  std::map<std::tuple<std::string, std::string, std::uint64_t>, std::size_t> row_of_barrier;
  for (const Region& region : profile.regions) {
    auto [found, added] = row_of_barrier.try_emplace({region.file, region.function, region.line}, rows.size());
    if (added) {
      rows.push_back(BarrierRegions{&region, 1, region.counts});
      continue;
    }
    BarrierRegions& row = rows[found->second];
    ++row.epochs;
    if (row.counts.size() < region.counts.size()) row.counts.resize(region.counts.size(), 0);
    for (std::size_t i = 0; i < region.counts.size(); ++i) row.counts[i] += region.counts[i];
  }
  return rows;
}

void order_by_invalidations(const Profile& profile, std::vector<BarrierRegions>& rows) {
  const auto invalidations = profile.event_index("invalidations_received");
  auto weight = [&](const BarrierRegions& row) { return invalidations ? row.counts[*invalidations] : 0; };
  std::stable_sort(rows.begin(), rows.end(), [&](const BarrierRegions& a, const BarrierRegions& b) {
    return weight(a) != weight(b) ? weight(a) > weight(b) : a.first->id < b.first->id;
  });
}

}  // namespace ccsim::annotate
