// region_phases.h: the phases of a run, per data object and per cache line (`region-object:`,
// `barrier-object:`, `barrier-line:`; docs/output-format.md): which objects and lines a parallel loop
// misses on, invalidates and moves between threads. The regions view says which loop carries the
// traffic; these tables say on what data (the thesis' per-region reasoning, Fig. 3.8).
//
// The counts come from the notices the data-object observer charges (object_statistics.cc), in the
// simulated order, each in the region of the access that caused it (an invalidation: the writer's), so a
// region's objects add up to its `region:` totals of the same events.
//
// Bounded by summing by barrier site. A region's counts are kept per region until it is closed; then
// the barrier that closed it (its client address, fixed once closed: sync.h) is its site, and once the
// table has grown, the closed regions' entries are added into their site's (a fold). An event of a
// region already folded (a thread that is still in a region another thread closed: a join outside a
// team) starts a new entry of that region, folded into the same site later, so the sums stay exact.
// The first kRegionsOneByOne regions are never folded: the profile gives them one by one as well
// (`region-object:`), which is every region of a short run. Lines are kept by site only, and only their
// sharing events (coherence misses, invalidations, transfers: compulsory and replacement misses would
// need an entry for every line of a streamed array), at most kMaxRegionLineEntries entries; the profile
// writes those of the `line-detail:` lines.
#ifndef CCSIM_TOOL_REGION_PHASES_H
#define CCSIM_TOOL_REGION_PHASES_H

#include <cstdint>

#include "ccsim/core/types.h"
#include "ccsim/tool/data_objects/data_objects.h"

namespace ccsim {

class Simulator;

// The regions whose objects the profile gives one by one (`region-object:`), by id from 0.
constexpr RegionId kRegionsOneByOne = 256;
// Entries (site or open region, line) at most: about 80 bytes each, 10 MiB.
constexpr std::uint32_t kMaxRegionLineEntries = 1u << 17;

// The counts of one (region or site, object), in the order of the records.
enum PhaseEvent : std::uint32_t {
  kPhaseMissCompulsory,  // L1 misses by cause
  kPhaseMissTransfer,
  kPhaseMissCoherence,
  kPhaseMissReplacement,
  kPhaseCoherenceMissTrue,  // coherence_miss_true / _false
  kPhaseCoherenceMissFalse,
  kPhaseInvalidationsTrue,  // invalidations received, true sharing (in and across regions)
  kPhaseInvalidationsFalse,
  kPhaseTransfers,  // L1 misses served by another thread's copy (served_by_transfer_*)
  kPhaseEvents
};
// The events a line's entry keeps: kPhaseCoherenceMissTrue onwards.
constexpr std::uint32_t kFirstLinePhaseEvent = kPhaseCoherenceMissTrue;
constexpr std::uint32_t kLinePhaseEvents = kPhaseEvents - kFirstLinePhaseEvent;

struct PhaseCounts {
  std::uint64_t counts[kPhaseEvents];
};
// Adds `from` into `into`, event by event (folds, sums by site, the timeline's merged intervals).
void add_phase_counts(PhaseCounts& into, const PhaseCounts& from);

void init_region_phases(std::uint32_t line_bytes);
void zero_region_phases();

// One event of `object` at `address`, in `region`. The slow path only.
void count_region_phase(RegionId region, ObjectId object, Addr address, PhaseEvent event);

// After the run. A region's site is the client address of the barrier that closed it (0: unknown or
// still open at exit). `counts` is valid during the visit; only non-zero entries are visited, each key
// once, in no order.
using RegionObjectVisitor = void (*)(void* context, RegionId region, ObjectId object, const PhaseCounts& counts);
using SiteObjectVisitor = void (*)(void* context, Addr site, ObjectId object, const PhaseCounts& counts);
using SiteLineVisitor = void (*)(void* context, Addr site, Addr line, const PhaseCounts& counts);
// The regions kept one by one (id below kRegionsOneByOne).
void for_each_region_object(RegionObjectVisitor visit, void* context);
// Every region summed by site; and the lines (`counts` of the line events only; the others are 0).
void for_each_site_object(SiteObjectVisitor visit, void* context);
void for_each_site_line(SiteLineVisitor visit, void* context);

}  // namespace ccsim

#endif
