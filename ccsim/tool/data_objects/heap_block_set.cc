// heap_block_set.cc: see heap_block_set.h.
#include "ccsim/tool/data_objects/heap_block_set.h"

#include "ccsim/core/platform.h"

namespace ccsim {

#if defined(CCSIM_DEBUG) && CCSIM_DEBUG
HeapBlockSet::HeapBlockSet(const char* cost_centre) : large_(cost_centre), all_(cost_centre) {}
#else
HeapBlockSet::HeapBlockSet(const char* cost_centre) : large_(cost_centre) {}
#endif

bool HeapBlockSet::add(const Extent& block) {
  if (at(block.start) != nullptr) return false;
  CCSIM_DEBUG_ASSERT(block.size == 0 || first_overlapping(block.start, block.start + block.size - 1) == nullptr);
  if (!small_.add(block)) {
    large_.add(block.start, block.size, block.object, block.key);
    ++in_tree_;
  }
#if defined(CCSIM_DEBUG) && CCSIM_DEBUG
  all_.add(block.start, block.size, block.object, block.key);
#endif
  return true;
}

void HeapBlockSet::remove(Addr start) {
  if (!small_.remove(start) && large_.at(start) != nullptr) {
    large_.remove(start);
    --in_tree_;
  }
#if defined(CCSIM_DEBUG) && CCSIM_DEBUG
  all_.remove(start);
#endif
}

const Extent* HeapBlockSet::at(Addr start) {
  const Extent* block = small_.block_starting_at(start);
  if (block == nullptr) block = large_.at(start);
#if defined(CCSIM_DEBUG) && CCSIM_DEBUG
  const Extent* in_tree = all_.at(start);
  CCSIM_ASSERT((block == nullptr) == (in_tree == nullptr));
  CCSIM_ASSERT(block == nullptr || (block->size == in_tree->size && block->key == in_tree->key));
#endif
  return block;
}

// The lower of the two kinds' first blocks (a small block and a large one never overlap, so the lower
// start is the first).
const Extent* HeapBlockSet::first_overlapping(Addr low, Addr high) {
  const Extent* small = small_.first_overlapping(low, high);
  const Extent* large = in_tree_ > 0 ? large_.first_overlapping(low, high) : nullptr;
  const Extent* first = small == nullptr ? large : large == nullptr || small->start < large->start ? small : large;
#if defined(CCSIM_DEBUG) && CCSIM_DEBUG
  const Extent* in_tree = all_.first_overlapping(low, high);
  CCSIM_ASSERT((first == nullptr) == (in_tree == nullptr));
  CCSIM_ASSERT(first == nullptr || first->start == in_tree->start);
#endif
  return first;
}

bool HeapBlockSet::any_block_in(Addr start, Addr size) {
  if (small_.any_marked(start, size)) return true;
  return in_tree_ > 0 && large_.first_overlapping(start, start + size - 1) != nullptr;
}

bool HeapBlockSet::find(Addr address, ObjectExtent* found) {
  bool hit;
  if (const Extent* block = small_.block_at(address)) {
    *found = whole_extent(*block);
    hit = true;
  } else {
    // The tree's answer, or its gap narrowed to the table's surroundings of the address.
    hit = large_.find(address, found);
    if (!hit) small_.narrow_gap(address, &found->low, &found->high);
  }
#if defined(CCSIM_DEBUG) && CCSIM_DEBUG
  ObjectExtent in_tree{};
  const bool tree_hit = all_.find(address, &in_tree);
  CCSIM_ASSERT(hit == tree_hit);
  if (hit) {
    CCSIM_ASSERT(found->object == in_tree.object && found->base == in_tree.base && found->low == in_tree.low &&
                 found->high == in_tree.high && found->life == in_tree.life);
  } else {
    CCSIM_ASSERT(in_tree.low <= found->low && found->low <= address && address <= found->high &&
                 found->high <= in_tree.high);
  }
#endif
  return hit;
}

}  // namespace ccsim
