// cache.h: one set-associative, write-back, write-allocate cache with the replacement policy of
// replacement.h. It stores what the model needs per line (tag, MESI state, byte masks, who touched it
// last, in which region) and leaves every decision (what to evict, what to count) to the simulator.
//
// Layout, chosen for the L1 hit path: tags are a flat array of their own, so finding a line scans one
// short contiguous run; the byte masks, several words each for long lines, are parallel arrays indexed by
// way * mask_words; the rest of a line's data is one small record. Sets are a power of two, so the set of
// a line is a mask of its address, never a division.
#ifndef CCSIM_CORE_CACHE_H
#define CCSIM_CORE_CACHE_H

#include <cstdint>

#include "ccsim/core/byte_mask.h"
#include "ccsim/core/geometry.h"
#include "ccsim/core/replacement.h"
#include "ccsim/core/simulator.h"
#include "ccsim/core/types.h"

namespace ccsim {

// Whether the cache keeps, per line, the bytes written while Modified: the private levels do (coherence
// misses need them), the shared last-level cache, which has no MESI state, does not.
enum class CacheRole : std::uint8_t { Private, Shared };

// What a cache remembers about a line besides its tag and masks. 16 bytes: the L1 hit path writes it.
struct LineInfo {
  RefId last_ref;        // the reference that last touched the line here (victim of an eviction/invalidation)
  RegionId last_region;  // the region of that touch (in-region vs across-region invalidations)
  ProcId last_proc;      // the processor of that touch (always the owner in a private cache)
  LineState state;       // MESI state in a private cache; Shared for any valid line of the shared cache
};

// What the simulator links to a line of a private cache, valid while the line is there, so that the miss
// path finds it without a lookup. Kept apart from LineInfo, which the hit path writes and never needs these.
struct LineLinks {
  std::uint32_t directory_entry;  // the line's directory record (coherence.h)
  // With an L2: in L1, the way of the line's L2 copy (inclusion keeps it there); in L2, the way of its L1
  // copy, or Cache::kAbsent. Moving a line between the levels then needs no scan of the other's set.
  std::uint32_t peer_way;
};

class Cache {
 public:
  static constexpr std::uint32_t kAbsent = ~std::uint32_t(0);
  static constexpr Addr kNoLine = ~Addr(0);  // the tag of an empty way; no line address is this large

  Cache() = default;
  ~Cache();
  Cache(const Cache&) = delete;
  Cache& operator=(const Cache&) = delete;

  void init(const CacheGeometry& geometry, CacheRole role, const char* cost_centre);
  bool present() const { return tags_ != nullptr; }
  std::uint32_t lines() const { return lines_; }

  Addr tag(std::uint32_t way) const { return tags_[way]; }

  // The way holding `line`, or kAbsent. Two ways per step (an odd associativity does its first way
  // alone): the loop's own count, compare and branch then cost half as much per way, which is most of a
  // failed scan (every miss scans its L1 set in full, the hit path's last resort).
  std::uint32_t find(Addr line) const {
    const Addr* const set = tags_ + first_way_of(line);
    const Addr* const end = set + associativity_;
    const Addr* tag = set;
    if ((associativity_ & 1) != 0) {
      if (*tag == line) return static_cast<std::uint32_t>(tag - tags_);
      ++tag;
    }
    for (; tag != end; tag += 2) {
      if (tag[0] == line) return static_cast<std::uint32_t>(tag - tags_);
      if (tag[1] == line) return static_cast<std::uint32_t>(tag - tags_) + 1;
    }
    return kAbsent;
  }

  // The way `line` goes to: the first empty way of its set if there is one, else the policy's victim,
  // which the caller must evict (tag(way) != kNoLine) before filling.
  std::uint32_t choose_way(Addr line) const;

  // find() and choose_way() in one scan of the set, for a miss path that fills the line if absent: the
  // way holding `line`, or kAbsent, and then `*fill_way` is what choose_way() would return (while the set
  // stays as it is).
  std::uint32_t find_or_choose(Addr line, std::uint32_t* fill_way) const {
    const std::uint32_t first = first_way_of(line);
    const Addr* const set = tags_ + first;
    const Addr* const end = set + associativity_;
    const std::uint64_t* rank = policy_.ranks() + first;
    // Two ways per step, as find(); the ranks are compared in way order, so the first of equal ranks
    // (several empty ways) is chosen, as choose_way() does.
    const std::uint64_t* lowest = rank;
    std::uint64_t lowest_rank = *rank;
    const Addr* tag = set;
    if ((associativity_ & 1) != 0) {
      if (*tag == line) return first;
      ++tag;
      ++rank;
    }
    for (; tag != end; tag += 2, rank += 2) {
      if (tag[0] == line) return static_cast<std::uint32_t>(tag - tags_);
      if (rank[0] < lowest_rank) {
        lowest = rank;
        lowest_rank = rank[0];
      }
      if (tag[1] == line) return static_cast<std::uint32_t>(tag - tags_) + 1;
      if (rank[1] < lowest_rank) {
        lowest = rank + 1;
        lowest_rank = rank[1];
      }
    }
    *fill_way = static_cast<std::uint32_t>(lowest - policy_.ranks());
    return kAbsent;
  }

  // Puts `line` in `way` as if `bytes` had just been touched (and written, for a write) by `info.last_ref`.
  // Sets every word of the touched mask, so remove() need not clear it. The written mask of an empty way
  // is already empty (the simulator keeps a copy's written mask empty unless the copy is Modified, and
  // clears it when a Modified copy stops being one or leaves L1 for L2), so only a write fill stores to it.
  // Always inlined, like remove(): every miss fills and empties ways at two levels.
  __attribute__((always_inline)) void fill(std::uint32_t way, Addr line, const LineInfo& info, ByteRange bytes,
                                           bool write) {
    tags_[way] = line;
    info_[way] = info;
    mask_set(touched(way), mask_words_, bytes);
    if (write && written_ != nullptr) mask_set(written(way), mask_words_, bytes);
    policy_.touch(way);
  }

  // Records a hit on `bytes` in a private cache: touched mask, recency, last toucher (whose processor is
  // always the owner, set at fill: one store fewer on the L1 hit path). Returns whether every byte had
  // already been touched since the line came in (a temporal hit; otherwise spatial).
  // `within_word`: the caller knows the bytes lie within one word of the mask (the L1 hit path checks
  // that first), so no branch to the several-word case; a constant where this is inlined.
  __attribute__((always_inline)) bool touch_private(std::uint32_t way, ByteRange bytes, RefId ref, RegionId region,
                                                    bool within_word = false) {
    const bool temporal = within_word ? mask_add_was_covered_in_word(touched(way), bytes)
                                      : mask_add_was_covered(touched(way), bytes);
    policy_.touch(way);
    LineInfo& line = info_[way];
    line.last_ref = ref;
    line.last_region = region;
    return temporal;
  }
  // The same in any cache, the shared one included: the toucher's processor too.
  bool touch(std::uint32_t way, ByteRange bytes, RefId ref, RegionId region, ProcId proc) {
    info_[way].last_proc = proc;
    return touch_private(way, bytes, ref, region);
  }

  // Adds `bytes` to the bytes written while Modified (private caches only).
  // `within_word` as for touch_private().
  __attribute__((always_inline)) void mark_written(std::uint32_t way, ByteRange bytes, bool within_word = false) {
    if (within_word) {
      mask_add_was_covered_in_word(written(way), bytes);
    } else {
      mask_add(written(way), bytes);
    }
  }

  // Empties `way`. Its touched mask keeps stale bits until the next fill, which overwrites it; nothing reads
  // the masks of an empty way.
  __attribute__((always_inline)) void remove(std::uint32_t way) {
    tags_[way] = kNoLine;
    info_[way].state = LineState::Invalid;
    policy_.forget(way);
  }
  // Empties every way.
  void clear();
  // Hits and fills since the last clear(): in a private L1, which every line access touches once (a hit
  // or the fill of a miss), the processor's line accesses.
  std::uint64_t touches() const { return policy_.touches(); }

  const LineInfo& info(std::uint32_t way) const { return info_[way]; }
  LineInfo& info(std::uint32_t way) { return info_[way]; }
  const LineLinks& links(std::uint32_t way) const { return links_[way]; }
  LineLinks& links(std::uint32_t way) { return links_[way]; }
  std::uint64_t* touched(std::uint32_t way) { return touched_ + way * mask_words_; }
  const std::uint64_t* touched(std::uint32_t way) const { return touched_ + way * mask_words_; }
  std::uint64_t* written(std::uint32_t way) { return written_ + way * mask_words_; }
  const std::uint64_t* written(std::uint32_t way) const { return written_ + way * mask_words_; }

  // Calls visit(way) for every occupied way.
  template <class Visit>
  void for_each_line(Visit visit) const {
    for (std::uint32_t way = 0; way < lines_; ++way) {
      if (tags_[way] != kNoLine) visit(way);
    }
  }

 private:
  std::uint32_t first_way_of(Addr line) const { return static_cast<std::uint32_t>(line & set_mask_) * associativity_; }

  Addr* tags_ = nullptr;              // per way: the line address held, or kNoLine
  LineInfo* info_ = nullptr;          // per way
  LineLinks* links_ = nullptr;        // per way, private caches only: set by the simulator after each fill
  std::uint64_t* touched_ = nullptr;  // per way, mask_words_ words: bytes touched since the line came in
  std::uint64_t* written_ = nullptr;  // per way, mask_words_ words: bytes written while Modified (private)
  ReplacementPolicy policy_;
  std::uint32_t lines_ = 0;
  std::uint32_t associativity_ = 0;
  std::uint32_t mask_words_ = 0;
  Addr set_mask_ = 0;  // sets - 1
};

}  // namespace ccsim

#endif
