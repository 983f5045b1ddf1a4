// heap_blocks.cc: the malloc replacement (in the shape of DHAT's) and the index of live blocks.
#include "ccsim/tool/heap_blocks.h"

#include "ccsim/core/platform.h"
#include "ccsim/tool/allocation_sites.h"
#include "ccsim/tool/cached_ranges.h"
#include "ccsim/tool/extent_index.h"
#include "ccsim/tool/named_ranges.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

bool recording = false;  // --data-objects=yes: blocks are indexed; otherwise the replacement only allocates

// The live blocks, each an extent belonging to its bin: free and realloc find their block by start.
ExtentIndex* blocks = nullptr;

// The new block's range may lie in a range some cache remembers as belonging to another object (a gap
// of the heap mapping, a freed block): those caches are forgotten.
void add_block(Addr start, SizeT size, ObjectId object) {
  blocks->add(start, size, object);
  add_object_extent(object, start, size);
  if (size > 0) forget_ranges(start, start + size - 1);
}

void remove_block(const Extent& block) {
  const Extent freed = block;
  blocks->remove(freed.start);
  if (freed.size > 0) {
    forget_ranges(freed.start, freed.start + freed.size - 1);
    forget_named_ranges(freed.start, freed.start + freed.size - 1);
  }
}

void* allocate(ThreadId tid, SizeT size, SizeT alignment, bool zeroed) {
  void* memory = VG_(cli_malloc)(alignment, size);
  if (memory == nullptr) return nullptr;
  if (zeroed) VG_(memset)(memory, 0, size);
  if (recording) add_block(reinterpret_cast<Addr>(memory), size, allocation_site_object(tid));
  return memory;
}

void release(void* memory) {
  if (recording) {
    if (const Extent* block = blocks->at(reinterpret_cast<Addr>(memory))) remove_block(*block);
  }
  VG_(cli_free)(memory);
}

// Like Memcheck's, realloc always moves the block. The block stays in the bin of its first allocation:
// a growing buffer is one data object however often it grows.
void* reallocate(ThreadId tid, void* old, SizeT size) {
  if (old == nullptr) return allocate(tid, size, VG_(clo_alignment), false);
  const Extent* block = recording ? blocks->at(reinterpret_cast<Addr>(old)) : nullptr;
  const SizeT old_size = block != nullptr ? block->size : VG_(cli_malloc_usable_size)(old);
  void* moved = VG_(cli_malloc)(VG_(clo_alignment), size);
  if (moved == nullptr) return nullptr;
  VG_(memcpy)(moved, old, old_size < size ? old_size : size);
  ObjectId object = kUnknownObject;
  if (recording) object = block != nullptr ? block->object : allocation_site_object(tid);
  release(old);
  if (recording) add_block(reinterpret_cast<Addr>(moved), size, object);
  return moved;
}

// --- the functions Valgrind calls for the client's malloc family (VG_(needs_malloc_replacement)) ---

void* replacement_malloc(ThreadId tid, SizeT size) { return allocate(tid, size, VG_(clo_alignment), false); }

void* replacement_aligned_new(ThreadId tid, SizeT size, SizeT alignment) {
  return allocate(tid, size, alignment, false);
}

void* replacement_memalign(ThreadId tid, SizeT alignment, SizeT size) { return allocate(tid, size, alignment, false); }

void* replacement_calloc(ThreadId tid, SizeT count, SizeT size) {
  if (size != 0 && count > ~SizeT(0) / size) return nullptr;  // count * size overflows
  return allocate(tid, count * size, VG_(clo_alignment), true);
}

void replacement_free(ThreadId, void* memory) { release(memory); }

void replacement_aligned_delete(ThreadId, void* memory, SizeT) { release(memory); }

void* replacement_realloc(ThreadId tid, void* old, SizeT size) { return reallocate(tid, old, size); }

// Valgrind's answer whatever --data-objects says, so the program behaves the same either way.
SizeT replacement_usable_size(ThreadId, void* memory) { return VG_(cli_malloc_usable_size)(memory); }

}  // namespace

void install_heap_replacement() {
  // malloc, new and new[] allocate alike, as do free, delete and delete[]; no red zones beyond
  // Valgrind's minimum, so blocks lie as close together as Valgrind's allocator puts them.
  VG_(needs_malloc_replacement)(replacement_malloc, replacement_malloc, replacement_aligned_new, replacement_malloc,
                                replacement_aligned_new, replacement_memalign, replacement_calloc, replacement_free,
                                replacement_free, replacement_aligned_delete, replacement_free,
                                replacement_aligned_delete, replacement_realloc, replacement_usable_size, 0);
}

void init_heap_blocks() {
  blocks = create_object<ExtentIndex>("ccsim.objects", "ccsim.objects.blocks");
  init_allocation_sites(options.alloc_depth);
  recording = true;
}

bool heap_object_at(Addr address, ObjectExtent* found) { return blocks->find(address, found); }

}  // namespace ccsim
