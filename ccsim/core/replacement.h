// replacement.h: the replacement policy of a cache, behind one small interface so that another policy can
// be added later. The cache names the policy type at compile time (ReplacementPolicy below): its calls are
// inlined, with no virtual call per access.
//
// A policy provides: init(lines, cost_centre); touch(way) on every hit and fill; victim(first, ways),
// the way of a full set to replace; clear().
#ifndef CCSIM_CORE_REPLACEMENT_H
#define CCSIM_CORE_REPLACEMENT_H

#include <cstdint>

#include "ccsim/core/platform.h"

namespace ccsim {

// Least recently used. Each way stores the time of its last use (a per-cache counter), so a hit is one
// store; finding the victim scans the set, which happens only on a miss, when the set was just scanned for
// the tag anyway. A 64-bit counter never wraps in practice.
class LruReplacement {
 public:
  LruReplacement() = default;
  ~LruReplacement() { release(last_use_); }
  LruReplacement(const LruReplacement&) = delete;
  LruReplacement& operator=(const LruReplacement&) = delete;

  void init(std::uint32_t lines, const char* cost_centre) {
    last_use_ = allocate_zeroed_array<std::uint64_t>(cost_centre, lines);
    lines_ = lines;
  }

  void touch(std::uint32_t way) { last_use_[way] = ++clock_; }

  std::uint32_t victim(std::uint32_t first_way, std::uint32_t ways) const {
    std::uint32_t oldest = first_way;
    for (std::uint32_t way = first_way + 1; way < first_way + ways; ++way) {
      if (last_use_[way] < last_use_[oldest]) oldest = way;
    }
    return oldest;
  }

  void clear() {
    for (std::uint32_t way = 0; way < lines_; ++way) last_use_[way] = 0;
    clock_ = 0;
  }

 private:
  std::uint64_t* last_use_ = nullptr;  // per way: the clock value of its last touch
  std::uint64_t clock_ = 0;
  std::uint32_t lines_ = 0;
};

using ReplacementPolicy = LruReplacement;

}  // namespace ccsim

#endif
