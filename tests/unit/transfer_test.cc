// transfer_test.cc: where each L1 miss is served (the own L2, another processor's copy by its state, the
// LLC, memory), transfer misses against compulsory ones, transfer edges and downgrades, each scenario
// worked by hand (docs/model.md, "Where a miss is served").
#include <gtest/gtest.h>

#include "tests/unit/scenario.h"

namespace ccsim::test {
namespace {

constexpr Addr kBuffer = 0x10000;

// The L1 miss count of one pair, for the sums below.
std::uint64_t l1_misses(const Machine& machine, ProcId proc, RefId ref) {
  return machine.count(proc, ref, l1(kReadMisses)) + machine.count(proc, ref, l1(kWriteMisses));
}

// A producer (P0, ref 1) writes 8 bytes of each of N = 16 lines in region 1; after the barrier a consumer
// (P1, ref 2) reads the same bytes in region 2. 16 lines fit both 32 KiB L1s, so every line is still
// Modified in P0 when P1 reads it: each of P1's 16 read misses is a transfer miss (never held by P1, held
// by P0), none compulsory, each served by P0's Modified copy, which it downgrades to Shared: 16 downgrades
// caused by ref 2 and received by ref 1, and one transfer edge, ref 1 on P0 -> ref 2 on P1, of 16. P0's
// 16 write misses are compulsory (nobody held or wrote the lines) and served by memory.
TEST(TransferTest, AConsumerReadingAProducersBufferTakesEveryLineFromItsModifiedCopy) {
  Machine machine(make_machine("32768,8,64", "none", "none", 2));
  constexpr int kLines = 16;
  for (int line = 0; line < kLines; ++line) machine.run(store(0, kBuffer + 64 * line).by_ref(1).in_region(1));
  for (int line = 0; line < kLines; ++line) machine.run(load(1, kBuffer + 64 * line).by_ref(2).in_region(2));
  ASSERT_EQ(machine.invariant_violation(), "");
  EXPECT_EQ(machine.count(1, 2, l1(kReadMisses)), 16u);
  EXPECT_EQ(machine.count(1, 2, l1(kMissCompulsory)), 0u);
  EXPECT_EQ(machine.count(1, 2, l1(kMissTransfer)), 16u);
  EXPECT_EQ(machine.count(1, 2, kServedByTransferFromModified), 16u);
  EXPECT_EQ(machine.count(1, 2, kServedByMemory), 0u);
  EXPECT_EQ(machine.count(1, 2, kDowngradesCaused), 16u);
  EXPECT_EQ(machine.count(0, 1, kDowngradesReceived), 16u);
  EXPECT_EQ(machine.count(0, 1, l1(kMissCompulsory)), 16u);
  EXPECT_EQ(machine.count(0, 1, kServedByMemory), 16u);
  EXPECT_EQ(machine.region_total(2, kServedByTransferFromModified), 16u);
  EXPECT_EQ(machine.region_total(2, kDowngradesReceived), 16u);
  EXPECT_EQ(machine.region_total(1, kServedByTransferFromModified), 0u);
  const std::vector<TransferEdge> edges = machine.transfer_edges();
  ASSERT_EQ(edges.size(), 1u);
  EXPECT_EQ(edges[0].source_ref, 1u);
  EXPECT_EQ(edges[0].source_proc, 0u);
  EXPECT_EQ(edges[0].reader_ref, 2u);
  EXPECT_EQ(edges[0].reader_proc, 1u);
  EXPECT_EQ(edges[0].from_modified, 16u);
  EXPECT_EQ(edges[0].from_exclusive + edges[0].from_shared, 0u);
}

// P0 reads a line nobody holds (Exclusive, from memory: compulsory). P1's read takes it from P0's
// Exclusive copy and downgrades it: both Shared. P2's read finds two Shared copies and takes the
// lowest-numbered holder's, P0's: no downgrade (nothing exclusive is left). Two transfer misses.
TEST(TransferTest, AReadOfAnExclusiveThenOfASharedLineIsATransferFromThatState) {
  Machine machine(make_machine("32768,8,64", "none", "none", 3));
  machine.run(load(0, kBuffer).by_ref(1));
  machine.run(load(1, kBuffer).by_ref(2));
  machine.run(load(2, kBuffer).by_ref(3));
  ASSERT_EQ(machine.invariant_violation(), "");
  EXPECT_EQ(machine.count(0, 1, kServedByMemory), 1u);
  EXPECT_EQ(machine.count(0, 1, l1(kMissCompulsory)), 1u);
  EXPECT_EQ(machine.count(1, 2, kServedByTransferFromExclusive), 1u);
  EXPECT_EQ(machine.count(2, 3, kServedByTransferFromShared), 1u);
  EXPECT_EQ(machine.total(l1(kMissTransfer)), 2u);
  EXPECT_EQ(machine.total(l1(kMissCompulsory)), 1u);
  EXPECT_EQ(machine.count(1, 2, kDowngradesCaused), 1u);
  EXPECT_EQ(machine.count(0, 1, kDowngradesReceived), 1u);
  EXPECT_EQ(machine.total(kDowngradesCaused), 1u);
  EXPECT_EQ(machine.total(kDowngradesReceived), 1u);
  std::uint64_t from_p0_to_p2 = 0;
  for (const TransferEdge& edge : machine.transfer_edges()) {
    if (edge.source_proc == 0 && edge.reader_proc == 2) from_p0_to_p2 += edge.from_shared;
  }
  EXPECT_EQ(from_p0_to_p2, 1u);
}

// A write miss takes the line from the other copy too (and invalidates it): P1's store to the line P0
// holds Modified is a transfer from Modified, with one invalidation and no downgrade.
TEST(TransferTest, AWriteMissTakesTheLineFromAnotherCopyAndInvalidatesIt) {
  Machine machine(make_machine("32768,8,64", "262144,8,64", "none", 2));
  machine.run(store(0, kBuffer).by_ref(1));
  machine.run(store(1, kBuffer + 8).by_ref(2));
  ASSERT_EQ(machine.invariant_violation(), "");
  EXPECT_EQ(machine.count(1, 2, kServedByTransferFromModified), 1u);
  EXPECT_EQ(machine.count(1, 2, l1(kMissTransfer)), 1u);
  EXPECT_EQ(machine.count(1, 2, l2(kMissTransfer)), 1u);
  EXPECT_EQ(machine.count(1, 2, kInvalidationsCausedFalseInRegion), 1u);
  EXPECT_EQ(machine.total(kDowngradesCaused), 0u);
}

// Lines A and B fall in the one set of a direct-mapped 2-line L1 (128 bytes apart) but both fit the L2.
// A, B, A: the first two misses go to memory (compulsory); the third misses L1 (B evicted A) and is
// served by the processor's own L2: a replacement miss at L1, no L2 miss.
TEST(TransferTest, AnL1MissAfterAnL1EvictionIsServedByTheOwnL2) {
  Machine machine(make_machine("128,1,64", "4096,4,64", "none", 1));
  machine.run(load(0, 0).by_ref(1));
  machine.run(load(0, 128).by_ref(1));
  machine.run(load(0, 0).by_ref(1));
  EXPECT_EQ(l1_misses(machine, 0, 1), 3u);
  EXPECT_EQ(machine.count(0, 1, kServedByMemory), 2u);
  EXPECT_EQ(machine.count(0, 1, kServedByOwnL2), 1u);
  EXPECT_EQ(machine.count(0, 1, l2(kReadMisses)), 2u);
}

// With a shared LLC: a line nobody holds is served by memory the first time (the LLC misses too), and by
// the LLC once the processor's own copy was evicted (L1 only, one line: A, B, A). Nobody wrote A, so
// its first miss is compulsory.
TEST(TransferTest, ALineNobodyHoldsComesFromTheLLCOrElseFromMemory) {
  Machine machine(make_machine("64,1,64", "none", "65536,8,64", 2));
  machine.run(load(0, 0).by_ref(1));
  machine.run(load(0, 64).by_ref(1));
  machine.run(load(0, 0).by_ref(1));
  EXPECT_EQ(machine.count(0, 1, kServedByMemory), 2u);
  EXPECT_EQ(machine.count(0, 1, kServedByLLC), 1u);
  EXPECT_EQ(machine.count(0, 1, l1(kMissCompulsory)), 2u);
  EXPECT_EQ(machine.total(l1(kMissTransfer)), 0u);
}

// Another processor's copy serves before the LLC: P1's read of the line P0 holds Exclusive is a
// transfer although the LLC holds the line (P0's miss filled it), and the LLC counts its hit as before.
TEST(TransferTest, AnotherProcessorsCopyServesBeforeTheLLC) {
  Machine machine(make_machine("1024,2,64", "none", "65536,8,64", 2));
  machine.run(load(0, 0).by_ref(1));
  machine.run(load(1, 0).by_ref(2));
  EXPECT_EQ(machine.count(1, 2, kServedByTransferFromExclusive), 1u);
  EXPECT_EQ(machine.count(1, 2, kServedByLLC), 0u);
  EXPECT_EQ(machine.count(1, 2, llc(kHitTemporal)), 1u);
}

// A line P0 wrote and then lost to an eviction (L1 only, one line: write A, read B) holds no copy
// anywhere: P1's first read of it is served by memory, yet it is a transfer miss, not a compulsory one:
// the data was made by another processor.
TEST(TransferTest, ALineAnotherProcessorWroteIsATransferMissEvenFromMemory) {
  Machine machine(make_machine("64,1,64", "none", "none", 2));
  machine.run(store(0, 0).by_ref(1));
  machine.run(load(0, 64).by_ref(1));
  machine.run(load(1, 0).by_ref(2));
  EXPECT_EQ(machine.count(1, 2, l1(kMissTransfer)), 1u);
  EXPECT_EQ(machine.count(1, 2, l1(kMissCompulsory)), 0u);
  EXPECT_EQ(machine.count(1, 2, kServedByMemory), 1u);
  EXPECT_TRUE(machine.transfer_edges().empty());
}

}  // namespace
}  // namespace ccsim::test
