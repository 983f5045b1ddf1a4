// reference_counters.cc: see reference_counters.h.
#include "ccsim/core/reference_counters.h"

namespace ccsim {

HotCounters& ReferenceCounters::add(RefId ref, Arena& arena) {
  const std::uint32_t page = ref >> kPageBits;
  if (page >= pages_.size()) pages_.resize(page + 1);
  if (pages_[page] == nullptr) pages_[page] = arena.allocate_array<HotCounters*>(kPageSize);
  HotCounters*& record = pages_[page][ref & kPageMask];
  if (record == nullptr) record = arena.allocate_array<HotCounters>(1);
  return *record;
}

HotCounters* ReferenceCounters::find_in_pages(RefId ref) const {
  const std::uint32_t page = ref >> kPageBits;
  if (page >= pages_.size() || pages_[page] == nullptr) return nullptr;
  HotCounters* counters = pages_[page][ref & kPageMask];
  if (counters != nullptr) recent_[ref & kRecentMask] = Recent{ref, counters};
  return counters;
}

void ReferenceCounters::read(const HotCounters& counters, std::uint64_t* counts) {
  for (std::uint32_t event = 0; event < kNumEvents; ++event) {
    counts[event] = counters.cold == nullptr ? 0 : counters.cold[event];
  }
  counts[kReads] += counters.reads;
  counts[kWrites] += counters.writes;
  counts[level_event(Level::L1, kHitTemporal)] += counters.l1_hits_temporal;
  counts[level_event(Level::L1, kHitSpatial)] += counters.l1_hits_spatial;
}

void ReferenceCounters::zero() {
  for_each([](RefId, HotCounters& counters) {
    counters.reads = counters.writes = counters.l1_hits_temporal = counters.l1_hits_spatial = 0;
    if (counters.cold != nullptr) {
      for (std::uint32_t event = 0; event < kNumEvents; ++event) counters.cold[event] = 0;
    }
  });
}

}  // namespace ccsim
