// heap_blocks.cc: the malloc replacement (in the shape of DHAT's), the live blocks it keeps, and the layer of
// blocks in the simulated order.
#include "ccsim/tool/data_objects/heap_blocks.h"

#include "ccsim/core/hash_map.h"
#include "ccsim/core/platform.h"
#include "ccsim/tool/data_objects/allocation_sites.h"
#include "ccsim/tool/data_objects/cached_ranges.h"
#include "ccsim/tool/data_objects/heap_block_set.h"
#include "ccsim/tool/data_objects/invalid_frees.h"
#include "ccsim/tool/data_objects/layout_changes.h"
#include "ccsim/tool/data_objects/named_ranges.h"
#include "ccsim/tool/data_objects/out_of_order_blocks.h"
#include "ccsim/tool/data_objects/thread_heap_regions.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/threads/reused_memory.h"
#include "ccsim/tool/threads/threads.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

bool recording = false;  // --data-objects=yes: blocks are objects in the layer below, with bins

// A block as the allocator sees it now, in the real run: what free and realloc need to know about it.
struct LiveBlock {
  SizeT size;
  ObjectId object;         // its bin (kUnknownObject without --data-objects)
  // Its allocation number, which tells its free from that of a later block at the same start (numbers
  // wrap after 2^32 allocations: two blocks that far apart are never both pending in the replay).
  std::uint32_t number;
  bool in_thread_region;   // from its thread's region (thread_heap_regions.h), else Valgrind's arena
};
// The client's live blocks in the real run, by start address, kept whatever --data-objects says: a
// pointer given to free, realloc or delete is checked here before Valgrind's allocator sees it
// (invalid_frees.h). Apart from the layer below: in the replay modes the layer lags behind the real run.
HashMap<Addr, LiveBlock>* live_blocks = nullptr;
std::uint32_t next_allocation_number = 1;

// The layer: the blocks live at the point the simulation has reached (layout_changes.h), each an
// extent of its bin whose key is its allocation number, the small ones by address granule (the layer's
// lookup asks those first, so that an access to a small block walks no tree). find_object() looks here.
HeapBlockSet* blocks = nullptr;
// The replay modes: accesses may reach blocks out of order (out_of_order_blocks.h).
bool out_of_order = false;

// Ends a block in the layer. Caches that remember its bytes are forgotten, and so are the names given
// to any part of it. In the replay modes it is kept as an ended block for accesses the replay reaches
// after it (out_of_order_blocks.h).
void end_block(const Extent& block) {
  const Extent ended = block;
  blocks->remove(ended.start);
  note_block_ended(ended);
  if (ended.size > 0) {
    forget_ranges(ended.start, ended.start + ended.size - 1);
    forget_named_ranges(ended.start, ended.start + ended.size - 1);
  }
}

// The layer's side of an allocation. The replay may reach it before another thread's free that came
// before it in the real run: whatever block the layer still has over its bytes was freed by then, and
// ends here (its own free, reached later, then finds another allocation number and changes nothing).
// Caches that remember the bytes as a gap of the heap mapping or an older block are forgotten.
void apply_block_allocated(const LayoutChange& change) {
  const Addr last = change.start + (change.size > 0 ? change.size - 1 : 0);
  while (const Extent* overlapped = blocks->first_overlapping(change.start, last)) end_block(*overlapped);
  note_allocation_applied(Extent{change.start, change.size, change.object, change.key});
  blocks->add(Extent{change.start, change.size, change.object, change.key});
  add_object_extent(change.object, change.start, change.size);
  if (change.size > 0) forget_ranges(change.start, last);
}

void apply_block_freed(const LayoutChange& change) {
  const Extent* block = blocks->at(change.start);
  if (block != nullptr && block->key == change.key) end_block(*block);
}

void record_allocation(ThreadId tid, Addr start, SizeT size, ObjectId object, bool in_thread_region) {
  const std::uint32_t number = next_allocation_number++;
  live_blocks->find_or_add(start) = LiveBlock{size, object, number, in_thread_region};
  if (recording) {
    // Before the change is recorded: recording it may replay it at once (a full buffer).
    if (change_waits_for_replay(tid)) note_allocation_recorded(Extent{start, size, object, number});
    change_layout(tid, LayoutChange{apply_block_allocated, start, size, object, number});
  }
}

// Memory for a request: a small one from the thread's own region (thread_heap_regions.h), others from
// Valgrind's allocator.
void* obtain(ThreadId tid, SizeT size, SizeT alignment) {
  void* memory = served_by_thread_region(size, alignment)
                     ? allocate_in_thread_region(thread_state(tid)->processor, size)
                     : VG_(cli_malloc)(alignment, size);
  if (memory != nullptr) note_allocated(tid, reinterpret_cast<Addr>(memory), size);
  return memory;
}

// `allocator` is the client's function ("malloc", ...; a string constant), for a new bin's object.
void* allocate(ThreadId tid, SizeT size, SizeT alignment, bool zeroed, const char* allocator) {
  void* memory = obtain(tid, size, alignment);
  if (memory == nullptr) return nullptr;
  if (zeroed) VG_(memset)(memory, 0, size);
  const ObjectId object = recording ? allocation_site_object(tid, allocator) : kUnknownObject;
  record_allocation(tid, reinterpret_cast<Addr>(memory), size, object, served_by_thread_region(size, alignment));
  return memory;
}

// The live block that starts at `memory`; null, after reporting it, when there is none (a pointer into
// a block, to the stack, or to a block freed already), and the caller must leave the pointer alone.
const LiveBlock* block_to_free(ThreadId tid, void* memory) {
  const LiveBlock* block = live_blocks->find(reinterpret_cast<Addr>(memory));
  if (block == nullptr) report_invalid_free(tid, reinterpret_cast<Addr>(memory));
  return block;
}

void release(ThreadId tid, void* memory) {
  if (memory == nullptr) return;
  const LiveBlock* block = block_to_free(tid, memory);
  if (block == nullptr) return;
  const Addr start = reinterpret_cast<Addr>(memory);
  if (recording) change_layout(tid, LayoutChange{apply_block_freed, start, block->size, block->object, block->number});
  const bool in_thread_region = block->in_thread_region;
  const SizeT size = block->size;
  // A block of a thread's region is given again only by the processor that carved it: freed there, it
  // orders nothing (a later thread on that processor runs after this one in the replay).
  if (!in_thread_region || thread_region_owner(memory) != thread_state(tid)->processor) note_freed(tid, start, size);
  live_blocks->erase(start);
  if (in_thread_region) {
    free_in_thread_region(memory, size);
  } else {
    VG_(cli_free)(memory);
  }
}

// Like Memcheck's, realloc always moves the block. The block stays in the bin of its first allocation:
// a growing buffer is one data object however often it grows. Like Memcheck's, realloc of a pointer
// that is not a block's start returns null and changes nothing.
void* reallocate(ThreadId tid, void* old, SizeT size) {
  if (old == nullptr) return allocate(tid, size, VG_(clo_alignment), false, "realloc");
  const LiveBlock* block = block_to_free(tid, old);
  if (block == nullptr) return nullptr;
  const SizeT old_size = block->size;
  const ObjectId object = block->object;
  void* moved = obtain(tid, size, VG_(clo_alignment));
  if (moved == nullptr) return nullptr;
  VG_(memcpy)(moved, old, old_size < size ? old_size : size);
  release(tid, old);
  record_allocation(tid, reinterpret_cast<Addr>(moved), size, object,
                    served_by_thread_region(size, VG_(clo_alignment)));
  return moved;
}

// --- the functions Valgrind calls for the client's malloc family (VG_(needs_malloc_replacement)) ---

void* replacement_malloc(ThreadId tid, SizeT size) {
  return allocate(tid, size, VG_(clo_alignment), false, "malloc");
}

void* replacement_new(ThreadId tid, SizeT size) { return allocate(tid, size, VG_(clo_alignment), false, "new"); }

void* replacement_array_new(ThreadId tid, SizeT size) {
  return allocate(tid, size, VG_(clo_alignment), false, "new[]");
}

void* replacement_aligned_new(ThreadId tid, SizeT size, SizeT alignment) {
  return allocate(tid, size, alignment, false, "new");
}

void* replacement_aligned_array_new(ThreadId tid, SizeT size, SizeT alignment) {
  return allocate(tid, size, alignment, false, "new[]");
}

// memalign, posix_memalign, aligned_alloc and valloc all come here.
void* replacement_memalign(ThreadId tid, SizeT alignment, SizeT size) {
  return allocate(tid, size, alignment, false, "memalign");
}

void* replacement_calloc(ThreadId tid, SizeT count, SizeT size) {
  if (size != 0 && count > ~SizeT(0) / size) return nullptr;  // count * size overflows
  return allocate(tid, count * size, VG_(clo_alignment), true, "calloc");
}

void replacement_free(ThreadId tid, void* memory) { release(tid, memory); }

void replacement_aligned_delete(ThreadId tid, void* memory, SizeT) { release(tid, memory); }

void* replacement_realloc(ThreadId tid, void* old, SizeT size) { return reallocate(tid, old, size); }

// Valgrind's answer whatever --data-objects says, so the program behaves the same either way; 0, as
// under Memcheck, for a pointer that is not a live block's start (Valgrind's allocator would abort).
SizeT replacement_usable_size(ThreadId, void* memory) {
  const LiveBlock* block = live_blocks->find(reinterpret_cast<Addr>(memory));
  if (block == nullptr) return 0;
  return block->in_thread_region ? thread_region_block_bytes(block->size) : VG_(cli_malloc_usable_size)(memory);
}

}  // namespace

void install_heap_replacement() {
  live_blocks = create_object<HashMap<Addr, LiveBlock>>("ccsim.objects", "ccsim.objects.live_blocks");
  // malloc, new and new[] allocate alike (each names itself as its bins' allocator), as do free, delete
  // and delete[]; no red zones beyond Valgrind's minimum, so blocks lie as close together as Valgrind's
  // allocator puts them.
  VG_(needs_malloc_replacement)(replacement_malloc, replacement_new, replacement_aligned_new, replacement_array_new,
                                replacement_aligned_array_new, replacement_memalign, replacement_calloc, replacement_free,
                                replacement_free, replacement_aligned_delete, replacement_free,
                                replacement_aligned_delete, replacement_realloc, replacement_usable_size, 0);
}

void init_heap_blocks() {
  blocks = create_object<HeapBlockSet>("ccsim.objects", "ccsim.objects.blocks");
  out_of_order = replay_orders_changes();
  if (out_of_order) init_out_of_order_blocks();
  init_allocation_sites(options.alloc_depth);
  recording = true;
}

// The layer's shadow table answers for an address in a small block, and in the replay modes the
// out-of-order blocks' tables for one in a small block the replay reached out of order
// (out_of_order_blocks.h); a gap, a large block, or a block a table declined is the trees'.
bool small_heap_block_at(Addr address, ObjectExtent* found) {
  const Extent* block = blocks->small_block_at(address);
  if (block != nullptr) {
    *found = whole_extent(*block);
  } else if (!out_of_order || !small_out_of_order_block_at(address, *blocks, found)) {
    return false;
  }
#if defined(CCSIM_DEBUG) && CCSIM_DEBUG
  // The sets' answer is the same block; its range may be narrower (a set's gap around an address is
  // narrowed near its small blocks, heap_block_set.h), never wider.
  ObjectExtent in_sets{};
  CCSIM_ASSERT((blocks->find(address, &in_sets) || out_of_order_block_at(address, &in_sets)) &&
               in_sets.object == found->object && in_sets.base == found->base && in_sets.life == found->life &&
               found->low <= in_sets.low && in_sets.low <= address && address <= in_sets.high &&
               in_sets.high <= found->high);
#endif
  return true;
}

// In no live block, the address may be in a block the replay reached out of the real run's order.
bool heap_object_at(Addr address, ObjectExtent* found) {
  return small_heap_block_at(address, found) || blocks->find(address, found) ||
         out_of_order_block_at(address, found);
}

}  // namespace ccsim
