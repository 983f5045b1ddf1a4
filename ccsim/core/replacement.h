// replacement.h: the replacement policy of a cache, behind one small interface so that another policy can
// be added later. The cache names the policy type at compile time (ReplacementPolicy below): its calls are
// inlined, with no virtual call per access.
//
// A policy provides: init(lines, cost_centre); touch(way) on every hit and fill; forget(way) when a way is
// emptied; rank(way), the order of replacement: the way of lowest rank in a set is filled next, and an
// empty way ranks below every used way; ranks(), the array of every way's rank; clear(). The cache scans the ranks itself, so that one pass over
// a set can both look for a line and choose the way it would go to.
#ifndef CCSIM_CORE_REPLACEMENT_H
#define CCSIM_CORE_REPLACEMENT_H

#include <cstdint>

#include "ccsim/core/platform.h"

namespace ccsim {

// Least recently used. Each way stores the time of its last use (a per-cache counter), so a hit is one
// store, and the rank of a way is that time: an empty way has time 0, older than any used way. A 64-bit
// counter never wraps in practice.
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
  void forget(std::uint32_t way) { last_use_[way] = 0; }
  std::uint64_t rank(std::uint32_t way) const { return last_use_[way]; }
  // Every way's rank, indexed by way: the cache's set scans read them in place.
  const std::uint64_t* ranks() const { return last_use_; }
  // Touches since the last clear(): every hit and every fill is one.
  std::uint64_t touches() const { return clock_; }

  void clear() {
    for (std::uint32_t way = 0; way < lines_; ++way) last_use_[way] = 0;
    clock_ = 0;
  }

 private:
  std::uint64_t* last_use_ = nullptr;  // per way: the clock value of its last touch, 0 while empty
  std::uint64_t clock_ = 0;
  std::uint32_t lines_ = 0;
};

using ReplacementPolicy = LruReplacement;

}  // namespace ccsim

#endif
