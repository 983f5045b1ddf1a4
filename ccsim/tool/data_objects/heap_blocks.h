// heap_blocks.h: ccsim's replacement of the client's malloc family (malloc, calloc, realloc, free,
// memalign, posix_memalign, aligned_alloc, new, new[], delete, delete[] and their aligned forms), and the
// layer of live heap blocks. Each block belongs to the bin of its allocation stack (allocation_sites.h);
// a block's statistics are its bin's, so they outlive the block, and memory freed and allocated again
// belongs to the new allocation's bin from then on. The layer follows the simulated order: allocations
// and frees are layout changes (layout_changes.h), applied where the simulation reaches them. A pointer
// to free or reallocate that is not the start of a live block is reported and ignored (invalid_frees.h).
#ifndef CCSIM_TOOL_HEAP_BLOCKS_H
#define CCSIM_TOOL_HEAP_BLOCKS_H

#include "ccsim/tool/data_objects/data_objects.h"

namespace ccsim {

// At tool start-up (before options are read, as Valgrind requires). The replacement is always installed,
// so the heap's layout, and with it which blocks share cache lines, does not depend on --data-objects;
// blocks are recorded only once init_heap_blocks() has run.
void install_heap_replacement();

// Starts recording blocks and their bins (--data-objects=yes).
void init_heap_blocks();

bool heap_object_at(Addr address, ObjectExtent* found);
// The heap layer's answer when the address is in a small block its shadow table knows (heap_shadow.h),
// or in the replay modes in a small block reached out of order (out_of_order_blocks.h), without a tree
// walk; false when the tables do not know (the address may still be in a block).
bool small_heap_block_at(Addr address, ObjectExtent* found);

}  // namespace ccsim

#endif
