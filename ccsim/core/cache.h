// cache.h: one set-associative, write-back, write-allocate cache with the replacement policy of
// replacement.h. It stores what the model needs per line (tag, MESI state, byte masks, who touched it
// last, in which region) and leaves every decision (what to evict, what to count) to the simulator.
//
// Layout: tags are a flat array of their own, and so are the replacement ranks, so finding a line or a
// victim scans one short contiguous run. Everything else about a way is one record: its LineInfo, then its
// byte masks (several words each for long lines). A hit, a fill or an eviction reads and writes one record,
// and records are a power of two in size, aligned to it (64 bytes for lines up to 128 bytes), so that is
// one host cache line where parallel arrays took three. Sets are a power of two, so the set of a line is a
// mask of its address, never a division.
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

// What a cache remembers about a line besides its tag and masks.
struct LineInfo {
  RefId last_ref;        // the reference that last touched the line here (victim of an eviction/invalidation)
  RegionId last_region;  // the region of that touch (in-region vs across-region invalidations)
  ProcId last_proc;      // the processor of that touch (always the owner in a private cache)
  // Private caches: the line's directory record (coherence.h), valid while the line is held, so that an
  // eviction or a write upgrade needs no directory lookup. Unused in the shared cache.
  std::uint32_t directory_entry;
  // Private caches of a processor with an L2: in L1, the way of the line's L2 copy (inclusion keeps it
  // there); in L2, the way of its L1 copy, or Cache::kAbsent. Moving a line between the levels then needs
  // no scan of the other level's set. Unused otherwise.
  std::uint32_t peer_way;
  LineState state;       // MESI state in a private cache; Shared for any valid line of the shared cache
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

  // The way holding `line`, or kAbsent.
  std::uint32_t find(Addr line) const {
    const std::uint32_t first = first_way_of(line);
    for (std::uint32_t way = first; way < first + associativity_; ++way) {
      if (tags_[way] == line) return way;
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
    std::uint32_t lowest = first;
    std::uint64_t lowest_rank = policy_.rank(first);
    for (std::uint32_t way = first; way < first + associativity_; ++way) {
      if (tags_[way] == line) return way;
      const std::uint64_t rank = policy_.rank(way);
      if (rank < lowest_rank) {
        lowest = way;
        lowest_rank = rank;
      }
    }
    *fill_way = lowest;
    return kAbsent;
  }

  // Puts `line` in `way` as if `bytes` had just been touched (and written, for a write) by `info.last_ref`.
  // Sets every word of both masks, so remove() need not clear them: one pass per fill, none per eviction.
  // Always inlined, like remove(): every miss fills and empties ways at two levels.
  __attribute__((always_inline)) void fill(std::uint32_t way, Addr line, const LineInfo& info, ByteRange bytes,
                                          bool write) {
    tags_[way] = line;
    this->info(way) = info;
    mask_set(touched(way), mask_words_, bytes);
    if (keeps_written_) {
      if (write) {
        mask_set(written(way), mask_words_, bytes);
      } else {
        mask_clear(written(way), mask_words_);
      }
    }
    policy_.touch(way);
  }

  // Records a hit on `bytes`: touched mask, recency, last toucher. Returns whether every byte had already
  // been touched since the line came in (a temporal hit; otherwise spatial).
  bool touch(std::uint32_t way, ByteRange bytes, RefId ref, RegionId region, ProcId proc) {
    const bool temporal = mask_add_was_covered(touched(way), bytes);
    policy_.touch(way);
    LineInfo& line = info(way);
    line.last_ref = ref;
    line.last_region = region;
    line.last_proc = proc;
    return temporal;
  }

  // Adds `bytes` to the bytes written while Modified (private caches only).
  void mark_written(std::uint32_t way, ByteRange bytes) { mask_add(written(way), bytes); }

  // Empties `way`. Its masks keep stale bits until the next fill, which overwrites them; nothing reads the
  // masks of an empty way.
  __attribute__((always_inline)) void remove(std::uint32_t way) {
    tags_[way] = kNoLine;
    info(way).state = LineState::Invalid;
    policy_.forget(way);
  }
  // Empties every way.
  void clear();

  LineInfo& info(std::uint32_t way) { return *reinterpret_cast<LineInfo*>(record(way)); }
  const LineInfo& info(std::uint32_t way) const { return const_cast<Cache*>(this)->info(way); }
  std::uint64_t* touched(std::uint32_t way) { return reinterpret_cast<std::uint64_t*>(record(way) + kMasksOffset); }
  const std::uint64_t* touched(std::uint32_t way) const { return const_cast<Cache*>(this)->touched(way); }
  std::uint64_t* written(std::uint32_t way) { return touched(way) + mask_words_; }
  const std::uint64_t* written(std::uint32_t way) const { return const_cast<Cache*>(this)->written(way); }

  // Calls visit(way) for every occupied way.
  template <class Visit>
  void for_each_line(Visit visit) const {
    for (std::uint32_t way = 0; way < lines_; ++way) {
      if (tags_[way] != kNoLine) visit(way);
    }
  }

 private:
  // Where a record's masks start: after its LineInfo, 8-byte aligned.
  static constexpr std::size_t kMasksOffset = (sizeof(LineInfo) + 7) & ~std::size_t(7);

  std::uint32_t first_way_of(Addr line) const { return static_cast<std::uint32_t>(line & set_mask_) * associativity_; }
  unsigned char* record(std::uint32_t way) { return records_ + (std::size_t(way) << record_shift_); }

  Addr* tags_ = nullptr;  // per way: the line address held, or kNoLine
  // Per way, a record of 2^record_shift_ bytes: LineInfo; mask_words_ words of the bytes touched since the
  // line came in; in a private cache, mask_words_ words of the bytes written while Modified.
  unsigned char* records_ = nullptr;
  void* records_block_ = nullptr;  // the allocation records_ lies in, aligned up
  std::uint32_t record_shift_ = 0;
  bool keeps_written_ = false;  // a private cache: records have written masks
  ReplacementPolicy policy_;
  std::uint32_t lines_ = 0;
  std::uint32_t associativity_ = 0;
  std::uint32_t mask_words_ = 0;
  Addr set_mask_ = 0;  // sets - 1
};

}  // namespace ccsim

#endif
