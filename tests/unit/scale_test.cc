// scale_test.cc: many processors on one line. The directory's sharer set spans several words (256
// processors = 4 words of bits), and every step must keep it equal to the caches.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/unit/scenario.h"

namespace ccsim::test {
namespace {

constexpr std::uint32_t kProcessors = 256;
constexpr Addr kLine = 0x10000;

// All 256 processors read the line, one writes it, then all write it round-robin 4 times; the invariants
// hold after every access and the counts follow from the sharing.
TEST(ScaleTest, TwoHundredFiftySixProcessorsShareOneLine) {
  Machine machine(make_machine("4096,4,64", "none", "none", kProcessors));
  for (ProcId proc = 0; proc < kProcessors; ++proc) {
    SCOPED_TRACE("reader " + std::to_string(proc));
    machine.run(load(proc, kLine).by_ref(1));
    ASSERT_EQ(machine.invariant_violation(), "");
  }
  for (ProcId proc = 0; proc < kProcessors; ++proc) {
    SCOPED_TRACE("processor " + std::to_string(proc));
    ASSERT_EQ(machine.state(proc, Level::L1, kLine), LineState::Shared);
  }
  // The last reader upgrades its Shared copy: the other 255 readers touched bytes 0-7, which it writes:
  // 255 true in-region invalidations.
  machine.run(store(kProcessors - 1, kLine).by_ref(2));
  ASSERT_EQ(machine.invariant_violation(), "");
  EXPECT_EQ(machine.total(kInvalidationsReceivedTrueInRegion), 255u);
  EXPECT_EQ(machine.state(kProcessors - 1, Level::L1, kLine), LineState::Modified);
  EXPECT_EQ(machine.state(0, Level::L1, kLine), LineState::Invalid);
  // Round-robin writes: each of the 4 x 256 = 1024 writes removes exactly the previous writer's copy, and
  // is a coherence miss on the word that writer wrote (true).
  for (int round = 0; round < 4; ++round) {
    for (ProcId proc = 0; proc < kProcessors; ++proc) {
      SCOPED_TRACE("round " + std::to_string(round) + ", writer " + std::to_string(proc));
      machine.run(store(proc, kLine).by_ref(3));
      ASSERT_EQ(machine.invariant_violation(), "");
    }
  }
  EXPECT_EQ(machine.total(kInvalidationsReceivedTrueInRegion), 255u + 1024u);
  EXPECT_EQ(machine.total(kInvalidationsReceivedFalseInRegion), 0u);
  EXPECT_EQ(machine.total(kCoherenceMissTrue), 1024u);
  EXPECT_EQ(machine.state(kProcessors - 1, Level::L1, kLine), LineState::Modified);
}

// On a machine of 4096 processors, processors 0, 63, 64 and 4095 (both sides of the directory's first
// word of sharers, and the last processor) read the line; 4095 then writes bytes 0-7, which all of them
// touched: 3 true in-region invalidations (0, 63, 64). Processor 64 writes again: a coherence miss,
// true (4095 wrote bytes 0-7 since 64 lost the line), invalidating 4095: 4 invalidations in all.
TEST(ScaleTest, HoldersOnBothSidesOfSixtyFourAndTheLastProcessor) {
  Machine machine(make_machine("4096,4,64", "16384,4,64", "none", 4096));
  const std::vector<ProcId> readers = {0, 63, 64, 4095};
  for (ProcId proc : readers) {
    SCOPED_TRACE("reader " + std::to_string(proc));
    machine.run(load(proc, kLine).by_ref(1));
    ASSERT_EQ(machine.invariant_violation(), "");
  }
  machine.run(store(4095, kLine).by_ref(2));
  ASSERT_EQ(machine.invariant_violation(), "");
  EXPECT_EQ(machine.total(kInvalidationsReceivedTrueInRegion), 3u);
  for (ProcId proc : {0u, 63u, 64u}) {
    SCOPED_TRACE("invalidated " + std::to_string(proc));
    EXPECT_EQ(machine.state(proc, Level::L2, kLine), LineState::Invalid);
  }
  machine.run(store(64, kLine).by_ref(2));
  ASSERT_EQ(machine.invariant_violation(), "");
  EXPECT_EQ(machine.total(kInvalidationsReceivedTrueInRegion), 4u);
  EXPECT_EQ(machine.total(kCoherenceMissTrue), 1u);
  EXPECT_EQ(machine.state(64, Level::L1, kLine), LineState::Modified);
  EXPECT_EQ(machine.state(4095, Level::L1, kLine), LineState::Invalid);
}

}  // namespace
}  // namespace ccsim::test
