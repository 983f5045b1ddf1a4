// shared_cache.cc: the optional last-level cache shared by all processors, accessed when a processor's
// whole private hierarchy misses. It is outside the coherence protocol: invalidations do not remove its
// copies and it does not back-invalidate the private caches when it evicts (non-inclusive), so its misses
// are compulsory (the LLC never held the line) or replacement. It keeps no per-processor state; a line
// brought in by one processor is a hit for the next.
#include "ccsim/core/simulator_impl.h"

namespace ccsim {

bool Simulator::access_llc(const LineAccess& access, HotCounters& counters) {
  const bool shadow_hit = config_.miss_classes && access_shadow(llc_shadow_, access.proc, Level::LLC, access.line);
  std::uint32_t fill_way = 0;  // set by find_or_choose() when the line is absent (GCC cannot tell)
  const std::uint32_t way = llc_.find_or_choose(access.line, &fill_way);
  if (way != Cache::kAbsent) {
    const bool temporal = llc_.touch(way, access.bytes, access.ref, access.region, access.proc);
    count(counters, level_event(Level::LLC, temporal ? kHitTemporal : kHitSpatial));
    return true;
  }
  const bool first_time = !llc_ever_held_.add_was_present(access.line);
  const MissCause cause = first_time ? MissCause::Compulsory : MissCause::Replacement;
  count_miss(access, cold_counts(counters), Level::LLC, cause, shadow_hit);
  if (llc_.tag(fill_way) != Cache::kNoLine) {
    count_eviction(access, Level::LLC, llc_, fill_way, processor(llc_.info(fill_way).last_proc));
    llc_.remove(fill_way);
  }
  llc_.fill(fill_way, access.line, LineInfo{access.ref, access.region, access.proc, LineState::Shared}, access.bytes,
            writes(access.kind));
  return false;
}

}  // namespace ccsim
