// reference_counters.cc: see reference_counters.h.
#include "ccsim/core/reference_counters.h"

#include "ccsim/core/platform.h"

namespace ccsim {

HotCounters& ReferenceCounters::add(RefId ref, Arena& arena) {
  CCSIM_ASSERT(ref != kNoRef);
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
  const auto& hits = counters.l1_hits;
  counts[kReads] += hits[0][0] + hits[0][1];
  counts[kWrites] += hits[1][0] + hits[1][1];
  counts[level_event(Level::L1, kHitTemporal)] += hits[0][1] + hits[1][1];
  counts[level_event(Level::L1, kHitSpatial)] += hits[0][0] + hits[1][0];
}

void ReferenceCounters::zero() {
  for_each([](RefId, HotCounters& counters) {
    counters.l1_hits[0][0] = counters.l1_hits[0][1] = counters.l1_hits[1][0] = counters.l1_hits[1][1] = 0;
    if (counters.cold != nullptr) {
      for (std::uint32_t event = 0; event < kNumEvents; ++event) counters.cold[event] = 0;
    }
  });
}

}  // namespace ccsim
