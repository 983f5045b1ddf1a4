// deferred_miss_classes.h: the objects' capacity and conflict misses when several simulation workers
// split the lines with miss classes (--sim-threads above 1, --miss-classes=yes; docs/parallel-simulation.md,
// section 9).
//
// Inline, a replacement miss's notice says whether it is a capacity or a conflict miss, and the miss's
// object cell and thread counters count the class with the miss. With workers, the fully-associative
// shadows that decide it are the first worker's shadow stage (workers/shadow_queues.h), which answers
// later, by when the objects of freed memory can no longer be looked up. So the worker's simulator
// delivers the miss during the access with `class_later` (core/observer.h): the miss is charged then, as
// inline, and where it was charged, the (object, reference, thread, level, address), is kept here, in the
// order of the worker's such notices, which is the order of the misses in its shadow log. When the stage's
// answer comes back (the n-th miss's class), the worker counts it in the same cells, and the miss is
// forgotten. Memory: 24 bytes per miss waiting for its answer, as many as the stage is behind.
#ifndef CCSIM_TOOL_DATA_OBJECTS_DEFERRED_MISS_CLASSES_H
#define CCSIM_TOOL_DATA_OBJECTS_DEFERRED_MISS_CLASSES_H

#include <cstdint>

#include "ccsim/core/events.h"
#include "ccsim/core/types.h"
#include "ccsim/tool/data_objects/data_objects.h"

namespace ccsim {

// Where one replacement miss was charged, waiting for its class.
struct DeferredMissClass {
  ObjectId object;
  RefId ref;
  ProcId proc;
  Level level;
  Addr address;  // the access's first byte in the line: its cache set
};

// This worker's next replacement miss delivered with `class_later`, charged to `miss`'s cells.
void defer_miss_class(const DeferredMissClass& miss);

// CCSIM_ZERO_STATS: the misses kept so far will be told their class, but their counts were zeroed.
void zero_deferred_miss_classes();

// Where this worker's `ordinal`-th deferred miss was charged, or null when that miss was zeroed.
const DeferredMissClass* deferred_miss_class(std::uint32_t ordinal);
// The misses before the `ordinal`-th have been told their class: they are forgotten.
void forget_deferred_misses_before(std::uint32_t ordinal);

}  // namespace ccsim

#endif
