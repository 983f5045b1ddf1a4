// shared_cache.cc: the optional last-level cache shared by all processors, accessed when a processor's
// whole private hierarchy misses. It is outside the coherence protocol: invalidations do not remove its
// copies and it does not back-invalidate the private caches when it evicts (non-inclusive), so its misses
// are compulsory (the LLC never held the line) or replacement. It keeps no per-processor state; a line
// brought in by one processor is a hit for the next.
#include "ccsim/core/simulator_impl.h"

namespace ccsim {

void Simulator::access_llc(const LineAccess& access, HotCounters& counters) {
  const bool shadow_hit = config_.miss_classes && llc_shadow_.access(access.line);
  std::uint32_t way = llc_.find(access.line);
  if (way != Cache::kAbsent) {
    const bool temporal = llc_.touch(way, access.bytes, access.ref, access.region, access.proc);
    count(counters, level_event(Level::LLC, temporal ? kHitTemporal : kHitSpatial));
    return;
  }
  const bool first_time = llc_ever_held_.add(access.line);
  count_miss(counters, Level::LLC, access.kind, first_time ? MissCause::Compulsory : MissCause::Replacement,
             shadow_hit);
  way = llc_.choose_way(access.line);
  if (llc_.tag(way) != Cache::kNoLine) {
    count_eviction(access, Level::LLC, llc_, way);
    llc_.remove(way);
  }
  llc_.fill(way, access.line, LineState::Shared, access.bytes, writes(access.kind), access.ref, access.region,
            access.proc);
}

}  // namespace ccsim
