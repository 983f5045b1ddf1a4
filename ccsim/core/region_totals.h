// region_totals.h: per-region sums of the slow-path events (misses by level and cause, coherence misses,
// invalidations received and caused, evictions), so a user can compare the phases between barriers.
// Accesses and hits are not kept per region: that would put a lookup on the L1 hit path.
#ifndef CCSIM_CORE_REGION_TOTALS_H
#define CCSIM_CORE_REGION_TOTALS_H

#include <cstdint>

#include "ccsim/core/arena.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/core/types.h"

namespace ccsim {

class RegionTotals {
 public:
  RegionTotals() : counts_("ccsim.regions") {}

  // The kNumEvents counters of `region`, created zeroed. The pointer stays valid (arena storage), so the
  // simulator can keep the current region's counters between accesses.
  std::uint64_t* find_or_add(RegionId region, Arena& arena);

  // Calls visit(region, counts) for every region with a non-zero count.
  template <class Visit>
  void for_each(Visit visit) const {
    counts_.for_each([&](RegionId region, std::uint64_t* counts) {
      if (!all_zero(counts)) visit(region, counts);
    });
  }

  void zero();

 private:
  static bool all_zero(const std::uint64_t* counts);

  HashMap<RegionId, std::uint64_t*> counts_;  // region -> kNumEvents counters in the arena
};

}  // namespace ccsim

#endif
