// heap_blocks.cc: the program's heap blocks as its allocator reports them (malloc_intercepts.c), the live
// blocks in the real run, and the layer of blocks in the simulated order.
#include "ccsim/tool/data_objects/heap_blocks.h"

#include "ccsim/core/hash_map.h"
#include "ccsim/core/platform.h"
#include "ccsim/sync/requests.h"
#include "ccsim/tool/data_objects/allocation_sites.h"
#include "ccsim/tool/data_objects/cached_ranges.h"
#include "ccsim/tool/data_objects/heap_block_set.h"
#include "ccsim/tool/data_objects/invalid_frees.h"
#include "ccsim/tool/data_objects/layer_hooks.h"
#include "ccsim/tool/data_objects/layout_changes.h"
#include "ccsim/tool/data_objects/named_ranges.h"
#include "ccsim/tool/data_objects/object_paths.h"
#include "ccsim/tool/data_objects/out_of_order_blocks.h"
#include "ccsim/tool/data_objects/runtime_libraries.h"
#include "ccsim/tool/data_objects/site_live.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/threads/reused_memory.h"
#include "ccsim/tool/threads/threads.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

bool recording = false;  // --data-objects=yes: blocks are objects in the layer below, with bins

// A block as the allocator gave it, in the real run: what a later free, realloc or malloc_usable_size
// needs to know about it.
struct LiveBlock {
  SizeT size;
  ObjectId object;         // its bin (kUnknownObject without --data-objects)
  // Its allocation number, which tells its free from that of a later block at the same start (numbers
  // wrap after 2^32 allocations: two blocks that far apart are never both pending in the replay).
  std::uint32_t number;
};
// The client's live blocks in the real run, by start address, kept whatever --data-objects says: a
// pointer given to free, realloc or delete is checked here before the allocator sees it
// (invalid_frees.h). Apart from the layer below: in the replay modes the layer lags behind the real run.
HashMap<Addr, LiveBlock>* live_blocks = nullptr;
std::uint32_t next_allocation_number = 1;

// The 1 MiB granules (address >> 20) in which the allocator has given blocks: the mappings that hold
// them are the allocator's outside its blocks (allocator_gave_blocks_in). One insert per new granule:
// `last_granule` spares the lookup while allocations stay in one.
HashMap<Addr, bool>* allocator_granules = nullptr;
Addr last_granule = ~Addr(0);
constexpr unsigned kGranuleShift = 20;

// The layer: the blocks live at the point the simulation has reached (layout_changes.h), each an
// extent of its bin whose key is its allocation number, the small ones by address granule (the layer's
// lookup asks those first, so that an access to a small block walks no tree). find_object() looks here.
HeapBlockSet* blocks = nullptr;
// The replay modes: accesses may reach blocks out of order (out_of_order_blocks.h).
bool out_of_order = false;

// The bins' allocator names, by enum ccsim_allocator_function (requests.h): the function the program called.
const char* const kFunctionNames[CCSIM_ALLOC_FUNCTIONS] = {
    "malloc", "calloc", "realloc", "reallocarray", "memalign", "posix_memalign", "aligned_alloc", "valloc",
    "pvalloc", "new", "new[]", "free", "delete", "delete[]", "malloc_usable_size"};

// Ends a block in the layer. Caches that remember its bytes are forgotten, and so are the names given
// to any part of it. In the replay modes it is kept as an ended block for accesses the replay reaches
// after it (out_of_order_blocks.h).
void end_block(const Extent& block) {
  const Extent ended = block;
  blocks->remove(ended.start);
  note_site_block_ended(ended.object, ended.size);
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
  if (paths_on) path_block_allocated(change.object, change.start, change.size, change.key, change.proc);
  note_allocation_applied(Extent{change.start, change.size, change.object, change.key});
  blocks->add(Extent{change.start, change.size, change.object, change.key});
  note_site_block_allocated(change.object, change.size);
  add_object_extent(change.object, change.start, change.size);
  if (change.size > 0) forget_ranges(change.start, last);
}

void apply_block_freed(const LayoutChange& change) {
  const Extent* block = blocks->at(change.start);
  if (block != nullptr && block->key == change.key) end_block(*block);
  if (paths_on) path_block_freed(change.start, change.key, change.proc, change.call);
}

// Thread `tid` was given [start, start + size) for the bin `object`.
void record_allocation(ThreadId tid, Addr start, SizeT size, ObjectId object) {
  note_allocated(tid, start, size);
  const std::uint32_t number = next_allocation_number++;
  live_blocks->find_or_add(start) = LiveBlock{size, object, number};
  if (start >> kGranuleShift != last_granule) {
    last_granule = start >> kGranuleShift;
    allocator_granules->find_or_add(last_granule) = true;
  }
  if (recording) {
    // Before the change is recorded: recording it may replay it at once (a full buffer).
    if (change_waits_for_replay(tid)) note_allocation_recorded(Extent{start, size, object, number});
    change_layout(tid, LayoutChange{LayoutChangeKind::BlockAllocated, start, size, object, number,
                                    thread_state(tid)->processor, 0});
  }
}

// Thread `tid` gave the live block at `start` back to the allocator, calling it from the code at `call`
// (0: unknown).
void record_free(ThreadId tid, Addr start, Addr call) {
  const LiveBlock* block = live_blocks->find(start);
  if (block == nullptr) return;  // the runtime's own memory (allocator_call_begins lets it pass)
  if (recording) {
    if (paths_on && call != 0 && layer_forwarding != nullptr) layer_forwarding->call_function(call);
    change_layout(tid, LayoutChange{LayoutChangeKind::BlockFreed, start, block->size, block->object, block->number,
                                    thread_state(tid)->processor, call});
  }
  note_freed(tid, start, block->size);
  live_blocks->erase(start);
}

}  // namespace

void init_heap_block_tracking() {
  live_blocks = create_object<HashMap<Addr, LiveBlock>>("ccsim.objects", "ccsim.objects.live_blocks");
  allocator_granules = create_object<HashMap<Addr, bool>>("ccsim.objects", "ccsim.objects.allocator_granules");
}

bool allocator_call_begins(unsigned tid, std::uint32_t function, Addr pointer, Addr call) {
  ThreadState* thread = thread_state(tid);
  const Addr sp = VG_(get_SP)(tid);
  // Calls the allocator makes itself run on the stack below the outer call's start; a call at or above
  // it follows an outer call that never returned (an exception thrown out of operator new).
  if (thread->allocator_depth > 0 && sp >= thread->allocator_call_sp) thread->allocator_depth = 0;
  if (thread->allocator_depth++ == 0) {
    thread->allocator_call_sp = sp;
    refresh_unusual(thread);
  }
  if (thread->allocator_depth > 1 || pointer == 0) return true;
  const LiveBlock* block = live_blocks->find(pointer);
  if (block == nullptr) {
    // The runtime's code may give back memory the allocator never returned from malloc (glibc frees a
    // thread's cache at its exit): that is the allocator's business. A pointer the program's code gives
    // that is no live block is reported and kept from the allocator, which would abort on it before
    // the profile is written.
    if (is_runtime_code(call)) return true;
    --thread->allocator_depth;
    refresh_unusual(thread);
    report_invalid_free(tid, pointer);
    return false;
  }
  switch (function) {
    case CCSIM_ALLOC_REALLOC:
    case CCSIM_ALLOC_REALLOCARRAY:
      thread->reallocated_block = pointer;
      thread->reallocated_size = block->size;
      thread->reallocated_object = block->object;
      record_free(tid, pointer, call);
      break;
    case CCSIM_ALLOC_FREE:
    case CCSIM_ALLOC_DELETE:
    case CCSIM_ALLOC_DELETE_ARRAY:
      record_free(tid, pointer, call);
      break;
    default:
      break;
  }
  return true;
}

void allocator_call_ends(unsigned tid, std::uint32_t function, Addr block, std::uint64_t size) {
  ThreadState* thread = thread_state(tid);
  if (thread->allocator_depth > 0 && --thread->allocator_depth == 0) refresh_unusual(thread);
  if (thread->allocator_depth > 0 || function >= CCSIM_ALLOC_FUNCTIONS) return;  // the outermost call reports
  switch (function) {
    case CCSIM_ALLOC_FREE:
    case CCSIM_ALLOC_DELETE:
    case CCSIM_ALLOC_DELETE_ARRAY:
      return;  // given back at the call's start
    case CCSIM_ALLOC_USABLE_SIZE: {
      // The program may use every byte malloc_usable_size covers: the block grows to that size, in the
      // same bin (for the layer, a block freed and given again at the same start).
      const LiveBlock* live = live_blocks->find(block);
      if (live == nullptr || size <= live->size) return;
      const ObjectId object = live->object;
      record_free(tid, block, 0);
      record_allocation(tid, block, size, object);
      return;
    }
    case CCSIM_ALLOC_REALLOC:
    case CCSIM_ALLOC_REALLOCARRAY:
      if (thread->reallocated_block != 0) {
        // A reallocated block stays in the bin of its first allocation: a growing buffer is one data
        // object however often it grows or moves. A failed realloc (null for a non-zero size) leaves
        // the old block to the program; realloc(p, 0) frees it and returns null.
        const Addr old = thread->reallocated_block;
        thread->reallocated_block = 0;
        if (block != 0) {
          record_allocation(tid, block, size, thread->reallocated_object);
        } else if (size != 0) {
          record_allocation(tid, old, thread->reallocated_size, thread->reallocated_object);
        }
        return;
      }
      break;  // realloc(NULL, n) allocates like malloc
    default:
      break;
  }
  if (block == 0) return;
  const ObjectId object = recording ? allocation_site_object(tid, kFunctionNames[function]) : kUnknownObject;
  record_allocation(tid, block, size, object);
}

const char* allocator_function_named(const char* name) {
  if (name == nullptr) return nullptr;
  for (const char* known : kFunctionNames) {
    if (VG_(strcmp)(known, name) == 0) return known;
  }
  return nullptr;
}

bool allocator_gave_blocks_in(Addr low, Addr high) {
  for (Addr granule = low >> kGranuleShift; granule <= high >> kGranuleShift; ++granule) {
    if (allocator_granules->find(granule) != nullptr) return true;
  }
  return false;
}

void for_each_allocator_granule(void (*visit)(Addr granule)) {
  allocator_granules->for_each([visit](Addr granule, bool) { visit(granule); });
}

void add_allocator_granule(Addr granule) { allocator_granules->find_or_add(granule) = true; }

void init_heap_blocks() {
  set_layout_change_apply(LayoutChangeKind::BlockAllocated, apply_block_allocated);
  set_layout_change_apply(LayoutChangeKind::BlockFreed, apply_block_freed);
  blocks = create_object<HeapBlockSet>("ccsim.objects", "ccsim.objects.blocks");
  out_of_order = replay_orders_changes();
  if (out_of_order) init_out_of_order_blocks();
  init_allocation_sites(options.alloc_depth);
  if (options.working_set) init_site_live();
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
