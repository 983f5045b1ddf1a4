// cached_ranges.cc: the list of filled range caches and its invalidation.
#include "ccsim/tool/data_objects/cached_ranges.h"

#include "ccsim/core/growable_array.h"

namespace ccsim {
namespace {

// Every entry whose range is not empty, each once: an entry joins when it goes from empty to filled and
// leaves when a change empties it. Entries live in References and in the lookup cache, never freed.
// Created at first use and never destroyed (a tool has no atexit for static destructors).
GrowableArray<CachedRange*>& filled_ranges() {
  static GrowableArray<CachedRange*>* ranges = nullptr;
  if (ranges == nullptr) ranges = create_object<GrowableArray<CachedRange*>>("ccsim.objects", "ccsim.objects.cached");
  return *ranges;
}

// A range stays on the list until a change empties it, so without sweeps the list would also hold every
// entry filled once long ago (the start-up's instructions, a loop that has ended): thousands, walked at
// every malloc and free. An allocation-heavy program (4 threads each freeing and allocating a small
// block 200,000 times) spent 48% of a native run in this walk. So every kForgetsPerSweep-th change
// empties every range instead: the list then holds only the entries filled since, and each busy entry
// pays one lookup per sweep to fill again. Emptying an entry never changes a result, only what the next
// access looks up.
constexpr std::uint32_t kForgetsPerSweep = 256;
std::uint32_t forgets_since_sweep = 0;

}  // namespace

void remember_range(CachedRange* range, Addr low, Addr high) {
  Addr size = high - low + 1;
  // The whole address space has no size: it is remembered without its last byte, which no program can
  // touch. (Not remembering it would leave the entry's previous range with the new answer.)
  if (size == 0) size = ~Addr(0);
  if (range->size == 0) filled_ranges().push_back(range);
  range->start = low;
  range->size = size;
}

void forget_ranges(Addr low, Addr high) {
  if (++forgets_since_sweep >= kForgetsPerSweep) {
    forgets_since_sweep = 0;
    low = 0;
    high = ~Addr(0);
  }
  GrowableArray<CachedRange*>& ranges = filled_ranges();
  std::uint32_t kept = 0;
  for (std::uint32_t i = 0; i < ranges.size(); ++i) {
    CachedRange* range = ranges[i];
    const Addr last = range->start + range->size - 1;
    if (range->start <= high && low <= last) {
      range->size = 0;
    } else {
      ranges[kept++] = range;
    }
  }
  ranges.resize(kept);
}

void forget_all_ranges() { forget_ranges(0, ~Addr(0)); }

std::uint32_t filled_range_count() { return filled_ranges().size(); }

}  // namespace ccsim
