// cache_sets.h: where each level's lines went among its sets (DProf's associativity-set histogram;
// docs/model.md, "Cache sets and the working set"), with --working-set=yes: per level and set, the
// distinct lines brought into the set and its replacement and conflict misses; the same per object.
//
// Counted from the miss notices only (observer.h), never on an L1 hit: a line enters a set only on a
// miss. A line is "distinct" in a level's set the first time any thread brings it into that level (one
// bit per line per level, sparse_line_set.h); it counts for the object of that first access, so a line
// holding two objects counts once, for the first one to miss on it. Conflict misses need
// --miss-classes=yes; without it they are 0 and readers look at replacement misses instead.
//
// Memory: per level, 24 bytes per set (at most half of what the simulator spends per line of that level);
// one bit per line ever brought into each level, in the simulator's 128-byte chunks of 1024 lines; per
// object, 32 bytes per (level, set) it has a line or a replacement miss in.
#ifndef CCSIM_TOOL_CACHE_SETS_H
#define CCSIM_TOOL_CACHE_SETS_H

#include <cstdint>

#include "ccsim/core/events.h"
#include "ccsim/core/geometry.h"
#include "ccsim/core/observer.h"
#include "ccsim/tool/data_objects/data_objects.h"

namespace ccsim {

// What one set (of a level, or of an object at a level) counted.
struct SetCounts {
  std::uint64_t lines;        // distinct lines brought into the set
  std::uint64_t replacement;  // <L>_miss_replacement of accesses to the set
  std::uint64_t conflict;     // <L>_miss_conflict (with --miss-classes=yes)
};

// Whether sets, resident lines and live heap blocks are counted: --working-set=yes.
bool working_set_on();
void init_cache_sets(const MachineConfig& machine);
void zero_cache_sets();

// One miss notice, charged to `object` (the object the miss's own counts go to). A replacement miss whose
// class comes later (`class_later`: several simulation workers with miss classes) counts no conflict yet.
void count_set_miss(const MissNotice& miss, ObjectId object);
// The shadow stage found that such a miss at `level`, of the line of `address`, charged to `object`, was a
// conflict miss (deferred_miss_classes.h).
void count_set_conflict(Level level, Addr address, ObjectId object);

// The sets of `level` (0 for an absent level) and their counts, indexed by set.
std::uint64_t level_sets(Level level);
const SetCounts* level_set_counts(Level level);

// Every (object, level, set) with a count, in no particular order.
using ObjectSetVisitor = void (*)(void* context, ObjectId object, Level level, std::uint64_t set,
                                  const SetCounts& counts);
void for_each_object_set(ObjectSetVisitor visit, void* context);

}  // namespace ccsim

#endif
