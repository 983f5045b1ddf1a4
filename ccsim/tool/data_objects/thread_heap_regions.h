// thread_heap_regions.h: small heap blocks come from memory of their thread's own, as glibc's per-thread
// arenas give them, instead of all threads sharing Valgrind's one client arena.
//
// Why: Valgrind runs one thread at a time, often for many time slices, and its arena gives each request
// the memory freed last, whoever freed it. Threads that each allocate, use and free a private buffer in
// a loop were therefore handed each other's buffers over and over, and blocks two threads allocated one
// after the other lay side by side, sharing a cache line: the simulation saw lines pass between threads
// that share nothing (a 4-thread malloc/free loop: 20,000 to 70,000 invalidations per thread, changing
// from run to run; glibc, whose per-thread arenas and caches keep threads' blocks apart, makes nearly
// none). Now each simulated processor (one per thread, threads.h) carves its small blocks from chunks of
// its own, and a freed block goes back to the processor that carved it, to be given again only by it.
// Two threads' small blocks never share a line, and which memory a thread gets depends only on its own
// requests and on the frees of its blocks.
//
// Requests of up to kLargestRegionBytes bytes aligned to at most 16 bytes (Valgrind's default), in size
// classes of 16 bytes (a block is carved with its class's full size, so any request of the class fits);
// larger or more aligned requests go to Valgrind's allocator as before. Chunks are 16 KiB, aligned to
// their size, so a block's chunk, and with it its processor, is found from its address; a processor's
// chunks stay its own (a later thread on the same processor goes on with them). Memory: a chunk per
// processor that allocates small blocks, and what the classes' free lists hold (reused only by their
// processor).
#ifndef CCSIM_TOOL_THREAD_HEAP_REGIONS_H
#define CCSIM_TOOL_THREAD_HEAP_REGIONS_H

#include "ccsim/core/types.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

constexpr SizeT kLargestRegionBytes = 1024;

// Whether a request of `size` bytes with `alignment` is served from its thread's region.
bool served_by_thread_region(SizeT size, SizeT alignment);
// A block for such a request by the thread on `processor`: the processor's most recently freed block of
// the request's class, or a new one. Null when the client's heap is exhausted.
void* allocate_in_thread_region(ProcId processor, SizeT size);
// The processor whose region holds a block allocate_in_thread_region gave.
ProcId thread_region_owner(const void* memory);
// A block allocate_in_thread_region gave for a request of `size` bytes is free: back to its processor.
void free_in_thread_region(void* memory, SizeT size);
// The bytes such a block holds (its class's size), for malloc_usable_size.
SizeT thread_region_block_bytes(SizeT size);

}  // namespace ccsim

#endif
