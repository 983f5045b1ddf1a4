// placement_watch.h: which heap blocks get a placement prediction (ccsim/core/placement_prediction.h), and
// their totals per object for the profile's `placement:` records (docs/data-objects.md, "Placement").
//
// A heap block is watched from the moment a second thread touches it: before that, the only thread that
// touched it holds its copies alone and nothing can be invalidated in any layout. At that moment, before the
// second thread's access is simulated, the prediction starts from the first thread's copies of the block's
// lines as the simulated caches hold them (the bytes it touched since each copy came in: touched_bytes()),
// so it misses nothing the infinite-cache model would have seen, except the copies the first thread had
// already lost to evictions. From then on every access of the block, by any thread, is predicted.
//
// The hook is the access counting (object_access_counts.h), which looks an access's object up whenever a
// reference's cache does not cover it: the counting path reports each lookup of a heap block with the
// accessing processor, before the access is simulated, and does not cache a watched block's range, so that
// every later access of it comes back here. A block touched by one thread costs one hash lookup per cache
// refill (the first thread's first access through each reference); a block never shared is never watched,
// and its accesses keep the one-compare hit of the cache.
//
// Only with --data-objects=yes.
#ifndef CCSIM_TOOL_PLACEMENT_WATCH_H
#define CCSIM_TOOL_PLACEMENT_WATCH_H

#include <cstdint>

#include "ccsim/core/placement_prediction.h"
#include "ccsim/core/types.h"
#include "ccsim/tool/data_objects/data_objects.h"

namespace ccsim {

class Simulator;

// Blocks of one line or less are never watched: such a block holds every thread's part in one line, or two
// where it straddles a boundary, and the fix of its sharing is padding, which the findings advise, more than
// its placement. Pointer-chasing programs touch small shared blocks (list and tree nodes) at nearly every
// access: watched, each access left the hit path, and perf/workloads/hash_table.c (24-byte nodes) ran 2.3
// times as long, interleaved (perf/README.md).
// Blocks larger than this are never watched either: each watched block keeps a table of its virtual lines in
// every layout (12 with 64-byte lines: 16 bytes per virtual line, 0.4 MiB for a block of 256 KiB), and every
// access of a watched block leaves the hit path. The per-thread parts whose placement decides their false
// sharing (structs, counters, small arrays) are far smaller.
constexpr std::uint64_t kLargestWatchedBlock = std::uint64_t(256) << 10;

void init_placement_watch(Simulator* simulator);

// How a watch's start reads the first thread's copy of one line of the block (the bytes it touched, as
// touched_bytes() says): the simulator's own, unless a worker of line shards, whose simulator holds only
// its own lines, installs another (workers/placement_starts.h).
using PlacementCopiesReader = bool (*)(const Simulator* simulator, ProcId proc, Addr line, std::uint64_t* mask);
void read_placement_copies_with(PlacementCopiesReader reader);

// The counting path found `found` for an access of `size` bytes at `address` by `proc`, not yet simulated.
// Returns true when the access's heap block is watched (the access was predicted): the caller must then not
// cache the block's range.
bool watch_object_access(const ObjectExtent& found, ProcId proc, Addr address, std::uint32_t size,
                         AccessKind kind);

// The predictions of one heap object's watched blocks that start at the same offset within a line of twice
// the simulation's line size, added up: `blocks` blocks, `layout_count` layouts (placement_layout()).
struct PlacementTotals {
  ObjectId object;
  std::uint32_t block_offset;  // the blocks' start modulo twice the line size
  std::uint32_t blocks;
  std::uint32_t layout_count;
  const PlacementLayout* layouts;
  const PlacementCounts* counts;
};
using PlacementVisitor = void (*)(void* context, const PlacementTotals& totals);
// Every object and offset with a watched block, in no order (blocks still live included).
void for_each_placement(PlacementVisitor visit, void* context);

// CCSIM_ZERO_STATS.
void zero_placement_counts();

}  // namespace ccsim

#endif
