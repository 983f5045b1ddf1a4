// heap_block_set.h: a set of heap blocks that never overlap (the live blocks of the layer, or in the
// replay modes its unreached and ended blocks, out_of_order_blocks.h, or the freed blocks not yet
// allocated again whose reuse orders the replay, threads/reused_memory.cc), the small ones in a shadow
// table by address granule (heap_shadow.h) and only the others in a tree (extent_index.h).
//
// Why: every block used to be in a tree as well as in the shadow table, so each allocation and free of a
// small block cost tree inserts, lookups and removals and an allocation of a tree node and an extent: in
// an allocation-heavy program (perf/workloads/alloc_churn.c) 10% of a native run and 15% of an
// interleaved one (where the unreached and ended blocks have trees too). Now a small block is in the
// shadow table alone, and the tree holds the blocks the table declines (larger than 64 KiB, empty, or
// sharing a granule with a held block), which are few.
//
// The answers are the same as a tree of all the blocks would give, except for the gap around an address
// in no block: the shadow table does not know how far its gaps extend, so a gap is narrowed to the
// address's surroundings in the table (heap_shadow.h: at most 4 KiB either way inside a chunk of small
// blocks, 1 MiB across chunks without any), which costs a lookup again when the program reads farther
// into it, never a different object.
// Debug builds (CCSIM_DEBUG) also keep every block in a tree and check each answer against it.
#ifndef CCSIM_TOOL_HEAP_BLOCK_SET_H
#define CCSIM_TOOL_HEAP_BLOCK_SET_H

#include "ccsim/tool/data_objects/extent_index.h"
#include "ccsim/tool/data_objects/heap_shadow.h"

namespace ccsim {

class HeapBlockSet {
 public:
  explicit HeapBlockSet(const char* cost_centre);
  HeapBlockSet(const HeapBlockSet&) = delete;
  HeapBlockSet& operator=(const HeapBlockSet&) = delete;

  // Adds a block overlapping none of the set's; false, adding nothing, when one already starts there.
  bool add(const Extent& block);
  // Ends the block starting at `start`, if any.
  void remove(Addr start);
  // The block starting exactly at `start`, or null. Valid until the set next changes.
  const Extent* at(Addr start);
  // The block of lowest start holding a byte of [low, high] or starting in it (an empty one), or null.
  const Extent* first_overlapping(Addr low, Addr high);
  // The layer lookup of data_objects.h: the block holding `address` (true), or a gap around it that holds
  // no block (false).
  bool find(Addr address, ObjectExtent* found);

  // The shadow table's block holding `address` (inlined into the heap layer's lookup), or null: the
  // address may still be in a block of the tree.
  const Extent* small_block_at(Addr address) { return small_.block_at(address); }
  // Whether a block may hold a byte of [start, start + size) (size > 0): false says none does.
  bool any_block_in(Addr start, Addr size);

 private:
  HeapShadow small_;
  ExtentIndex large_;  // the blocks small_ declined
  std::uint32_t in_tree_ = 0;  // blocks in large_: while none, its lookups are skipped
#if defined(CCSIM_DEBUG) && CCSIM_DEBUG
  ExtentIndex all_;  // every block, to check the answers
#endif
};

}  // namespace ccsim

#endif
