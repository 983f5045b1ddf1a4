// reference_counters.h: the event counts of every (reference, processor) pair, one table per processor.
//
// Most references are touched by few processors, so a processor's table is two-level and sparse: a page
// of 256 record pointers is created when the processor first uses a reference of that page, and a record
// when it first uses the reference. Lookup is two indexed loads, no hashing, so the L1 hit path can afford
// it. A record holds the counters the hit path bumps; every other counter lives in a cold block allocated
// at the pair's first slow-path event, so pairs that only ever hit cost 48 bytes.
// Limit: a table covers RefIds up to the largest used, 8 bytes per 256 ids; the tool hands out dense ids.
#ifndef CCSIM_CORE_REFERENCE_COUNTERS_H
#define CCSIM_CORE_REFERENCE_COUNTERS_H

#include <cstdint>

#include "ccsim/core/arena.h"
#include "ccsim/core/events.h"
#include "ccsim/core/growable_array.h"
#include "ccsim/core/types.h"

namespace ccsim {

// The counters of one (reference, processor) pair that an L1 hit bumps, and the rest.
struct HotCounters {
  // L1 hits by [write][temporal]: a hit bumps one counter, at an index computed without a branch. The
  // reads and writes that missed L1 are counted in `cold` (kReads, kWrites), which every miss allocates
  // anyway; read() adds the two.
  std::uint64_t l1_hits[2][2];
  std::uint64_t* cold;  // kNumEvents counters, null until the first other event
  // The L1 way of this reference's last hit or fill on this processor, a hint for the hit path: an
  // instruction in a loop mostly touches the line it touched last, while the loop's other instructions
  // touch other lines (a[i] = b[i] + c[i] walks three), so one hint per processor would miss and scan
  // the set on nearly every access. Checked against the tag before use, so it never needs invalidating.
  std::uint32_t l1_way;
};

class ReferenceCounters {
 public:
  ReferenceCounters() : pages_("ccsim.counters") {}

  // The record of `ref`, or null when this processor has not used it yet. The L1 hit path starts here,
  // and its time is a chain of dependent loads, not instructions: the recent records, kept inside this
  // object, answer with one load where the pages take three (array, page, record pointer). A loop's
  // few references stay in them; they are refilled from the pages on a miss.
  HotCounters* find(RefId ref) const {
    HotCounters* counters = find_recent(ref);
    return counters != nullptr ? counters : find_in_pages(ref);
  }
  // find() among the recent records alone (null when `ref` is not one of them): no call, for a hit path
  // that must make none (Simulator::try_hit).
  HotCounters* find_recent(RefId ref) const {
    const Recent& recent = recent_[ref & kRecentMask];
    if (recent.ref != ref) return nullptr;
    // A matching entry always names a record: the caller's null test then folds into the compare above.
    if (recent.counters == nullptr) __builtin_unreachable();
    return recent.counters;
  }

  // The record of `ref`, created at the processor's first use of it. Inline: every miss, eviction and
  // invalidation asks for a record, almost always one that exists, and mostly the one asked for last (a
  // loop's reference evicting the lines it brought in): that one is remembered, a compare instead of two
  // dependent loads. Records never move (arena storage), so the remembered one never goes stale.
  HotCounters& find_or_add(RefId ref, Arena& arena) {
    if (ref != last_ref_ || last_record_ == nullptr) {
      HotCounters* counters = find(ref);
      last_record_ = counters != nullptr ? counters : &add(ref, arena);
      last_ref_ = ref;
    }
    return *last_record_;
  }

  // The kNumEvents counters of the slow-path events (the hits are apart), created at the first.
  static std::uint64_t* cold_counts(HotCounters& counters, Arena& arena) {
    if (counters.cold == nullptr) counters.cold = arena.allocate_array<std::uint64_t>(kNumEvents);
    return counters.cold;
  }

  // Writes all kNumEvents counts of one record into `counts`.
  static void read(const HotCounters& counters, std::uint64_t* counts);

  // Calls visit(ref, record) for every record.
  template <class Visit>
  void for_each(Visit visit) const {
    for (std::uint32_t page = 0; page < pages_.size(); ++page) {
      HotCounters** records = pages_[page];
      if (records == nullptr) continue;
      for (std::uint32_t slot = 0; slot < kPageSize; ++slot) {
        if (records[slot] != nullptr) visit(static_cast<RefId>((page << kPageBits) | slot), *records[slot]);
      }
    }
  }

  void zero();

 private:
  static constexpr std::uint32_t kPageBits = 8;
  static constexpr std::uint32_t kPageSize = 1u << kPageBits;
  static constexpr std::uint32_t kPageMask = kPageSize - 1;

  // Creates the record of `ref`, and its page when that is new too.
  HotCounters& add(RefId ref, Arena& arena);

  // find() past the recent records; remembers what it finds. Out of line: the hit path inlines find().
  HotCounters* find_in_pages(RefId ref) const;

  // A record found recently, by ref & kRecentMask (direct-mapped). An empty entry names kNoRef, which
  // no reference is, so a matching id alone means a record: one compare on the hit path. Records never
  // move (arena storage), so an entry never goes stale. Mutable: a cache of lookups.
  static constexpr RefId kNoRef = ~RefId(0);
  struct Recent {
    RefId ref = kNoRef;
    HotCounters* counters = nullptr;
  };
  // 64 entries, 1 KiB per processor: a hot loop's references have consecutive ids (the tool numbers them
  // as it instruments), so they rarely collide, and a collision sends try_hit() to the slow path.
  static constexpr std::uint32_t kRecentBits = 6;
  static constexpr std::uint32_t kRecentMask = (1u << kRecentBits) - 1;
  mutable Recent recent_[1u << kRecentBits];

  GrowableArray<HotCounters**> pages_;  // by ref >> kPageBits: a page of kPageSize records, or null
  RefId last_ref_ = 0;                  // the reference find_or_add() returned last, and its record
  HotCounters* last_record_ = nullptr;
};

}  // namespace ccsim

#endif
