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
  // A block whose first granule is taken could not be found again by its start when it ends.
  if (const Chunk* first = chunk_of(block.start >> kChunkShift)) {
    if (first->slots[granule_in_chunk(block.start)] != 0) return false;
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
  const Addr last = block.start + block.size - 1;
  for (Addr granule = block.start >> kGranuleShift; granule <= last >> kGranuleShift; ++granule) {
    Chunk* chunk = chunk_for_marking(granule >> (kChunkShift - kGranuleShift));
    std::uint32_t& marked = chunk->slots[granule & (kGranulesPerChunk - 1)];
    if (marked != 0) continue;  // the end of a block below, sharing this granule
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
