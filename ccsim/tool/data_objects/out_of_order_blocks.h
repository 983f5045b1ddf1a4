// out_of_order_blocks.h: heap blocks an access reaches out of the real run's order in the replay modes:
// a block whose allocation the replay has not reached yet, and a block the replay has freed already.
//
// Why: the replay keeps mutual exclusion in its own order, not in the order the program took its locks
// (docs/synchronization.md), so a thread's critical section can be simulated before the critical section
// of another thread that, in the real run, came first. When that earlier section allocated a block and
// published it (a node inserted into a shared list), the later thread's reads of the block are simulated
// before the allocation takes effect in the layer of heap blocks (layout_changes.h), and found no block:
// they were charged to "heap mapping outside live blocks". The same happens after the layer has freed a
// block that the reader, in the real run, read before its free. A chained hash table with one mutex
// (perf/workloads/hash_table.c, 4 threads) charged 35% to 47% of each worker's reads there in interleaved
// order; tests/programs/published_blocks.c half of its reader's reads interleaved and all of them piped.
//
// So the heap layer asks here when an address is in none of its live blocks (replay modes only; in native
// order every access comes in the real order and nothing is kept):
// - blocks allocated in the real run whose allocation the replay has not applied ("unreached"), from the
//   moment the allocation is recorded to the moment the replay applies it; of several unreached blocks
//   over the same bytes (freed and allocated again before the replay reached the first), the first;
// - blocks the replay has ended ("ended"), until an allocation the replay applies takes their bytes, and
//   at most kEndedKept of them (the oldest are dropped first), so a program that frees a large structure
//   at its end keeps bounded memory.
// An access found there is charged to that block's bin. A live block of the layer wins over both, and an
// unreached block over an ended one (the newer of the two uses of the memory). The answers are the
// layer's, so they are cached like its others (cached_ranges.h), and every change here forgets the
// cached ranges over the bytes whose answer it changes.
//
// Cost: pointer chasing meets such blocks at nearly every access (the hash table above: 40% of the
// workers' object lookups), and an allocation-heavy program adds and removes each of its blocks here
// twice, so both kinds are sets whose small blocks are in shadow tables (heap_block_set.h), as the live
// ones are, and the lookup walks a tree only when a table does not settle the answer.
#ifndef CCSIM_TOOL_OUT_OF_ORDER_BLOCKS_H
#define CCSIM_TOOL_OUT_OF_ORDER_BLOCKS_H

#include "ccsim/tool/data_objects/heap_block_set.h"

namespace ccsim {

// In the replay modes, with data objects; before that, and in native order, nothing below keeps anything.
void init_out_of_order_blocks();

// The real run allocated `block` (its key the allocation number), and the replay will apply it later.
void note_allocation_recorded(const Extent& block);
// The replay applied the allocation of `block`: it is no longer unreached, and ended blocks over its
// bytes are dropped.
void note_allocation_applied(const Extent& block);
// The replay ended `block` (freed, or overlapped by a later allocation).
void note_block_ended(const Extent& block);

// The live blocks' shadow table has no block at `address`: true with the answer of a small unreached
// (else ended) block holding it whose bytes hold no block of `live` and, for an ended one, no unreached
// block. False when that does not settle it: ask the sets (the heap layer, then out_of_order_block_at()).
bool small_out_of_order_block_at(Addr address, HeapBlockSet& live, ObjectExtent* found);

// The heap layer found no live block at `address`; `found` holds the layer's gap around it. True with
// an unreached or ended block's answer (its range narrowed to that gap); false with the gap narrowed to
// where no such block is either.
bool out_of_order_block_at(Addr address, ObjectExtent* found);

}  // namespace ccsim

#endif
