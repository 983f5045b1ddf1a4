// deferred_miss_classes.h: the objects' capacity and conflict misses when several simulation workers
// split the lines with miss classes (--sim-threads above 1, --miss-classes=yes; docs/parallel-simulation.md,
// section 9).
//
// Inline, a replacement miss's notice says whether it is a capacity or a conflict miss, and the miss's
// object cell and thread counters count the class with the miss. With workers, the fully-associative
// shadows that decide it run in the shadow stage at the end (core/shadow_stage.h), by when the objects of
// freed memory can no longer be looked up. So the worker's simulator delivers the miss during the access
// with `class_later` (core/observer.h): the miss is charged then, as inline, and where it was charged, the
// (object, reference, thread, level), is kept here, in the order of the worker's such notices, which is the
// order of the misses waiting in its shadow log. Each other worker hands its list over after its tables
// (object_transfer.h, the objects translated), the first adds them in the workers' order, and when the
// stage tells the class of worker k's n-th miss, the first worker counts it in the same cells.
//
// Memory: 16 bytes per replacement miss of every level, kept to the end (and as many in the counts file),
// beside the shadow log's 64-byte op of the same miss (core/shadow_log.h).
#ifndef CCSIM_TOOL_DATA_OBJECTS_DEFERRED_MISS_CLASSES_H
#define CCSIM_TOOL_DATA_OBJECTS_DEFERRED_MISS_CLASSES_H

#include <cstdint>

#include "ccsim/core/events.h"
#include "ccsim/core/types.h"
#include "ccsim/core/word_stream.h"
#include "ccsim/tool/data_objects/data_objects.h"

namespace ccsim {

// Where one replacement miss was charged, waiting for its class.
struct DeferredMissClass {
  ObjectId object;
  RefId ref;
  ProcId proc;
  Level level;
};

// This worker's next replacement miss delivered with `class_later`, charged to `miss`'s cells.
void defer_miss_class(const DeferredMissClass& miss);

// CCSIM_ZERO_STATS: the misses kept so far will be told their class, but their counts were zeroed.
void zero_deferred_miss_classes();

// Where worker `worker`'s `ordinal`-th deferred miss was charged (worker 0: this one's own; k: the k-th
// list added), or null when that miss was zeroed.
const DeferredMissClass* deferred_miss_class(std::uint32_t worker, std::uint32_t ordinal);

// The hand-over (object_transfer.h): this worker's list; and another worker's, added after the lists
// added before it, its objects translated. False when the words do not fit.
void write_deferred_miss_classes(WordWriter* out);
bool add_deferred_miss_classes(WordReader* in);

}  // namespace ccsim

#endif
