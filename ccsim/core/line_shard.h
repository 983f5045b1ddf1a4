// line_shard.h: which lines one simulator simulates when the simulation is split by lines into S shards
// (docs/parallel-simulation.md). Shard k of S simulates the lines with line_number mod S == k and skips
// every other line; S is a power of two that divides the number of sets of every level, so each set of
// every cache, private or shared, lies wholly in one shard. A line's MESI state, byte masks, last toucher,
// directory record, loss and write stamps, and the LRU order of its set depend only on the accesses to the
// lines of that set, so S shards that each see the whole access stream, in the same order, count exactly
// what one simulator counts (tests/unit/sharding_test.cc; merged_statistics.h adds their counts up). The
// one exception is the fully-associative shadow of the miss classes, which spans every set: shadow_log.h.
#ifndef CCSIM_CORE_LINE_SHARD_H
#define CCSIM_CORE_LINE_SHARD_H

#include <cstdint>

#include "ccsim/core/geometry.h"
#include "ccsim/core/types.h"

namespace ccsim {

// Shard `index` of `count`. The default, 0 of 1, is the whole machine.
struct LineShard {
  std::uint32_t index = 0;
  std::uint32_t count = 1;

  // Whether `line` (an address >> log2(line size)) is this shard's: a mask, not a division (count is a
  // power of two), so 0 of 1 owns every line with the same two instructions.
  bool owns(Addr line) const { return (line & (count - 1)) == index; }
};

// Checks that `shard` can split `config` exactly: count a power of two that divides the sets of every
// present level, index < count. Otherwise one sentence in `error` (which may be null).
bool validate_line_shard(const MachineConfig& config, LineShard shard, ErrorMessage* error);

}  // namespace ccsim

#endif
