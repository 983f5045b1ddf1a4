// out_of_order_blocks.cc: see out_of_order_blocks.h.
#include "ccsim/tool/data_objects/out_of_order_blocks.h"

#include "ccsim/core/platform.h"
#include "ccsim/tool/data_objects/cached_ranges.h"
#include "ccsim/tool/data_objects/layer_hooks.h"

namespace ccsim {
namespace {

// How many ended blocks are kept at most: 64 Ki, about 3 MiB for small ones (a 24-byte record and 4
// bytes per 16-byte granule in the shadow table, 16 bytes in the ring below), plus the 16 KiB chunks of
// the table that hold them; a large one is a tree node instead. A replayed access comes at most a few
// replay buffers after its thread made it, and few programs free that many blocks in such a span; those
// that free a large structure at their end would otherwise keep all of it.
constexpr std::uint32_t kEndedKept = 1u << 16;

// Blocks allocated in the real run whose allocation the replay has not applied, by start; key: the
// allocation number. Never overlapping: a block over bytes an unreached block holds is left out.
HeapBlockSet* unreached = nullptr;
// Blocks the replay ended whose bytes no applied allocation has taken since, by start; key: the
// allocation number. Never overlapping: they were live blocks of the layer, which do not overlap, and
// an applied allocation drops every ended block it overlaps.
HeapBlockSet* ended = nullptr;

// The ended blocks in the order they ended, as a ring of kEndedKept entries: the entry about to be
// written is the oldest, dropped first if it is still kept (a block dropped since, or ended again at the
// same start, has another key or none there).
struct EndedEntry {
  Addr start;
  std::uint32_t key;
};
EndedEntry* ended_order = nullptr;
std::uint32_t next_ended = 0;

void forget_extent(const Extent& extent) {
  if (extent.size > 0) forget_ranges(extent.start, extent.start + extent.size - 1);
}

// Drops an ended block (`block` lives in the set), forgetting the ranges cached over it: their answer
// was this block.
void drop_ended(const Extent& block) {
  const Extent dropped = block;
  ended->remove(dropped.start);
  forget_extent(dropped);
}

}  // namespace

void init_out_of_order_blocks() {
  unreached = create_object<HeapBlockSet>("ccsim.objects", "ccsim.objects.unreached_blocks");
  ended = create_object<HeapBlockSet>("ccsim.objects", "ccsim.objects.ended_blocks");
  ended_order = allocate_zeroed_array<EndedEntry>("ccsim.objects.ended_blocks", kEndedKept);
}

void note_allocation_recorded(const Extent& block) {
  // --sim-threads=1: noted by the worker's layer, at this point of the stream (layer_hooks.h).
  if (layer_forwarding != nullptr) {
    const LayoutChange noted{LayoutChangeKind::BlockAllocated, block.start, block.size, block.object, block.key};
    return layer_forwarding->layout_change(kNoProcessor, noted, true);
  }
  if (unreached == nullptr || block.size == 0) return;
  const Addr last = block.start + block.size - 1;
  if (unreached->first_overlapping(block.start, last) != nullptr) return;  // the first stays
  unreached->add(block);
  // The bytes were a gap (or an ended block) in every cached answer that holds them.
  forget_extent(block);
}

void note_allocation_applied(const Extent& block) {
  if (unreached == nullptr) return;
  const Extent* first = unreached->at(block.start);
  // The caller forgets the ranges over the block's own bytes.
  if (first != nullptr && first->key == block.key) unreached->remove(block.start);
  if (block.size == 0) return;
  const Addr last = block.start + block.size - 1;
  while (const Extent* overlapped = ended->first_overlapping(block.start, last)) drop_ended(*overlapped);
}

void note_block_ended(const Extent& block) {
  if (ended == nullptr || block.size == 0) return;
  if (!ended->add(block)) return;
  EndedEntry& oldest = ended_order[next_ended];
  if (const Extent* kept = ended->at(oldest.start); kept != nullptr && kept->key == oldest.key) {
    if (kept->start != block.start) drop_ended(*kept);
  }
  oldest = EndedEntry{block.start, block.key};
  next_ended = (next_ended + 1) % kEndedKept;
  // The caller forgets the ranges over the block's bytes (they were the live block's).
}

bool small_out_of_order_block_at(Addr address, HeapBlockSet& live, ObjectExtent* found) {
  if (unreached == nullptr) return false;
  const Extent* block = unreached->small_block_at(address);
  if (block == nullptr) {
    block = ended->small_block_at(address);
    if (block == nullptr) return false;
    // An unreached block over its bytes would win.
    if (unreached->any_block_in(block->start, block->size)) return false;
  }
  // A live block over its bytes would win, and narrow the answer's range.
  if (live.any_block_in(block->start, block->size)) return false;
  *found = whole_extent(*block);
  return true;
}

bool out_of_order_block_at(Addr address, ObjectExtent* found) {
  if (unreached == nullptr) return false;
  Addr low = found->low;
  Addr high = found->high;
  HeapBlockSet* const sets[] = {unreached, ended};  // in order of precedence
  for (HeapBlockSet* index : sets) {
    ObjectExtent other{};
    const bool hit = index->find(address, &other);
    // As across the layers: an answer holds where every index asked agrees.
    if (other.low > low) low = other.low;
    if (other.high < high) high = other.high;
    if (hit) {
      *found = ObjectExtent{other.object, other.base, low, high, other.life};
      return true;
    }
  }
  found->low = low;
  found->high = high;
  return false;
}

}  // namespace ccsim
