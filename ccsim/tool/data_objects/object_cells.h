// object_cells.h: one cell of the code x data matrix (`object-ref:`, MemSpy's procedure x data bin): the
// counts of one reference on one processor in one data object. The slow-path events reach it through
// the simulator's observer (object_statistics.cc); the reads and writes through the hot path, whose object
// caches (object_access_counts.h) point at the cell of the reference, the object they hold and the
// processor that runs the reference there, so that counting an access stays one add to memory.
#ifndef CCSIM_TOOL_OBJECT_CELLS_H
#define CCSIM_TOOL_OBJECT_CELLS_H

#include <cstdint>

#include "ccsim/core/events.h"
#include "ccsim/core/types.h"
#include "ccsim/tool/data_objects/data_objects.h"

namespace ccsim {

// The key comes first and is kept with the counts so that a cache holding the cell can tell, without a
// lookup, whether the cell is the one of its next access (the same object, reference and processor):
// a refill for another block of the same heap bin (pointer chasing) keeps the cell it has.
struct ObjectCell {
  ObjectId object;
  RefId ref;
  ProcId proc;
  std::uint64_t counts[kNumEvents];  // events.h order; reads and writes from the hot path
};

// The cell of (object, ref, proc), made (zero) at its first use. Cells never move and are never freed
// (CCSIM_ZERO_STATS zeroes their counts in place), so a cache may keep the pointer. Kept by
// object_statistics.cc with the objects' other counters.
ObjectCell* object_cell(ObjectId object, RefId ref, ProcId proc);

}  // namespace ccsim

#endif
