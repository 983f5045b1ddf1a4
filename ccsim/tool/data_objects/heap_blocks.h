// heap_blocks.h: the program's heap blocks. The program's own allocator runs (glibc's, or the one it
// links), so blocks lie where they lie natively and share cache lines as they do natively; the preload's
// wrappers of malloc, calloc, realloc, reallocarray, free, memalign, posix_memalign, aligned_alloc,
// valloc, pvalloc, malloc_usable_size and every form of new and delete (malloc_intercepts.c) report
// each call here. Each block belongs to the bin of its allocation stack (allocation_sites.h); a block's
// statistics are its bin's, so they outlive the block, and memory freed and allocated again belongs to
// the new allocation's bin from then on. The layer follows the simulated order: allocations and frees
// are layout changes (layout_changes.h), applied where the simulation reaches them. A pointer to free
// or reallocate that is not the start of a live block is reported and kept from the allocator
// (invalid_frees.h).
#ifndef CCSIM_TOOL_HEAP_BLOCKS_H
#define CCSIM_TOOL_HEAP_BLOCKS_H

#include "ccsim/tool/data_objects/data_objects.h"

namespace ccsim {

// At tool start-up: blocks are followed whatever --data-objects says (a bad free is caught either way).
void init_heap_block_tracking();

// Starts recording blocks and their bins (--data-objects=yes).
void init_heap_blocks();

// VG_USERREQ__CCSIM_ALLOCATOR_ENTER (requests.h): thread `tid` calls the allocator function `function`
// (enum ccsim_allocator_function), giving it `pointer` (0: none) from the code at `call`. False when
// the call must not go on (the pointer was reported). A block given back ends here.
bool allocator_call_begins(unsigned tid, std::uint32_t function, Addr pointer, Addr call);
// VG_USERREQ__CCSIM_ALLOCATOR_EXIT: the call returned `block` (0: none) of `size` bytes.
void allocator_call_ends(unsigned tid, std::uint32_t function, Addr block, std::uint64_t size);

// Whether the allocator has given a block within [low, high] (by 1 MiB granules): the mapping there is
// the allocator's outside its live blocks.
bool allocator_gave_blocks_in(Addr low, Addr high);
// The allocator function's name a heap bin keeps (DataObject::allocator) for a name read back from the
// workers' stream (or a trace, whose tool may be another build), or null for a name that is none of them.
const char* allocator_function_named(const char* name);
// The granules (address >> 20) the allocator gave blocks in, visited; one added. The simulation worker
// (--sim-threads=1) is handed the tool's at the client's exit (worker_data_objects.h).
void for_each_allocator_granule(void (*visit)(Addr granule));
void add_allocator_granule(Addr granule);

bool heap_object_at(Addr address, ObjectExtent* found);
// The heap layer's answer when the address is in a small block its shadow table knows (heap_shadow.h),
// or in the replay modes in a small block reached out of order (out_of_order_blocks.h), without a tree
// walk; false when the tables do not know (the address may still be in a block).
bool small_heap_block_at(Addr address, ObjectExtent* found);

}  // namespace ccsim

#endif
