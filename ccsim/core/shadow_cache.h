// shadow_cache.h: a fully-associative LRU cache of a given number of lines that sees the same accesses as a
// real cache level, kept only with miss classes on. A replacement miss that this shadow would have hit is
// a conflict miss (the set-associative mapping caused it); one the shadow also misses is a capacity miss.
//
// O(1) per access: a hash map from line to node and an intrusive doubly-linked recency list over a node
// array (indices, not pointers, so the array can grow). Nodes are created as lines arrive, so a
// processor that touches little costs little.
#ifndef CCSIM_CORE_SHADOW_CACHE_H
#define CCSIM_CORE_SHADOW_CACHE_H

#include <cstdint>

#include "ccsim/core/growable_array.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/core/types.h"

namespace ccsim {

class ShadowCache {
 public:
  ShadowCache();
  void init(std::uint32_t capacity_lines) { capacity_ = capacity_lines; }

  // Whether the shadow holds `line`; then makes it the most recently used line (inserting it, and
  // dropping the least recently used line when full).
  bool access(Addr line);
  // Drops `line` if held (the real caches lost it to an invalidation).
  void remove(Addr line);
  void clear();

  std::uint32_t size() const { return index_.size(); }

 private:
  static constexpr std::uint32_t kNone = ~std::uint32_t(0);

  // One held line and its neighbours in recency order.
  struct Node {
    Addr line;
    std::uint32_t newer;  // towards newest_, or kNone
    std::uint32_t older;  // towards oldest_, or kNone; links the free list for unused nodes
  };

  void unlink(std::uint32_t node);
  void push_newest(std::uint32_t node);

  HashMap<Addr, std::uint32_t> index_;  // line -> its node
  GrowableArray<Node> nodes_;
  std::uint32_t newest_ = kNone;
  std::uint32_t oldest_ = kNone;
  std::uint32_t free_ = kNone;  // nodes released by remove(), chained through `older`
  std::uint32_t capacity_ = 0;
};

}  // namespace ccsim

#endif
