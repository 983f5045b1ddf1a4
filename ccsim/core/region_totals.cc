// region_totals.cc: see region_totals.h.
#include "ccsim/core/region_totals.h"

#include "ccsim/core/events.h"

namespace ccsim {

std::uint64_t* RegionTotals::find_or_add(RegionId region, Arena& arena) {
  std::uint64_t*& counts = counts_.find_or_add(region);
  if (counts == nullptr) counts = arena.allocate_array<std::uint64_t>(kNumEvents);
  return counts;
}

void RegionTotals::zero() {
  counts_.for_each([](RegionId, std::uint64_t* counts) {
    for (std::uint32_t event = 0; event < kNumEvents; ++event) counts[event] = 0;
  });
}

bool RegionTotals::all_zero(const std::uint64_t* counts) {
  for (std::uint32_t event = 0; event < kNumEvents; ++event) {
    if (counts[event] != 0) return false;
  }
  return true;
}

}  // namespace ccsim
