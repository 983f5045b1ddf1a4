// heap_shadow.cc: see heap_shadow.h.
#include "ccsim/tool/data_objects/heap_shadow.h"

#include "ccsim/core/platform.h"

namespace ccsim {

HeapShadow::HeapShadow()
    : chunks_("ccsim.objects.heap_shadow"),
      last_number_(~Addr(0)),
      last_chunk_(nullptr),
      lowest_number_(1),
      highest_number_(0),
      spare_chunk_(nullptr),
      blocks_("ccsim.objects.heap_shadow"),
      free_slots_("ccsim.objects.heap_shadow") {
  blocks_.push_back(Extent{0, 0, kUnknownObject, 0});  // slot 0: no block
}

HeapShadow::~HeapShadow() {
  chunks_.for_each([](Addr, Chunk* chunk) { release(chunk); });
  release(spare_chunk_);
}

HeapShadow::Chunk* HeapShadow::chunk_for_marking(Addr number) {
  if (Chunk* chunk = chunk_of(number)) return chunk;
  Chunk* chunk = spare_chunk_;
  spare_chunk_ = nullptr;
  if (chunk == nullptr) chunk = allocate_zeroed_array<Chunk>("ccsim.objects.heap_shadow", 1);
  chunks_.find_or_add(number) = chunk;
  if (lowest_number_ > highest_number_) {
    lowest_number_ = highest_number_ = number;
  } else if (number < lowest_number_) {
    lowest_number_ = number;
  } else if (number > highest_number_) {
    highest_number_ = number;
  }
  last_number_ = number;
  last_chunk_ = chunk;
  return chunk;
}

void HeapShadow::release_chunk(Addr number, Chunk* chunk) {
  chunks_.erase(number);
  if (last_number_ == number) {
    last_number_ = ~Addr(0);
    last_chunk_ = nullptr;
  }
  if (spare_chunk_ == nullptr) {
    spare_chunk_ = chunk;  // every granule is 0 again
  } else {
    release(chunk);
  }
}

bool HeapShadow::add(const Extent& block) {
  if (block.size == 0 || block.size > kLargestBlock) return false;
  // A block sharing a granule with a held one (possible only with an alignment below 16: its first
  // granule holds another's end, or its last another's start) is declined, so that every held block
  // owns each of its granules: a marked granule then tells which held block has bytes there, and the
  // other bytes of the granule are in no held block (heap_block_set.h relies on it).
  const Addr last_byte = block.start + block.size - 1;
  const Addr ends[] = {block.start, last_byte};
  for (const Addr end : ends) {
    if (const Chunk* chunk = chunk_of(end >> kChunkShift)) {
      if (chunk->slots[granule_in_chunk(end)] != 0) return false;
    }
  }
  std::uint32_t slot;
  if (free_slots_.empty()) {
    slot = blocks_.size();
    blocks_.push_back(block);
  } else {
    slot = free_slots_[free_slots_.size() - 1];
    free_slots_.resize(free_slots_.size() - 1);
    blocks_[slot] = block;
  }
  for (Addr granule = block.start >> kGranuleShift; granule <= last_byte >> kGranuleShift; ++granule) {
    Chunk* chunk = chunk_for_marking(granule >> (kChunkShift - kGranuleShift));
    std::uint32_t& marked = chunk->slots[granule & (kGranulesPerChunk - 1)];
    CCSIM_DEBUG_ASSERT(marked == 0);  // the table's blocks never overlap (the caller's sets do not)
    marked = slot;
    ++chunk->marked;
  }
  return true;
}

bool HeapShadow::any_marked(Addr start, Addr size) {
  const Addr last = start + size - 1;
  for (Addr granule = start >> kGranuleShift; granule <= last >> kGranuleShift; ++granule) {
    const Chunk* chunk = chunk_of(granule >> (kChunkShift - kGranuleShift));
    if (chunk != nullptr && chunk->slots[granule & (kGranulesPerChunk - 1)] != 0) return true;
  }
  return false;
}

const Extent* HeapShadow::first_overlapping(Addr low, Addr high) {
  if (lowest_number_ > highest_number_) return nullptr;  // no chunk was ever made
  // Only the chunks within the span of those ever made can be held.
  constexpr std::uint32_t kPerChunk = kChunkShift - kGranuleShift;
  Addr granule = low >> kGranuleShift;
  Addr last = high >> kGranuleShift;
  if (granule < lowest_number_ << kPerChunk) granule = lowest_number_ << kPerChunk;
  if (last > (((highest_number_ + 1) << kPerChunk) - 1)) last = ((highest_number_ + 1) << kPerChunk) - 1;
  while (granule <= last) {
    const Addr number = granule >> kPerChunk;
    const Addr chunk_last = ((number + 1) << kPerChunk) - 1;
    const Addr stop = chunk_last < last ? chunk_last : last;
    if (const Chunk* chunk = chunk_of(number)) {
      for (Addr g = granule; g <= stop; ++g) {
        const std::uint32_t slot = chunk->slots[g & (kGranulesPerChunk - 1)];
        if (slot == 0) continue;
        const Extent& block = blocks_[slot];
        // A granule's slot may be a block ending below `low` in it (alignment below 16).
        if (block.start <= high && block.start + block.size - 1 >= low) return &block;
      }
    }
    granule = stop + 1;
  }
  return nullptr;
}

void HeapShadow::narrow_gap(Addr address, Addr* low, Addr* high) {
  if (lowest_number_ > highest_number_) return;
  const Addr number = address >> kChunkShift;
  // Outside the span of the chunks ever made, no shadowed byte lies between the address and the span.
  if (number < lowest_number_) {
    const Addr below_span = (lowest_number_ << kChunkShift) - 1;
    if (*high > below_span) *high = below_span;
    return;
  }
  if (number > highest_number_) {
    const Addr above_span = (highest_number_ + 1) << kChunkShift;
    if (*low < above_span) *low = above_span;
    return;
  }
  // Within the span, in a chunk not held: up to the nearest chunks held, kGapChunks either way at most
  // (a thread's stack may lie between two parts of the heap: its accesses keep a range of a few MiB).
  const Chunk* chunk = chunk_of(number);
  if (chunk == nullptr) {
    Addr below = number;
    while (number - below < kGapChunks && below > lowest_number_ && chunk_of(below - 1) == nullptr) --below;
    Addr above = number;
    while (above - number < kGapChunks && above < highest_number_ && chunk_of(above + 1) == nullptr) ++above;
    // Past the span's ends no chunk is held.
    const Addr gap_low = below == lowest_number_ ? 0 : below << kChunkShift;
    const Addr gap_high = above == highest_number_ ? ~Addr(0) : ((above + 1) << kChunkShift) - 1;
    if (*low < gap_low) *low = gap_low;
    if (*high > gap_high) *high = gap_high;
    return;
  }
  // In a chunk held: never beyond it, nor beyond the nearest marked granules (or kGapGranules).
  const Addr chunk_start = number << kChunkShift;
  const std::uint32_t granule = granule_in_chunk(address);
  Addr gap_low;
  Addr gap_high;
  if (const std::uint32_t slot = chunk->slots[granule]) {
    // The granule holds a block's start above the address or its end below it (alignment below 16):
    // the gap is the granule's bytes on the address's side.
    const Extent& block = blocks_[slot];
    const Addr granule_start = address & ~((Addr(1) << kGranuleShift) - 1);
    gap_low = block.start > address ? granule_start : block.start + block.size;
    gap_high = block.start > address ? block.start - 1 : granule_start + (Addr(1) << kGranuleShift) - 1;
  } else {
    const std::uint32_t lowest = granule > kGapGranules ? granule - kGapGranules : 0;
    const std::uint32_t highest =
        granule + kGapGranules < kGranulesPerChunk ? granule + kGapGranules : kGranulesPerChunk - 1;
    gap_low = chunk_start + (Addr(lowest) << kGranuleShift);
    for (std::uint32_t g = granule; g-- > lowest;) {
      if (const std::uint32_t below = chunk->slots[g]) {
        gap_low = blocks_[below].start + blocks_[below].size;  // it ends in granule g
        break;
      }
    }
    gap_high = chunk_start + (Addr(highest + 1) << kGranuleShift) - 1;
    for (std::uint32_t g = granule + 1; g <= highest; ++g) {
      if (const std::uint32_t above = chunk->slots[g]) {
        gap_high = blocks_[above].start - 1;  // it starts in granule g
        break;
      }
    }
  }
  if (*low < gap_low) *low = gap_low;
  if (*high > gap_high) *high = gap_high;
}

bool HeapShadow::remove(Addr start) {
  const Chunk* first = chunk_of(start >> kChunkShift);
  if (first == nullptr) return false;
  const std::uint32_t slot = first->slots[granule_in_chunk(start)];
  if (slot == 0 || blocks_[slot].start != start) return false;  // a block the table declined
  const Addr last = start + blocks_[slot].size - 1;
  for (Addr granule = start >> kGranuleShift; granule <= last >> kGranuleShift; ++granule) {
    const Addr number = granule >> (kChunkShift - kGranuleShift);
    Chunk* chunk = chunk_of(number);
    if (chunk == nullptr) continue;
    std::uint32_t& marked = chunk->slots[granule & (kGranulesPerChunk - 1)];
    if (marked != slot) continue;
    marked = 0;
    if (--chunk->marked == 0) release_chunk(number, chunk);
  }
  blocks_[slot] = Extent{0, 0, kUnknownObject, 0};
  free_slots_.push_back(slot);
  return true;
}

}  // namespace ccsim
