// sharing_test.cc: how invalidations and coherence misses are classified: true vs false sharing (bytes),
// in-region vs across-region (the victim's last touch vs the write), critical (the writer holds a lock),
// and Dubois' true vs false coherence misses; on the received side, the caused side and the edges.
#include <gtest/gtest.h>

#include "tests/unit/scenario.h"

namespace ccsim::test {
namespace {

constexpr Addr kLine = 0x4000;

// Two processors alternately write different words of one line, 1000 times each, in one region.
TEST(SharingTest, AlternatingWritesToDifferentWordsAreFalseSharingInRegion) {
  Machine machine(make_machine("32768,8,64", "262144,8,64", "none", 2));
  constexpr int kRounds = 1000;
  for (int round = 0; round < kRounds; ++round) {
    machine.run(store(0, kLine).by_ref(10));      // bytes 0-7
    machine.run(store(1, kLine + 8).by_ref(11));  // bytes 8-15
  }
  ASSERT_EQ(machine.invariant_violation(), "");
  // Every write but the very first removes the other's copy: 1999 invalidations. Each of P1's 1000 writes
  // removes P0's copy; P0's writes 2..1000 (999) remove P1's. The bytes never meet: all false, in-region.
  EXPECT_EQ(machine.count(0, 10, kInvalidationsReceivedFalseInRegion), 1000u);
  EXPECT_EQ(machine.count(1, 11, kInvalidationsReceivedFalseInRegion), 999u);
  EXPECT_EQ(machine.count(1, 11, kInvalidationsCausedFalseInRegion), 1000u);
  EXPECT_EQ(machine.count(0, 10, kInvalidationsCausedFalseInRegion), 999u);
  EXPECT_EQ(invalidations_received(machine), 1999u);
  EXPECT_EQ(invalidations_caused(machine), 1999u);
  EXPECT_EQ(machine.invalidator_edge(10, 0, 11, 1).false_in_region, 1000u);
  EXPECT_EQ(machine.invalidator_edge(11, 1, 10, 0).false_in_region, 999u);
}

// In the same ping-pong every write after each processor's first is a coherence miss at both private
// levels (counted per level), and a false one (counted once): the other wrote only the other word. P0's
// first write is compulsory (nobody held the line); P1's first is a transfer miss (P0 holds it Modified).
TEST(SharingTest, AlternatingWritesToDifferentWordsMissFalselyOnCoherence) {
  Machine machine(make_machine("32768,8,64", "262144,8,64", "none", 2));
  for (int round = 0; round < 1000; ++round) {
    machine.run(store(0, kLine).by_ref(10));
    machine.run(store(1, kLine + 8).by_ref(11));
  }
  for (ProcId proc = 0; proc < 2; ++proc) {
    SCOPED_TRACE("processor " + std::to_string(proc));
    const RefId ref = 10 + proc;
    EXPECT_EQ(machine.count(proc, ref, kWrites), 1000u);
    EXPECT_EQ(machine.count(proc, ref, l1(kWriteMisses)), 1000u);
    EXPECT_EQ(machine.count(proc, ref, l1(kMissCompulsory)), proc == 0 ? 1u : 0u);
    EXPECT_EQ(machine.count(proc, ref, l1(kMissTransfer)), proc == 0 ? 0u : 1u);
    EXPECT_EQ(machine.count(proc, ref, l1(kMissCoherence)), 999u);
    EXPECT_EQ(machine.count(proc, ref, l2(kMissCoherence)), 999u);
    EXPECT_EQ(machine.count(proc, ref, kCoherenceMissFalse), 999u);
    EXPECT_EQ(machine.count(proc, ref, kCoherenceMissTrue), 0u);
  }
}

// A reader's copy touched in region 1 and invalidated by a write in region 2 is a true across-region
// invalidation; the reader's next read misses, a true coherence miss (it reads the byte written).
TEST(SharingTest, WriteInALaterRegionIsTrueAcrossRegions) {
  Machine machine(make_machine("32768,8,64", "none", "none", 2));
  machine.run(store(0, kLine).by_ref(20).in_region(1));
  machine.run(load(1, kLine).by_ref(21).in_region(1));   // downgrades P0; both Shared
  machine.run(store(0, kLine).by_ref(22).in_region(2));  // removes P1's copy, last touched in region 1
  machine.run(load(1, kLine).by_ref(23).in_region(2));   // P1 misses on what P0 just wrote
  ASSERT_EQ(machine.invariant_violation(), "");
  EXPECT_EQ(machine.count(1, 21, kInvalidationsReceivedTrueAcrossRegions), 1u);
  EXPECT_EQ(machine.count(0, 22, kInvalidationsCausedTrueAcrossRegions), 1u);
  EXPECT_EQ(machine.total(kInvalidationsReceivedTrueInRegion) + machine.total(kInvalidationsReceivedFalseInRegion), 0u);
  EXPECT_EQ(machine.invalidator_edge(21, 1, 22, 0).true_across_regions, 1u);
  EXPECT_EQ(machine.count(1, 23, kCoherenceMissTrue), 1u);
  EXPECT_EQ(machine.count(1, 23, kCoherenceMissFalse), 0u);
}

// Per-region totals charge the invalidation and the coherence miss to region 2, where they happened.
TEST(SharingTest, RegionTotalsChargeTheRegionOfTheAccess) {
  Machine machine(make_machine("32768,8,64", "none", "none", 2));
  machine.run(store(0, kLine).by_ref(20).in_region(1));
  machine.run(load(1, kLine).by_ref(21).in_region(1));
  machine.run(store(0, kLine).by_ref(22).in_region(2));
  machine.run(load(1, kLine).by_ref(23).in_region(2));
  EXPECT_EQ(machine.region_total(2, kInvalidationsReceivedTrueAcrossRegions), 1u);
  EXPECT_EQ(machine.region_total(2, kInvalidationsCausedTrueAcrossRegions), 1u);
  EXPECT_EQ(machine.region_total(2, kCoherenceMissTrue), 1u);
  EXPECT_EQ(machine.region_total(1, kInvalidationsReceivedTrueAcrossRegions), 0u);
  // Region 1 had a compulsory L1 miss (P0's store) and a transfer miss (P1's load of the line P0 holds
  // Modified); region 2 one coherence miss (P1's load; P0's store hit its Shared copy). Hits are not kept
  // per region.
  EXPECT_EQ(machine.region_total(1, l1(kMissCompulsory)), 1u);
  EXPECT_EQ(machine.region_total(1, l1(kMissTransfer)), 1u);
  EXPECT_EQ(machine.region_total(2, l1(kMissCoherence)), 1u);
  EXPECT_EQ(machine.region_total(2, l1(kHitTemporal)), 0u);
}

// Two processors alternately write the same word 500 times each while holding a lock: every
// invalidation is true, in-region and critical, on the received side, the caused side and the edge.
TEST(SharingTest, AlternatingWritesToOneWordUnderALockAreCritical) {
  Machine machine(make_machine("32768,8,64", "none", "none", 2));
  for (int round = 0; round < 500; ++round) {
    machine.run(store(0, kLine).by_ref(30).holding_lock());
    machine.run(store(1, kLine).by_ref(31).holding_lock());
  }
  ASSERT_EQ(machine.invariant_violation(), "");
  // 999 invalidations: P1's 500 writes each remove P0's copy, P0's writes 2..500 remove P1's (499).
  EXPECT_EQ(machine.count(0, 30, kInvalidationsReceivedTrueInRegion), 500u);
  EXPECT_EQ(machine.count(0, 30, kInvalidationsReceivedTrueInRegionCritical), 500u);
  EXPECT_EQ(machine.count(1, 31, kInvalidationsReceivedTrueInRegion), 499u);
  EXPECT_EQ(machine.count(1, 31, kInvalidationsReceivedTrueInRegionCritical), 499u);
  EXPECT_EQ(machine.count(1, 31, kInvalidationsCausedTrueInRegion), 500u);
  EXPECT_EQ(machine.count(1, 31, kInvalidationsCausedTrueInRegionCritical), 500u);
  EXPECT_EQ(machine.count(0, 30, kInvalidationsCausedTrueInRegionCritical), 499u);
  const InvalidatorEdge p1_removes_p0 = machine.invalidator_edge(30, 0, 31, 1);
  EXPECT_EQ(p1_removes_p0.true_in_region, 500u);
  EXPECT_EQ(p1_removes_p0.true_in_region_critical, 500u);
  const InvalidatorEdge p0_removes_p1 = machine.invalidator_edge(31, 1, 30, 0);
  EXPECT_EQ(p0_removes_p1.true_in_region, 499u);
  EXPECT_EQ(p0_removes_p1.true_in_region_critical, 499u);
  // Each processor's writes after its first re-fetch the word the other just wrote: 499 true misses each.
  EXPECT_EQ(machine.total(kCoherenceMissTrue), 998u);
  EXPECT_EQ(machine.total(kCoherenceMissFalse), 0u);
}

// Critical counts only true in-region invalidations: false sharing under a lock is not critical.
TEST(SharingTest, FalseSharingUnderALockIsNotCritical) {
  Machine machine(make_machine("32768,8,64", "none", "none", 2));
  for (int round = 0; round < 10; ++round) {
    machine.run(store(0, kLine).by_ref(30).holding_lock());
    machine.run(store(1, kLine + 8).by_ref(31).holding_lock());
  }
  // 19 invalidations (every write but the first), all false in-region, none critical.
  EXPECT_EQ(machine.total(kInvalidationsReceivedFalseInRegion), 19u);
  EXPECT_EQ(machine.total(kInvalidationsReceivedTrueInRegionCritical), 0u);
  EXPECT_EQ(machine.total(kInvalidationsCausedTrueInRegionCritical), 0u);
}

// The victim of an invalidation is the reference that last touched the copy: P0 loads with ref 40 then
// ref 41, so P1's store charges ref 41 only. Ref 41's load hit L1, so only P0's L1 copy knows it: the
// victim comes from the L1 copy when there is one.
TEST(SharingTest, InvalidationIsChargedToTheLastToucher) {
  Machine machine(make_machine("32768,8,64", "262144,8,64", "none", 2));
  machine.run(load(0, kLine).by_ref(40));
  machine.run(load(0, kLine + 16).by_ref(41));
  machine.run(store(1, kLine + 16).by_ref(42));
  // P1 writes bytes 16-23, which P0 touched (with ref 41): true.
  EXPECT_EQ(machine.count(0, 41, kInvalidationsReceivedTrueInRegion), 1u);
  EXPECT_EQ(machine.count(0, 40, kInvalidationsReceivedTrueInRegion), 0u);
}

// Direct-mapped 2-line L1 (lines 0 and 128 share set 0) over a large L2, two processors.
MachineConfig small_l1_over_l2() { return make_machine("128,1,64", "262144,8,64", "none", 2); }

// When the L1 copy was evicted, the L2 copy names the victim, and it learned the L1 copy's last toucher
// at the eviction: ref 41's L1 hit is charged, not ref 40's fill.
TEST(SharingTest, L1EvictionHandsTheLastToucherToL2) {
  Machine machine(small_l1_over_l2());
  machine.run(load(0, 0).by_ref(40));
  machine.run(load(0, 16).by_ref(41));   // L1 hit
  machine.run(load(0, 128).by_ref(42));  // evicts line 0 from L1; L2 keeps it
  machine.run(store(1, 16).by_ref(43));
  EXPECT_EQ(machine.count(0, 41, kInvalidationsReceivedTrueInRegion), 1u);
  EXPECT_EQ(machine.count(0, 40, kInvalidationsReceivedTrueInRegion), 0u);
}

// True vs false looks at every byte the victim touched since the line came into its hierarchy, including
// bytes touched during an earlier L1 stay: bytes 0-7 (first L1 stay) meet the store, bytes 16-23 (the
// current L1 copy) would not.
TEST(SharingTest, TrueSharingSeesBytesOfEarlierL1Stays) {
  Machine machine(small_l1_over_l2());
  machine.run(load(0, 0).by_ref(40));    // bytes 0-7
  machine.run(load(0, 128).by_ref(42));  // evicts line 0 from L1
  machine.run(load(0, 16).by_ref(41));   // line 0 back into L1 from L2, bytes 16-23
  machine.run(store(1, 0).by_ref(43));   // writes bytes 0-7
  EXPECT_EQ(machine.count(0, 41, kInvalidationsReceivedTrueInRegion), 1u);
  EXPECT_EQ(machine.count(0, 41, kInvalidationsReceivedFalseInRegion), 0u);
}

// A write that removes several copies counts one invalidation per victim processor, even when a victim
// held the line at both private levels.
TEST(SharingTest, OneInvalidationPerVictimProcessor) {
  Machine machine(make_machine("32768,8,64", "262144,8,64", "none", 4));
  for (ProcId reader = 0; reader < 3; ++reader) machine.run(load(reader, kLine).by_ref(50));
  machine.run(store(3, kLine + 32).by_ref(51));
  // Three readers touched bytes 0-7; the store writes bytes 32-39: three false in-region invalidations.
  EXPECT_EQ(machine.count(3, 51, kInvalidationsCausedFalseInRegion), 3u);
  for (ProcId reader = 0; reader < 3; ++reader) {
    SCOPED_TRACE("reader " + std::to_string(reader));
    EXPECT_EQ(machine.count(reader, 50, kInvalidationsReceivedFalseInRegion), 1u);
  }
}

// Dubois: a re-miss touching only bytes nobody else wrote since the loss is a false coherence miss, even
// when other bytes of the line were written.
TEST(SharingTest, CoherenceMissOnUnwrittenBytesIsFalse) {
  Machine machine(make_machine("32768,8,64", "none", "none", 2));
  machine.run(load(0, kLine).by_ref(60));       // P0 reads bytes 0-7
  machine.run(store(1, kLine + 8).by_ref(61));  // P1 writes bytes 8-15: P0 loses the line
  machine.run(load(0, kLine).by_ref(62));       // P0 re-reads bytes 0-7: nobody wrote them
  machine.run(store(1, kLine + 8).by_ref(61));  // P1 writes again: P0 loses it again
  machine.run(load(0, kLine + 8).by_ref(63));   // P0 reads bytes 8-15: P1 wrote them
  EXPECT_EQ(machine.count(0, 62, kCoherenceMissFalse), 1u);
  EXPECT_EQ(machine.count(0, 63, kCoherenceMissTrue), 1u);
}

// The per-byte write times of a lost line are kept only while some processor has lost it, and the
// storage is reused for the next lost line without clearing: the old times must not count as writes
// to the new line.
TEST(SharingTest, WriteTimesOfAnEarlierLostLineDoNotLeakIntoTheNext) {
  constexpr Addr kOther = 0x8000;
  Machine machine(make_machine("32768,8,64", "none", "none", 2));
  // Line A: P0 reads bytes 0-7, P1 writes bytes 0-7 (P0 loses A), P1's copy is downgraded when P0
  // re-reads: the write to bytes 0-7 is folded in, and P0's re-read is a true coherence miss.
  machine.run(load(0, kLine).by_ref(70));
  machine.run(store(1, kLine).by_ref(71));
  machine.run(load(0, kLine).by_ref(72));
  // Line B: P0 reads bytes 0-7 and 8-15, P1 writes only bytes 8-15 (P0 loses B, taking the storage A
  // used, with byte 0-7 times still in it), then P0 re-reads bytes 0-7 of B: nobody wrote them since
  // the loss, a false coherence miss.
  machine.run(load(0, kOther).by_ref(73));
  machine.run(load(0, kOther + 8).by_ref(73));
  machine.run(store(1, kOther + 8).by_ref(74));
  machine.run(load(0, kOther).by_ref(75));
  ASSERT_EQ(machine.invariant_violation(), "");
  EXPECT_EQ(machine.count(0, 72, kCoherenceMissTrue), 1u);
  EXPECT_EQ(machine.count(0, 75, kCoherenceMissFalse), 1u);
  EXPECT_EQ(machine.count(0, 75, kCoherenceMissTrue), 0u);
}

}  // namespace
}  // namespace ccsim::test
