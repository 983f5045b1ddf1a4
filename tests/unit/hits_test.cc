// hits_test.cc: temporal vs spatial hits at each level, accesses that straddle two lines, and the shared
// last-level cache serving one processor's line to another.
#include <gtest/gtest.h>

#include "tests/unit/scenario.h"

namespace ccsim::test {
namespace {

// A hit touching only bytes already touched since the line came in is temporal, any new byte makes it
// spatial: after a miss on bytes 0-7, re-reading 0-7 and reading 0-15 (after 8-15) are temporal; reading
// 8-15 and 12-19 (16-19 new) are spatial.
TEST(HitsTest, TemporalAndSpatialHitsAtL1) {
  Machine machine(make_machine("32768,8,64", "none", "none", 1));
  machine.run(load(0, 0));            // miss, touches 0-7
  machine.run(load(0, 0));            // temporal
  machine.run(load(0, 8));            // spatial: 8-15 new
  machine.run(load(0, 0).bytes(16));  // temporal: 0-15 all touched
  machine.run(load(0, 12));           // spatial: 16-19 new
  EXPECT_EQ(machine.count(0, 1, l1(kHitTemporal)), 2u);
  EXPECT_EQ(machine.count(0, 1, l1(kHitSpatial)), 2u);
  EXPECT_EQ(machine.count(0, 1, kReads), 5u);
}

// L2 remembers the bytes touched during earlier L1 stays (an L1 eviction folds its mask into the L2
// copy): A's bytes 8-15, touched only by an L1 hit, come back from L2 as a temporal hit; B's bytes 8-15,
// never touched, as a spatial one.
TEST(HitsTest, L2HitsSeeBytesTouchedDuringEarlierL1Stays) {
  // Direct-mapped 2-line L1: lines A=0 and B=128 share set 0. Both fit the L2.
  Machine machine(make_machine("128,1,64", "1024,2,64", "none", 1));
  machine.run(load(0, 0).by_ref(1));    // A: miss everywhere, touches 0-7 at both levels
  machine.run(load(0, 8).by_ref(2));    // A: L1 spatial hit on 8-15; L2 is not accessed
  machine.run(load(0, 128).by_ref(3));  // B: evicts A from L1, folding 0-15 into A's L2 copy
  machine.run(load(0, 8).by_ref(4));    // A's 8-15: L1 miss, L2 hit on bytes touched before
  machine.run(load(0, 136).by_ref(5));  // B's 8-15: L1 miss, L2 hit on new bytes
  EXPECT_EQ(machine.count(0, 2, l1(kHitSpatial)), 1u);
  EXPECT_EQ(machine.count(0, 4, l2(kHitTemporal)), 1u);
  EXPECT_EQ(machine.count(0, 5, l2(kHitSpatial)), 1u);
}

// An 8-byte read at offset 60 of a 64-byte line straddles two lines: two reads, two compulsory misses.
// Its bytes 60-63 and 64-67 are then touched: 4-byte reads of either are temporal hits.
TEST(HitsTest, StraddlingAccessIsTwoLineAccesses) {
  Machine machine(make_machine("32768,8,64", "none", "none", 1));
  machine.run(load(0, 60));
  EXPECT_EQ(machine.count(0, 1, kReads), 2u);
  EXPECT_EQ(machine.count(0, 1, l1(kMissCompulsory)), 2u);
  machine.run(load(0, 60).bytes(4));
  machine.run(load(0, 64).bytes(4));
  EXPECT_EQ(machine.count(0, 1, l1(kHitTemporal)), 2u);
  EXPECT_EQ(machine.count(0, 1, l1(kHitSpatial)), 0u);
}

// A line brought into the shared LLC by P0 is an LLC hit for P1, though P1's own caches miss (a
// transfer miss, not a compulsory one: P1 never held the line, but P0 holds it, Exclusive). The LLC is
// looked up all the same and counts the hit; P1 reads the bytes P0 read, so the hit is temporal.
TEST(HitsTest, SharedCacheServesOneProcessorsLineToAnother) {
  Machine machine(make_machine("1024,2,64", "none", "65536,8,64", 2));
  machine.run(load(0, 0x8000).by_ref(1));
  machine.run(load(1, 0x8000).by_ref(2));
  EXPECT_EQ(machine.count(0, 1, llc(kMissCompulsory)), 1u);
  EXPECT_EQ(machine.count(1, 2, l1(kMissCompulsory)), 0u);
  EXPECT_EQ(machine.count(1, 2, l1(kMissTransfer)), 1u);
  EXPECT_EQ(machine.count(1, 2, llc(kReadMisses)), 0u);
  EXPECT_EQ(machine.count(1, 2, llc(kHitTemporal)), 1u);
}

// Invalidations do not remove LLC copies: after P1's write removes P0's copy, P0's coherence miss is an
// LLC hit. The only LLC miss is P0's first read.
TEST(HitsTest, InvalidationLeavesTheSharedCacheCopy) {
  Machine machine(make_machine("1024,2,64", "none", "65536,8,64", 2));
  machine.run(load(0, 0x8000).by_ref(1));
  machine.run(load(1, 0x8000).by_ref(2));
  machine.run(store(1, 0x8000).by_ref(3));  // upgrade from Shared: no LLC access
  machine.run(load(0, 0x8000).by_ref(4));
  EXPECT_EQ(machine.count(0, 4, l1(kMissCoherence)), 1u);
  EXPECT_EQ(machine.count(0, 4, llc(kHitTemporal)) + machine.count(0, 4, llc(kHitSpatial)), 1u);
  EXPECT_EQ(machine.total(llc(kReadMisses)) + machine.total(llc(kWriteMisses)), 1u);
}

}  // namespace
}  // namespace ccsim::test
