// region_phases.h: the phases per object and line (issue 28, "Phases"): for each parallel loop (the
// regions one barrier closed, as regions_by_barrier() sums them) the objects and the detailed lines with
// their misses by cause, invalidations and transfers (`barrier-object:`, `barrier-line:`); per region,
// for the first regions the profile gives one by one (`region-object:`); and the timeline's busiest
// objects per interval (`timeline:`, `timeline-object:`).
#ifndef CCSIM_ANNOTATE_REGION_PHASES_H
#define CCSIM_ANNOTATE_REGION_PHASES_H

#include <cstdint>
#include <string>
#include <vector>

#include "ccsim/annotate/analysis/region_barriers.h"
#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// One object (or line) of one phase: its counts, several records of one key added up (heap objects of
// one site merged, profiles summed).
struct PhaseObjectRow {
  std::size_t object = 0;  // index into Profile::objects
  PhaseCounts counts{};
};
struct PhaseLineRow {
  std::uint64_t line_address = 0;
  PhaseCounts counts{};
};

// One phase: a barrier (its regions, `regions`: the regions view's row) or, with each_region, one region
// (`regions.epochs` 1). Its objects and lines heaviest first (phase_weight), the runtime's left in.
struct Phase {
  BarrierRegions regions;
  std::vector<PhaseObjectRow> objects;
  std::vector<PhaseLineRow> lines;
};

// L1 misses, invalidations received and transfers: how the rows are ranked.
std::uint64_t phase_weight(const PhaseCounts& counts);
// L1 misses (the first four counts) and invalidations received (true + false).
std::uint64_t phase_l1_misses(const PhaseCounts& counts);
std::uint64_t phase_invalidations(const PhaseCounts& counts);

// The phases in the regions view's order: by barrier (most invalidations first), or every region by id
// (`each_region`; only the regions the profile gives one by one have objects, and no region has lines).
std::vector<Phase> region_phases(const Profile& profile, bool each_region);

// The timeline: per object (heaviest first) its counts in each interval (profile.timeline.intervals).
struct TimelineRow {
  std::size_t object = 0;
  std::vector<PhaseCounts> intervals;
  PhaseCounts total{};
};
std::vector<TimelineRow> timeline_rows(const Profile& profile);

}  // namespace ccsim::annotate

#endif
