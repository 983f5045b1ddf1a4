// object_statistics.h: the events of each data object, per thread (`object-counts:`, the same columns as
// `counts:`) and per reference and thread (`object-ref:`, MemSpy's code x data matrix).
//
// The slow-path events come from the simulator's observer (ccsim/core/observer.h), which reports every
// miss, coherence miss, invalidation and eviction with its address; each is charged to exactly one
// object, so the objects' counts add up to the summary. A miss is charged to the object holding the
// bytes accessed; a received invalidation to the object holding the victim's bytes (those the writer's
// store met, for true sharing; else the first it had touched); a caused invalidation to the object holding
// the bytes written; an eviction to the object holding the line's first byte (the notice does not say
// which bytes were used); where an L1 miss was served and a downgrade (both sides) to the object holding
// the bytes the missing access touched. Reads and writes come from the hot path (object_access_counts.h),
// which counts them per cell (object, reference, thread; object_cells.h); an object's are the sums of its
// cells. Hits are not kept per object: the hot path does not tell hits from misses.
#ifndef CCSIM_TOOL_OBJECT_STATISTICS_H
#define CCSIM_TOOL_OBJECT_STATISTICS_H

#include <cstdint>

#include "ccsim/core/events.h"
#include "ccsim/core/types.h"
#include "ccsim/tool/data_objects/data_objects.h"

namespace ccsim {

class Simulator;
struct Observer;

// Starts observing `simulator`, counting accesses and keeping line detail (--line-detail).
void init_object_statistics(Simulator* simulator);
// CCSIM_ZERO_STATS: every object count, matrix cell and line detail back to zero.
void zero_object_statistics();
// The observer init_object_statistics() set on the simulator: each of several workers with miss classes
// also tells it the class of every miss it deferred, when the shadow stage answers (its miss_class
// function; deferred_miss_classes.h, workers/shadow_queues.h).
const Observer* object_observer();

// `counts` has kNumEvents entries (events.h order) and is the statistics' own storage: it stays valid and
// unchanged until the next simulated access or zeroing, so a writer may keep the pointer to sort rows.
// Only pairs with a non-zero count are visited; the order is unspecified.
using ObjectCountsVisitor = void (*)(void* context, ObjectId object, ProcId proc, const std::uint64_t* counts);
using ObjectReferenceVisitor = void (*)(void* context, ObjectId object, RefId ref, ProcId proc,
                                        const std::uint64_t* counts);
// Per object and thread, with the hot path's reads and writes.
void for_each_object_counts(ObjectCountsVisitor visit, void* context);
// Per object, reference and thread: the slow-path events, reads and writes.
void for_each_object_reference(ObjectReferenceVisitor visit, void* context);

// The transfers of one object's lines from one thread's copy to another thread's miss (DProf's "bounce",
// counted), by the state of the supplying copy: Modified, Exclusive, Shared (events.h order).
struct ObjectTransferCounts {
  std::uint64_t from_state[3];
};
using ObjectTransferVisitor = void (*)(void* context, ObjectId object, ProcId from, ProcId to,
                                       const ObjectTransferCounts& counts);
void for_each_object_transfer(ObjectTransferVisitor visit, void* context);

// The evictions of lines of one object, last touched on one thread, by the accesses of one thread to
// another (or the same) object, per level (`object-evictor:`). The victim object is the one the eviction
// is charged to (<L>_evictions), so per victim object and thread they add up to its evictions.
using ObjectEvictionVisitor = void (*)(void* context, ObjectId victim, ProcId victim_proc, ObjectId evictor,
                                       ProcId evictor_proc, Level level, std::uint64_t count);
void for_each_object_eviction(ObjectEvictionVisitor visit, void* context);

}  // namespace ccsim

#endif
