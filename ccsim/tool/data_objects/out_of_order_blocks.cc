// out_of_order_blocks.cc: see out_of_order_blocks.h.
#include "ccsim/tool/data_objects/out_of_order_blocks.h"

#include "ccsim/core/platform.h"
#include "ccsim/tool/data_objects/cached_ranges.h"

namespace ccsim {
namespace {

// How many ended blocks are kept at most: 64 Ki, about 5 MiB with the tree's nodes. A replayed access
// comes at most a few replay buffers after its thread made it, and few programs free that many blocks in
// such a span; those that free a large structure at their end would otherwise keep all of it.
constexpr std::uint32_t kEndedKept = 1u << 16;

// Blocks allocated in the real run whose allocation the replay has not applied, by start; key: the
// allocation number. Never overlapping: a block over bytes an unreached block holds is left out.
ExtentIndex* unreached = nullptr;
// Blocks the replay ended whose bytes no applied allocation has taken since, by start; key: the
// allocation number. Never overlapping: they were live blocks of the layer, which do not overlap, and
// an applied allocation drops every ended block it overlaps.
ExtentIndex* ended = nullptr;
// The same blocks, the small ones, by granule (heap_shadow.h); and how many unreached blocks their table
// declined (while there is any, an ended block's answer needs the trees).
HeapShadow* unreached_shadow = nullptr;
HeapShadow* ended_shadow = nullptr;
std::uint32_t unreached_declined = 0;

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

void remove_unreached(Addr start) {
  const Extent* block = unreached->at(start);
  if (block == nullptr) return;
  if (!unreached_shadow->remove(start)) --unreached_declined;
  unreached->remove(start);
}

// Drops an ended block (`block` lives in the index), forgetting the ranges cached over it: their answer
// was this block.
void drop_ended(const Extent& block) {
  const Extent dropped = block;
  ended_shadow->remove(dropped.start);
  ended->remove(dropped.start);
  forget_extent(dropped);
}

}  // namespace

void init_out_of_order_blocks() {
  unreached = create_object<ExtentIndex>("ccsim.objects", "ccsim.objects.unreached_blocks");
  ended = create_object<ExtentIndex>("ccsim.objects", "ccsim.objects.ended_blocks");
  unreached_shadow = create_object<HeapShadow>("ccsim.objects");
  ended_shadow = create_object<HeapShadow>("ccsim.objects");
  ended_order = allocate_zeroed_array<EndedEntry>("ccsim.objects.ended_blocks", kEndedKept);
}

void note_allocation_recorded(const Extent& block) {
  if (unreached == nullptr || block.size == 0) return;
  const Addr last = block.start + block.size - 1;
  if (unreached->first_overlapping(block.start, last) != nullptr) return;  // the first stays
  unreached->add(block.start, block.size, block.object, block.key);
  if (!unreached_shadow->add(block)) ++unreached_declined;
  // The bytes were a gap (or an ended block) in every cached answer that holds them.
  forget_extent(block);
}

void note_allocation_applied(const Extent& block) {
  if (unreached == nullptr) return;
  const Extent* first = unreached->at(block.start);
  // The caller forgets the ranges over the block's own bytes.
  if (first != nullptr && first->key == block.key) remove_unreached(block.start);
  if (block.size == 0) return;
  const Addr last = block.start + block.size - 1;
  while (const Extent* overlapped = ended->first_overlapping(block.start, last)) drop_ended(*overlapped);
}

void note_block_ended(const Extent& block) {
  if (ended == nullptr || block.size == 0) return;
  if (!ended->add(block.start, block.size, block.object, block.key)) return;
  ended_shadow->add(block);
  EndedEntry& oldest = ended_order[next_ended];
  if (const Extent* kept = ended->at(oldest.start); kept != nullptr && kept->key == oldest.key) {
    if (kept->start != block.start) drop_ended(*kept);
  }
  oldest = EndedEntry{block.start, block.key};
  next_ended = (next_ended + 1) % kEndedKept;
  // The caller forgets the ranges over the block's bytes (they were the live block's).
}

bool small_out_of_order_block_at(Addr address, HeapShadow& live, const ExtentIndex& live_declined,
                                 ObjectExtent* found) {
  if (unreached == nullptr) return false;
  const Extent* block = unreached_shadow->block_at(address);
  const bool is_unreached = block != nullptr;
  if (!is_unreached) {
    block = ended_shadow->block_at(address);
    if (block == nullptr) return false;
    // An unreached block over its bytes would win: the table must have them all to tell.
    if (unreached_declined > 0 || unreached_shadow->any_marked(block->start, block->size)) return false;
  }
  // A live block over its bytes would win, and narrow the answer's range.
  if (live.any_marked(block->start, block->size)) return false;
  if (live_declined.first_overlapping(block->start, block->start + block->size - 1) != nullptr) return false;
  *found = whole_extent(*block);
  return true;
}

bool out_of_order_block_at(Addr address, ObjectExtent* found) {
  if (unreached == nullptr) return false;
  Addr low = found->low;
  Addr high = found->high;
  const ExtentIndex* const indexes[] = {unreached, ended};  // in order of precedence
  for (const ExtentIndex* index : indexes) {
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
