// thread_heap_regions.cc: see thread_heap_regions.h.
#include "ccsim/tool/data_objects/thread_heap_regions.h"

#include <cstdint>

#include "ccsim/core/hash_map.h"
#include "ccsim/core/platform.h"

namespace ccsim {
namespace {

constexpr SizeT kClassBytes = 16;
constexpr std::uint32_t kClasses = kLargestRegionBytes / kClassBytes;  // class i holds 16 (i + 1) bytes
constexpr std::uint32_t kChunkShift = 14;                                // 16 KiB chunks
constexpr SizeT kChunkBytes = SizeT(1) << kChunkShift;

// A freed block, linked through its own first bytes (the program no longer owns them).
struct FreeBlock {
  FreeBlock* next;
};

// One processor's region: the chunk it carves from, and its freed blocks by class, most recent first.
struct Region {
  Addr next;  // the next byte to carve in the current chunk (0: none yet)
  Addr end;
  FreeBlock* free_blocks[kClasses];
};

// By processor (VG_N_THREADS entries, as many as there can be processors, made at the first small
// allocation); a processor's region at its first small allocation.
Region** regions = nullptr;
std::uint32_t region_count = 0;
// Chunk number (address >> kChunkShift) -> the processor that carves from it.
HashMap<Addr, ProcId>* chunk_owners = nullptr;

// 0 for requests of 0..16 bytes, 1 for 17..32, ...
std::uint32_t class_of(SizeT size) { return size == 0 ? 0 : static_cast<std::uint32_t>((size - 1) / kClassBytes); }

Region& region_of(ProcId processor) {
  if (regions == nullptr) {
    region_count = VG_N_THREADS;
    regions = allocate_zeroed_array<Region*>("ccsim.heap.regions", region_count);
    chunk_owners = create_object<HashMap<Addr, ProcId>>("ccsim.heap.regions", "ccsim.heap.chunk_owners");
  }
  Region*& region = regions[processor < region_count ? processor : 0];
  if (region == nullptr) region = allocate_zeroed_array<Region>("ccsim.heap.regions", 1);
  return *region;
}

}  // namespace

// Blocks of a region are aligned to 16 bytes (chunks are aligned to their size, classes are multiples of
// 16): a larger alignment, asked for or set with Valgrind's --alignment, goes to Valgrind's allocator.
bool served_by_thread_region(SizeT size, SizeT alignment) {
  return size <= kLargestRegionBytes && alignment <= kClassBytes && VG_(clo_alignment) <= kClassBytes;
}

SizeT thread_region_block_bytes(SizeT size) { return (class_of(size) + 1) * kClassBytes; }

void* allocate_in_thread_region(ProcId processor, SizeT size) {
  Region& region = region_of(processor);
  const std::uint32_t index = class_of(size);
  if (FreeBlock* block = region.free_blocks[index]) {
    region.free_blocks[index] = block->next;
    return block;
  }
  const SizeT bytes = thread_region_block_bytes(size);
  if (region.next == 0 || region.end - region.next < bytes) {
    // The rest of the current chunk is left unused: a chunk serves one processor only.
    void* chunk = VG_(cli_malloc)(kChunkBytes, kChunkBytes);
    if (chunk == nullptr) return nullptr;
    region.next = reinterpret_cast<Addr>(chunk);
    region.end = region.next + kChunkBytes;
    chunk_owners->find_or_add(region.next >> kChunkShift) = processor < region_count ? processor : 0;
  }
  const Addr block = region.next;
  region.next += bytes;
  return reinterpret_cast<void*>(block);
}

ProcId thread_region_owner(const void* memory) {
  const ProcId* owner = chunk_owners->find(reinterpret_cast<Addr>(memory) >> kChunkShift);
  CCSIM_ASSERT(owner != nullptr);
  return *owner;
}

void free_in_thread_region(void* memory, SizeT size) {
  Region& region = region_of(thread_region_owner(memory));
  FreeBlock* block = static_cast<FreeBlock*>(memory);
  const std::uint32_t index = class_of(size);
  block->next = region.free_blocks[index];
  region.free_blocks[index] = block;
}

}  // namespace ccsim
