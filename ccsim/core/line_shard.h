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

// The shards of `count` that one simulator simulates: shard k of S (LineShard{k, S}), or several (a
// worker of fewer workers than shards: docs/parallel-simulation.md). The default, 0 of 1, is the whole
// machine.
struct LineShard {
  static constexpr std::uint32_t kMaxCount = 64;  // shards at most: `owned` has a bit per shard

  std::uint32_t count = 1;  // S: a power of two, at most kMaxCount
  std::uint64_t owned = 1;  // bit k: shard k is this simulator's

  LineShard() = default;
  // Shard `index` of `count` alone (an index of kMaxCount or more owns nothing: validate_line_shard says so).
  LineShard(std::uint32_t index, std::uint32_t shard_count)
      : count(shard_count), owned(index < kMaxCount ? std::uint64_t(1) << index : 0) {}

  // Whether `line` (an address >> log2(line size)) is this simulator's: a mask and a shift, not a
  // division (count is a power of two), so 0 of 1 owns every line with three instructions.
  bool owns(Addr line) const { return ((owned >> (line & (count - 1))) & 1) != 0; }
  // The lowest shard owned (the one that keeps what every shard would otherwise repeat: shadow_log.h).
  std::uint32_t first() const { return static_cast<std::uint32_t>(__builtin_ctzll(owned)); }
};

// The worker that simulates shard `shard` of `count` when they are dealt out among `workers` (at most
// `count`): each worker takes a run of neighbouring shards, shard k going to worker floor(k * workers /
// count), so the shares differ by one shard at most (64 among 3: shards 0-21, 22-42, 43-63). Runs, not
// every workers-th shard: a level's sets lie in its arrays in set order and a set's shard is its number
// mod count, so a worker of a run touches runs of neighbouring sets, about 1/workers of the pages of the
// larger set arrays (the L2s' and the LLC's: megabytes), where a worker of every workers-th shard touched
// every page of them (perf/README.md, "Neighbouring shards in one worker": triad's workers took 0.85-0.94
// of the CPU time of that dealing, the other workloads' within the noise).
inline std::uint32_t worker_of_shard(std::uint32_t shard, std::uint32_t count, std::uint32_t workers) {
  return static_cast<std::uint32_t>(std::uint64_t(shard) * workers / count);
}

// The shards worker `index` of `workers` simulates when `count` shards are dealt out among them
// (worker_of_shard).
LineShard shards_of_worker(std::uint32_t count, std::uint32_t workers, std::uint32_t index);

// Checks that `shard` can split `config` exactly: count a power of two, at most kMaxCount, that divides
// the sets of every present level, and at least one shard owned, each below count. Otherwise one
// sentence in `error` (which may be null).
bool validate_line_shard(const MachineConfig& config, LineShard shard, ErrorMessage* error);

}  // namespace ccsim

#endif
