// reused_memory.h: in the interleaved and piped orders, the order between a thread's free and another
// thread's allocation that gets the same memory back (ReplayEngine::record_reuse).
//
// Why: Valgrind runs one thread at a time, often for many time slices, so a thread can allocate, use and
// free a block before another thread starts; the allocator then hands the same memory to the next
// thread that asks. In the real run the two uses were one after the other. The replay orders interleave
// the threads' accesses as if they ran at once, and without this they interleaved the two uses of the
// same lines: four threads that each calloc, update and free a private 16 KiB array showed 5,125,003
// true-sharing coherence misses in one run of three and 3 in the others (perf/README.md). Now the second
// thread's accesses after its allocation wait until the first thread's accesses before its free are
// replayed.
//
// The freed ranges are kept, each with where its thread's recording was at the free, until memory in
// them is allocated again (then each overlapped range orders the allocation once and is forgotten):
// as many as the program has freed blocks not yet reused. Only with a replay: in native order the
// accesses are simulated in the real run's order. With workers they are kept in every order, so that the
// stream can be simulated in any (sync.h, records_replay_calls()); the native order's worker ignores them.
#ifndef CCSIM_TOOL_REUSED_MEMORY_H
#define CCSIM_TOOL_REUSED_MEMORY_H

#include "ccsim/core/types.h"

namespace ccsim {

// Thread `tid` (Valgrind's ThreadId) frees [start, start + size), which it or another thread allocated.
void note_freed(unsigned tid, Addr start, Addr size);
// Thread `tid` is given [start, start + size) by the allocator, before its allocation is recorded.
void note_allocated(unsigned tid, Addr start, Addr size);

}  // namespace ccsim

#endif
