// cached_ranges.h: address ranges remembered from object lookups (data_objects.h), so that the next access
// in the same range needs no lookup, and their invalidation when the layout of objects changes (a heap
// block allocated or freed, a range named, a library mapped, a thread's stack moved).
//
// Why a list instead of a generation counter: a cache entry holds only a range, so checking it is one
// unsigned compare on the hot path. Every filled entry is on one list, which keeps a copy of each small
// range next to the entry's address and groups the large ones by range; a change compares the copies and
// the groups and empties the entries whose range it touches, and every 256th change empties them all, so
// that the list holds only entries filled lately (cached_ranges.cc says why), not every one ever filled.
#ifndef CCSIM_TOOL_CACHED_RANGES_H
#define CCSIM_TOOL_CACHED_RANGES_H

#include "ccsim/core/types.h"

namespace ccsim {

// One remembered range [start, start + size). Empty when size is 0: `address - start < size` is then
// false for every address, so an empty entry needs no separate test.
struct CachedRange {
  Addr start;
  Addr size;
};

// Where a filled range is on the list (cached_ranges.cc numbers the places), so that filling the entry
// again updates the list in place. Each holder keeps it next to its range, outside CachedRange, so that
// the hot path's caches stay as small as they are; meaningful only while the range is not empty.
using RangeSlot = std::uint32_t;

// Remembers [low, high] (inclusive) in `range` and puts it on the list of filled entries, or updates its
// copy there when the range was filled already (`slot` is the holder's RangeSlot of `range`). A range
// covering the whole address space is remembered without its last byte (its size would not fit).
// `layout_free`: the holder's answer does not depend on the objects' layout (the allocator's own
// accesses, data_objects.h): no change forgets the range, only a pass over the whole address space.
void remember_range(CachedRange* range, RangeSlot* slot, Addr low, Addr high, bool layout_free = false);

// Empties every remembered range that overlaps [low, high] (inclusive): the objects there changed.
void forget_ranges(Addr low, Addr high);

// Empties one holder's range (and takes it off the list): the holder must not cover its object any more
// (a heap block watched by the placement prediction, placement_watch.h).
void forget_range(CachedRange* range, RangeSlot* slot);

// Empties every remembered range (CCSIM_ZERO_STATS, a library loaded).
void forget_all_ranges();

// How many ranges are remembered (on the list), for the tests.
std::uint32_t filled_range_count();

}  // namespace ccsim

#endif
