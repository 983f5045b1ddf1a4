// shadow_cache.cc: see shadow_cache.h.
#include "ccsim/core/shadow_cache.h"

namespace ccsim {

ShadowCache::ShadowCache() : index_("ccsim.shadow"), nodes_("ccsim.shadow") {}

void ShadowCache::unlink(std::uint32_t node) {
  Node& n = nodes_[node];
  if (n.newer == kNone) {
    newest_ = n.older;
  } else {
    nodes_[n.newer].older = n.older;
  }
  if (n.older == kNone) {
    oldest_ = n.newer;
  } else {
    nodes_[n.older].newer = n.newer;
  }
}

void ShadowCache::push_newest(std::uint32_t node) {
  Node& n = nodes_[node];
  n.newer = kNone;
  n.older = newest_;
  if (newest_ == kNone) {
    oldest_ = node;
  } else {
    nodes_[newest_].newer = node;
  }
  newest_ = node;
}

bool ShadowCache::access(Addr line) {
  if (std::uint32_t* held = index_.find(line)) {
    const std::uint32_t node = *held;
    unlink(node);
    push_newest(node);
    return true;
  }
  std::uint32_t node;
  if (index_.size() == capacity_) {
    node = oldest_;
    unlink(node);
    index_.erase(nodes_[node].line);
  } else if (free_ != kNone) {
    node = free_;
    free_ = nodes_[node].older;
  } else {
    node = nodes_.size();
    nodes_.push_back(Node{});
  }
  nodes_[node].line = line;
  push_newest(node);
  index_.find_or_add(line) = node;
  return false;
}

void ShadowCache::remove(Addr line) {
  const std::uint32_t* held = index_.find(line);
  if (held == nullptr) return;
  const std::uint32_t node = *held;
  unlink(node);
  index_.erase(line);
  nodes_[node].older = free_;
  free_ = node;
}

void ShadowCache::clear() {
  index_.clear();
  nodes_.clear();
  newest_ = oldest_ = free_ = kNone;
}

}  // namespace ccsim
