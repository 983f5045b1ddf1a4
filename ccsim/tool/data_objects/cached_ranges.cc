// cached_ranges.cc: the list of filled range caches and its invalidation.
#include "ccsim/tool/data_objects/cached_ranges.h"

#include "ccsim/core/growable_array.h"
#include "ccsim/core/platform.h"

namespace ccsim {
namespace {

// Filled entries are kept in two ways, by the size of their range, because a change compares every
// entry the list holds. Measured on an allocation-heavy replay (perf/workloads/alloc_churn.c,
// interleaved: about 160 entries per change, three changes per block, 12% of the run in the walk): 113
// of the 160 were the four threads' stacks, each remembered by 29 entries (every instruction touching
// the stack, on each processor), and 46 were heap blocks.
//
// - Narrow ranges (up to kWideBytes): one record each, a copy of the range next to where the entry and
//   its slot are, so that a change compares copies lying side by side (and fills again in place update
//   the copy: pointer chasing refills an entry with another block's range at nearly every access).
// - Wide ranges (a stack, an array, a mapping, a gap of the heap): grouped by range, so that a change
//   compares each distinct range once however many entries remember it. They are filled again rarely
//   (a loop over an array keeps its range), so joining a group may search the groups.
constexpr Addr kWideBytes = Addr(1) << 16;

// A RangeSlot is the entry's index among the narrow records, or kWideSlot plus its index among the
// wide members.
constexpr RangeSlot kWideSlot = RangeSlot(1) << 31;

struct NarrowRange {
  Addr start;
  Addr last;
  CachedRange* range;
  RangeSlot* slot;
};

struct WideGroup {
  Addr start;
  Addr last;
  std::uint32_t members;  // entries remembering exactly [start, last] (and this layout_free)
  // The entries' answer does not depend on the layout (the allocator's own accesses): only a pass over
  // the whole address space (a sweep, forget_all_ranges) forgets them, so that the allocator's code, run
  // at every layout change, does not look its object up again each time.
  bool layout_free;
};
struct WideMember {
  CachedRange* range;
  RangeSlot* slot;
  std::uint32_t group;  // index in the groups
};

// The entries whose range is not empty, each once, in no order: an entry joins when it goes from empty
// to filled and leaves when a change empties it (the last record then takes its place). Entries live in
// References and in the lookup caches, never freed. Created at first use and never destroyed (a tool has
// no atexit for static destructors).
struct FilledRanges {
  GrowableArray<NarrowRange> narrow{"ccsim.objects.cached"};
  GrowableArray<WideGroup> groups{"ccsim.objects.cached"};
  GrowableArray<WideMember> members{"ccsim.objects.cached"};
  GrowableArray<std::uint32_t> renumbered{"ccsim.objects.cached"};  // scratch of forget_wide()
};
FilledRanges& filled() {
  static FilledRanges* ranges = nullptr;
  if (ranges == nullptr) ranges = create_object<FilledRanges>("ccsim.objects");
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

void add_wide(FilledRanges& ranges, CachedRange* range, RangeSlot* slot, Addr start, Addr last, bool layout_free) {
  std::uint32_t group = 0;
  while (group < ranges.groups.size() &&
         (ranges.groups[group].start != start || ranges.groups[group].last != last ||
          ranges.groups[group].layout_free != layout_free)) {
    ++group;
  }
  if (group == ranges.groups.size()) ranges.groups.push_back(WideGroup{start, last, 0, layout_free});
  ++ranges.groups[group].members;
  *slot = kWideSlot | ranges.members.size();
  ranges.members.push_back(WideMember{range, slot, group});
}

// The wide member at `index` leaves (its entry is filled again with another range); its group goes when
// it was the last member, the last group then taking its place.
void remove_wide(FilledRanges& ranges, std::uint32_t index) {
  const std::uint32_t group = ranges.members[index].group;
  const std::uint32_t last_member = ranges.members.size() - 1;
  ranges.members[index] = ranges.members[last_member];
  *ranges.members[index].slot = kWideSlot | index;
  ranges.members.resize(last_member);
  if (--ranges.groups[group].members > 0) return;
  const std::uint32_t last_group = ranges.groups.size() - 1;
  ranges.groups[group] = ranges.groups[last_group];
  ranges.groups.resize(last_group);
  if (group == last_group) return;
  for (std::uint32_t i = 0; i < ranges.members.size(); ++i) {
    if (ranges.members[i].group == last_group) ranges.members[i].group = group;
  }
}

void remove_narrow(FilledRanges& ranges, std::uint32_t index) {
  const std::uint32_t last = ranges.narrow.size() - 1;
  ranges.narrow[index] = ranges.narrow[last];
  *ranges.narrow[index].slot = index;
  ranges.narrow.resize(last);
}

// Empties the wide entries whose range overlaps [low, high]: the groups are compared, and only when one
// overlaps are the members walked (a stack moved, an array freed, a library unmapped).
void forget_wide(FilledRanges& ranges, Addr low, Addr high) {
  const bool whole_pass = low == 0 && high == ~Addr(0);
  auto forgets = [&](const WideGroup& group) {
    return group.start <= high && low <= group.last && (whole_pass || !group.layout_free);
  };
  std::uint32_t group = 0;
  while (group < ranges.groups.size() && !forgets(ranges.groups[group])) ++group;
  if (group == ranges.groups.size()) return;
  // The kept groups' new indices (~0: forgotten), then the members, kept or emptied.
  ranges.renumbered.resize(ranges.groups.size());
  std::uint32_t kept_groups = 0;
  for (std::uint32_t i = 0; i < ranges.groups.size(); ++i) {
    const WideGroup& old = ranges.groups[i];
    const bool forgotten = forgets(old);
    ranges.renumbered[i] = forgotten ? ~std::uint32_t(0) : kept_groups;
    if (!forgotten) ranges.groups[kept_groups++] = old;
  }
  ranges.groups.resize(kept_groups);
  std::uint32_t kept_members = 0;
  for (std::uint32_t i = 0; i < ranges.members.size(); ++i) {
    WideMember member = ranges.members[i];
    const std::uint32_t renumbered = ranges.renumbered[member.group];
    if (renumbered == ~std::uint32_t(0)) {
      member.range->size = 0;
      continue;
    }
    member.group = renumbered;
    *member.slot = kWideSlot | kept_members;
    ranges.members[kept_members++] = member;
  }
  ranges.members.resize(kept_members);
}

}  // namespace

void remember_range(CachedRange* range, RangeSlot* slot, Addr low, Addr high, bool layout_free) {
  Addr size = high - low + 1;
  // The whole address space has no size: it is remembered without its last byte, which no program can
  // touch. (Not remembering it would leave the entry's previous range with the new answer.)
  if (size == 0) size = ~Addr(0);
  const Addr last = low + size - 1;
  FilledRanges& ranges = filled();
  const bool wide = size > kWideBytes || layout_free;
  if (range->size != 0) {
    if (*slot & kWideSlot) {
      const std::uint32_t index = *slot & ~kWideSlot;
      CCSIM_DEBUG_ASSERT(ranges.members[index].range == range && ranges.members[index].slot == slot);
      const WideGroup& group = ranges.groups[ranges.members[index].group];
      // The same range (a sweep's refill): nothing to change.
      if (wide && group.start == low && group.last == last && group.layout_free == layout_free) return;
      remove_wide(ranges, index);
      range->size = 0;
    } else if (wide) {
      remove_narrow(ranges, *slot);
      range->size = 0;
    } else {
      // Pointer chasing: the entry's copy takes the new block's range.
      NarrowRange& narrow = ranges.narrow[*slot];
      CCSIM_DEBUG_ASSERT(narrow.range == range && narrow.slot == slot);
      narrow.start = low;
      narrow.last = last;
    }
  }
  if (range->size == 0) {
    if (wide) {
      add_wide(ranges, range, slot, low, last, layout_free);
    } else {
      *slot = ranges.narrow.size();
      ranges.narrow.push_back(NarrowRange{low, last, range, slot});
    }
  }
  range->start = low;
  range->size = size;
}

void forget_ranges(Addr low, Addr high) {
  FilledRanges& ranges = filled();
  if (++forgets_since_sweep >= kForgetsPerSweep) {
    forgets_since_sweep = 0;
    low = 0;
    high = ~Addr(0);
  }
  std::uint32_t i = 0;
  while (i < ranges.narrow.size()) {
    const NarrowRange& narrow = ranges.narrow[i];
    if (narrow.start > high || low > narrow.last) {
      ++i;
      continue;
    }
    narrow.range->size = 0;
    remove_narrow(ranges, i);  // the last record takes this one's place, compared next
  }
  forget_wide(ranges, low, high);
}

void forget_range(CachedRange* range, RangeSlot* slot) {
  if (range->size == 0) return;
  FilledRanges& ranges = filled();
  if (*slot & kWideSlot) {
    remove_wide(ranges, *slot & ~kWideSlot);
  } else {
    remove_narrow(ranges, *slot);
  }
  range->size = 0;
}

void forget_all_ranges() { forget_ranges(0, ~Addr(0)); }

std::uint32_t filled_range_count() { return filled().narrow.size() + filled().members.size(); }

}  // namespace ccsim
