// region_barriers.h: the regions summed by the barrier that closed them. An iterative code runs each
// parallel loop once per time step, and each run is a region of its own (`region:` records, one per barrier
// epoch): thousands of rows for one loop. Summed by the closing barrier's site (file, function, line), each
// loop or explicit barrier is one row with its epochs counted (issue 28, "Phases").
#ifndef CCSIM_ANNOTATE_REGION_BARRIERS_H
#define CCSIM_ANNOTATE_REGION_BARRIERS_H

#include <cstdint>
#include <string>
#include <vector>

#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// The regions one barrier closed: the first of them (its site names the barrier; its id orders ties),
// how many, and their counts added up. Regions with no known closing barrier (open at exit) form one
// row too.
struct BarrierRegions {
  const Region* first = nullptr;
  std::uint64_t epochs = 0;
  Counts counts;
};

// One row per closing barrier, in the order of each barrier's first region.
std::vector<BarrierRegions> regions_by_barrier(const Profile& profile);

// The rows as the regions view shows them: most invalidations received first, ties by first region id.
void order_by_invalidations(const Profile& profile, std::vector<BarrierRegions>& rows);

// The barrier that closed `region`: "file:line (function)", or "(unknown or open at exit)".
std::string closing_barrier(const Region& region);

}  // namespace ccsim::annotate

#endif
