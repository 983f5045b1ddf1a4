// miss_cause_test.cc: why each level missed (compulsory, replacement, split into capacity vs conflict by
// a fully-associative shadow), which references evicted which, and how many bytes evicted lines used.
#include <gtest/gtest.h>

#include "tests/unit/scenario.h"

namespace ccsim::test {
namespace {

// L1 of 512 bytes, 4-way, 64-byte lines: 8 lines in 2 sets. Lines 128 bytes apart share set 0.
constexpr const char* kSmallL1 = "512,4,64";

// Reads line k (k = 0..4, all in set 0) with reference 10 + k, for `rounds` rounds.
void cycle_five_lines_through_one_set(Machine& machine, int rounds) {
  for (int round = 0; round < rounds; ++round) {
    for (RefId k = 0; k < 5; ++k) machine.run(load(0, k * 128).by_ref(10 + k));
  }
}

// Five lines cycled through a 4-way set: LRU always evicts the line needed next, so every access misses.
// 100 rounds = 500 reads: 5 compulsory misses, 495 replacement misses.
TEST(MissCauseTest, AssociativityPlusOneLinesAlwaysMiss) {
  Machine machine(make_machine(kSmallL1, "none", "none", 1));
  cycle_five_lines_through_one_set(machine, 100);
  EXPECT_EQ(machine.processor_total(0, l1(kReadMisses)), 500u);
  EXPECT_EQ(machine.processor_total(0, l1(kMissCompulsory)), 5u);
  EXPECT_EQ(machine.processor_total(0, l1(kMissReplacement)), 495u);
  EXPECT_EQ(machine.processor_total(0, l1(kHitTemporal)) + machine.processor_total(0, l1(kHitSpatial)), 0u);
}

// Without miss classes the replacement misses are not split.
TEST(MissCauseTest, WithoutMissClassesReplacementIsNotSplit) {
  Machine machine(make_machine(kSmallL1, "none", "none", 1));
  cycle_five_lines_through_one_set(machine, 100);
  EXPECT_EQ(machine.processor_total(0, l1(kMissCapacity)), 0u);
  EXPECT_EQ(machine.processor_total(0, l1(kMissConflict)), 0u);
}

// The same five lines fit a fully-associative cache of 8 lines, so all 495 replacement misses are conflict
// misses.
TEST(MissCauseTest, OneSetOverflowingIsConflict) {
  Machine machine(make_machine(kSmallL1, "none", "none", 1, true));
  cycle_five_lines_through_one_set(machine, 100);
  EXPECT_EQ(machine.processor_total(0, l1(kMissConflict)), 495u);
  EXPECT_EQ(machine.processor_total(0, l1(kMissCapacity)), 0u);
}

// Sixteen consecutive lines cycled through the 8-line cache overflow every set and the whole cache: after
// 16 compulsory misses, each of the 10 rounds x 16 - 16 = 144 misses is a capacity miss.
TEST(MissCauseTest, WorkingSetLargerThanTheCacheIsCapacity) {
  Machine machine(make_machine(kSmallL1, "none", "none", 1, true));
  for (int round = 0; round < 10; ++round) {
    for (Addr line = 0; line < 16; ++line) machine.run(load(0, line * 64));
  }
  EXPECT_EQ(machine.processor_total(0, l1(kReadMisses)), 160u);
  EXPECT_EQ(machine.processor_total(0, l1(kMissCompulsory)), 16u);
  EXPECT_EQ(machine.processor_total(0, l1(kMissCapacity)), 144u);
  EXPECT_EQ(machine.processor_total(0, l1(kMissConflict)), 0u);
}

// A fully-associative cache would lose an invalidated line too, so the shadow drops it. L1: 2 sets of 2
// ways (lines 0, 2, 4, 6 in set 0; line Z=1 in set 1); the shadow holds 4 lines. P0 reads 0 and Z; P1's
// write removes Z; P0 reads 2, 4 (evicting 0 from the set) and 6, then 0 again: a replacement miss. The
// shadow holds {0, 2, 4, 6}, so it is a conflict miss; had Z stayed, 6 would have pushed 0 out of the
// shadow and it would read as capacity.
TEST(MissCauseTest, InvalidatedLinesLeaveTheShadow) {
  Machine machine(make_machine("256,2,64", "none", "none", 2, true));
  machine.run(load(0, 0));
  machine.run(load(0, 64));
  machine.run(store(1, 64));
  for (Addr addr : {128, 256, 384}) machine.run(load(0, addr));
  machine.run(load(0, 0).by_ref(9));
  EXPECT_EQ(machine.count(0, 9, l1(kMissConflict)), 1u);
  EXPECT_EQ(machine.count(0, 9, l1(kMissCapacity)), 0u);
}

// In the five-line cycle, the first 4 reads fill empty ways and each of the other 496 evicts one line:
// the line read 4 accesses earlier, i.e. line k+1 (mod 5) for a read of line k. Line 4 evicts first at
// the 5th read and 100 times in all; lines 0..3 evict 99 times each.
TEST(MissCauseTest, EvictorEdgesNameTheEvictingReference) {
  Machine machine(make_machine(kSmallL1, "none", "none", 1));
  cycle_five_lines_through_one_set(machine, 100);
  EXPECT_EQ(machine.processor_total(0, l1(kEvictions)), 496u);
  for (RefId k = 0; k < 5; ++k) {
    SCOPED_TRACE("evictor line " + std::to_string(k));
    const RefId victim = 10 + (k + 1) % 5;
    EXPECT_EQ(machine.evictor_count(victim, 10 + k, Level::L1), k == 4 ? 100u : 99u);
  }
  EXPECT_EQ(machine.evictor_edges().size(), 5u);
}

// A line read at one byte and evicted used 1 byte: lines A and B share a direct-mapped set and are read at
// one byte each, alternately, 10 times: 20 misses, 19 evictions, 19 bytes used.
TEST(MissCauseTest, SpatialUseCountsTheBytesTouched) {
  Machine machine(make_machine("128,1,64", "none", "none", 1));
  for (int round = 0; round < 10; ++round) {
    machine.run(load(0, 0).bytes(1));
    machine.run(load(0, 128).bytes(1));
  }
  EXPECT_EQ(machine.processor_total(0, l1(kEvictions)), 19u);
  EXPECT_EQ(machine.processor_total(0, l1(kEvictedBytesUsed)), 19u);
}

// Bytes used add up over the touches of one stay: 3 disjoint 8-byte reads of A before B evicts it.
TEST(MissCauseTest, SpatialUseAccumulatesWhileCached) {
  Machine machine(make_machine("128,1,64", "none", "none", 1));
  machine.run(load(0, 0));
  machine.run(load(0, 8));
  machine.run(load(0, 56));
  machine.run(load(0, 128));
  EXPECT_EQ(machine.processor_total(0, l1(kEvictions)), 1u);
  EXPECT_EQ(machine.processor_total(0, l1(kEvictedBytesUsed)), 24u);
}

// Lines A and B alternate in a direct-mapped L1 set but both fit L2: after their 2 compulsory misses at
// each level, L1 misses every time (18 replacement misses) and L2 hits every time (18 hits).
TEST(MissCauseTest, EachLevelHasItsOwnMisses) {
  Machine machine(make_machine("128,1,64", "1024,2,64", "none", 1));
  for (int round = 0; round < 10; ++round) {
    machine.run(load(0, 0));
    machine.run(load(0, 128));
  }
  EXPECT_EQ(machine.processor_total(0, l1(kMissCompulsory)), 2u);
  EXPECT_EQ(machine.processor_total(0, l1(kMissReplacement)), 18u);
  EXPECT_EQ(machine.processor_total(0, l2(kReadMisses)), 2u);
  EXPECT_EQ(machine.processor_total(0, l2(kHitTemporal)), 18u);
}

// The LLC classifies its own misses: lines 0 and 256 share set 0 of a direct-mapped 4-line LLC (and of
// the L1), so alternating them misses everywhere: 2 compulsory, then 18 replacement misses at the LLC;
// every read after the first evicts the other line: 19 evictions.
TEST(MissCauseTest, SharedCacheMissesAreCompulsoryOrReplacement) {
  Machine machine(make_machine("128,1,64", "none", "256,1,64", 1));
  for (int round = 0; round < 10; ++round) {
    machine.run(load(0, 0));
    machine.run(load(0, 256));
  }
  EXPECT_EQ(machine.processor_total(0, llc(kMissCompulsory)), 2u);
  EXPECT_EQ(machine.processor_total(0, llc(kMissReplacement)), 18u);
  EXPECT_EQ(machine.processor_total(0, llc(kEvictions)), 19u);
}

}  // namespace
}  // namespace ccsim::test
