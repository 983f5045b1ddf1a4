// protocol_test.cc: the MESI transitions one by one. After every step the whole machine's invariants are
// checked (directory == caches, one exclusive holder, inclusion) and the state of the line is asserted at
// both private levels of every processor.
#include <gtest/gtest.h>

#include <vector>

#include "tests/unit/scenario.h"

namespace ccsim::test {
namespace {

constexpr LineState I = LineState::Invalid;
constexpr LineState S = LineState::Shared;
constexpr LineState E = LineState::Exclusive;
constexpr LineState M = LineState::Modified;

constexpr Addr kLine = 0x1000;

// Runs one access, then checks every invariant of the machine.
void step(Machine& machine, const Access& access) {
  machine.run(access);
  ASSERT_EQ(machine.invariant_violation(), "");
}

// Four processors, each with L1 1 KiB 2-way and L2 4 KiB 4-way, 64-byte lines.
class ProtocolTest : public ::testing::Test {
 protected:
  ProtocolTest() : machine(make_machine("1024,2,64", "4096,4,64")) {}

  void step(const Access& access) { ccsim::test::step(machine, access); }

  // The state of `addr`'s line at L1 and at L2 of processors 0..3, in that order.
  void expect_states(Addr addr, const std::vector<LineState>& l1_states, const std::vector<LineState>& l2_states) {
    for (ProcId proc = 0; proc < 4; ++proc) {
      SCOPED_TRACE("processor " + std::to_string(proc));
      EXPECT_EQ(machine.state(proc, Level::L1, addr), l1_states[proc]);
      EXPECT_EQ(machine.state(proc, Level::L2, addr), l2_states[proc]);
    }
  }
  void expect_states(Addr addr, const std::vector<LineState>& both_levels) {
    expect_states(addr, both_levels, both_levels);
  }

  Machine machine;
};

// A read of a line nobody holds brings it in Exclusive, a compulsory miss at both private levels.
TEST_F(ProtocolTest, PrivateReadFillsExclusive) {
  step(load(0, kLine));
  expect_states(kLine, {E, I, I, I});
  EXPECT_EQ(machine.count(0, 1, l1(kMissCompulsory)), 1u);
  EXPECT_EQ(machine.count(0, 1, l2(kMissCompulsory)), 1u);
}

// A write hit on an Exclusive line becomes Modified silently: an L1 hit, no invalidation.
TEST_F(ProtocolTest, WriteToExclusiveUpgradesSilently) {
  step(load(0, kLine).by_ref(1));
  step(store(0, kLine).by_ref(2));
  expect_states(kLine, {M, I, I, I});
  // The store writes the 8 bytes the load touched: a temporal hit.
  EXPECT_EQ(machine.count(0, 2, l1(kHitTemporal)), 1u);
  EXPECT_EQ(machine.count(0, 2, l1(kWriteMisses)), 0u);
  EXPECT_EQ(invalidations_received(machine), 0u);
  EXPECT_EQ(invalidations_caused(machine), 0u);
}

// A second reader of an Exclusive line makes both copies Shared.
TEST_F(ProtocolTest, ReadOfExclusiveByAnotherShares) {
  step(load(0, kLine));
  step(load(1, kLine));
  expect_states(kLine, {S, S, I, I});
}

// A write to a Shared line invalidates the other copy: one invalidation, true sharing (the writer's bytes
// are the bytes the victim read), in-region (both in region 0).
TEST_F(ProtocolTest, WriteToSharedInvalidatesTheOtherCopy) {
  step(load(0, kLine).by_ref(1));
  step(load(1, kLine).by_ref(2));
  step(store(1, kLine).by_ref(3));
  expect_states(kLine, {I, M, I, I});
  EXPECT_EQ(machine.count(0, 1, kInvalidationsReceivedTrueInRegion), 1u);
  EXPECT_EQ(machine.count(1, 3, kInvalidationsCausedTrueInRegion), 1u);
  EXPECT_EQ(invalidations_received(machine), 1u);
  // The store hit its own Shared copy: an upgrade, not a miss.
  EXPECT_EQ(machine.count(1, 3, l1(kWriteMisses)), 0u);
}

// A read of a line Modified elsewhere downgrades the owner to Shared; nothing is invalidated.
TEST_F(ProtocolTest, ReadOfModifiedDowngradesToShared) {
  step(store(0, kLine));
  step(load(1, kLine));
  expect_states(kLine, {S, S, I, I});
  EXPECT_EQ(invalidations_received(machine), 0u);
}

// A write to a line Modified elsewhere moves ownership: the writer holds it Modified, the old owner not at all.
TEST_F(ProtocolTest, WriteOfModifiedByAnotherMovesOwnership) {
  step(store(0, kLine));
  step(store(1, kLine));
  expect_states(kLine, {I, M, I, I});
  EXPECT_EQ(invalidations_received(machine), 1u);
}

// A Modified line evicted from L1 stays Modified in L2, and another reader still finds and downgrades it.
TEST_F(ProtocolTest, ModifiedLineEvictedFromL1StaysInL2) {
  // L1 has 8 sets: lines 512 bytes apart share L1 set 0. L2 has 16 sets: kLine and kLine + 1024 share L2
  // set 0 (4 ways), kLine + 512 goes to set 8, so only L1 evicts.
  step(store(0, kLine).by_ref(1));
  step(load(0, kLine + 512).by_ref(2));
  step(load(0, kLine + 1024).by_ref(3));
  expect_states(kLine, {I, I, I, I}, {M, I, I, I});
  // One L1 eviction, charged to the store, which touched 8 bytes of the line.
  EXPECT_EQ(machine.count(0, 1, l1(kEvictions)), 1u);
  EXPECT_EQ(machine.count(0, 1, l1(kEvictedBytesUsed)), 8u);
  step(load(1, kLine));
  expect_states(kLine, {I, S, I, I}, {S, S, I, I});
}

// Without an L2, evicting a Modified line removes the processor from the directory: the next reader of
// the line is alone and gets it Exclusive.
TEST(ProtocolWithoutL2Test, EvictedModifiedLineLeavesTheProcessor) {
  // L1 128 bytes direct-mapped: lines 0 and 128 share set 0.
  Machine machine(make_machine("128,1,64"));
  step(machine, store(0, 0).by_ref(1));
  step(machine, load(0, 128).by_ref(2));
  EXPECT_EQ(machine.state(0, Level::L1, 0), I);
  EXPECT_EQ(machine.count(0, 1, l1(kEvictions)), 1u);  // the load evicted the store's line once
  step(machine, load(1, 0));
  EXPECT_EQ(machine.state(1, Level::L1, 0), E);
}

// Inclusion: evicting a line from L2 removes it from L1 too, even when it is the most recently used line in
// L1 (L1 hits do not refresh L2's recency).
TEST(ProtocolInclusionTest, L2EvictionBackInvalidatesL1) {
  // L1: one set of 2 ways. L2: 2 sets of 2 ways; lines A=0, B=128, C=256 all map to L2 set 0.
  Machine machine(make_machine("128,2,64", "256,2,64"));
  constexpr Addr a = 0, b = 128, c = 256;
  step(machine, load(0, a).by_ref(1));
  step(machine, load(0, b).by_ref(2));
  step(machine, load(0, a).by_ref(1));  // an L1 hit: A is L1's most recent line but still L2's least recent
  step(machine, load(0, c).by_ref(3));  // L2 must evict A, so L1 loses A and C takes its way
  EXPECT_EQ(machine.state(0, Level::L1, a), I);
  EXPECT_EQ(machine.state(0, Level::L2, a), I);
  EXPECT_EQ(machine.state(0, Level::L1, b), E);
  EXPECT_EQ(machine.state(0, Level::L1, c), E);
  // One eviction of A at each level, both caused by C's reference.
  EXPECT_EQ(machine.count(0, 1, l1(kEvictions)), 1u);
  EXPECT_EQ(machine.count(0, 1, l2(kEvictions)), 1u);
  EXPECT_EQ(machine.evictor_count(1, 3, Level::L1), 1u);
  EXPECT_EQ(machine.evictor_count(1, 3, Level::L2), 1u);
}

// reset_processor drops the processor's lines without counting evictions or invalidations, keeps its
// statistics, and makes its next access to the line a first miss again (not a replacement miss): a
// transfer miss, as the thread that had the processor before wrote the line.
TEST_F(ProtocolTest, ResetProcessorDropsLinesSilently) {
  step(store(0, kLine).by_ref(1));
  step(load(1, kLine + 64).by_ref(2));
  reset_processor(machine.simulator(), 0);
  ASSERT_EQ(machine.invariant_violation(), "");
  expect_states(kLine, {I, I, I, I});
  expect_states(kLine + 64, {I, E, I, I});
  EXPECT_EQ(machine.count(0, 1, kWrites), 1u);
  EXPECT_EQ(machine.total(l1(kEvictions)) + machine.total(l2(kEvictions)), 0u);
  EXPECT_EQ(invalidations_received(machine), 0u);
  step(load(0, kLine).by_ref(1));
  // The store before the reset was compulsory (nobody held or wrote the line); the load after it is a
  // transfer miss (the line was written, by the processor's earlier thread), served by memory.
  EXPECT_EQ(machine.count(0, 1, l1(kMissCompulsory)), 1u);
  EXPECT_EQ(machine.count(0, 1, l1(kMissTransfer)), 1u);
  EXPECT_EQ(machine.count(0, 1, l1(kMissReplacement)), 0u);
  EXPECT_EQ(machine.count(0, 1, kServedByMemory), 2u);
}

// A processor reset after losing a line forgets the loss: its next miss there is not a coherence miss but
// a first one: a transfer miss, since P1 holds the line (P0's first load was compulsory).
TEST_F(ProtocolTest, ResetProcessorForgetsLostLines) {
  step(load(0, kLine).by_ref(1));
  step(store(1, kLine).by_ref(2));
  reset_processor(machine.simulator(), 0);
  ASSERT_EQ(machine.invariant_violation(), "");
  step(load(0, kLine).by_ref(1));
  EXPECT_EQ(machine.count(0, 1, l1(kMissCoherence)), 0u);
  EXPECT_EQ(machine.count(0, 1, l1(kMissCompulsory)), 1u);
  EXPECT_EQ(machine.count(0, 1, l1(kMissTransfer)), 1u);
  EXPECT_EQ(machine.count(0, 1, kCoherenceMissTrue) + machine.count(0, 1, kCoherenceMissFalse), 0u);
}

}  // namespace
}  // namespace ccsim::test
