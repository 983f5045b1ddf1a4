// placement_prediction_test.cc: the invalidations a block would suffer at other starts within a line and with
// lines twice as long (ccsim/core/placement_prediction.h), counted by hand for per-thread structs, and the
// block's own layout agreeing with the simulation when nothing is evicted.
#include <gtest/gtest.h>

#include <string>

#include "ccsim/core/placement_prediction.h"
#include "tests/unit/scenario.h"

namespace ccsim::test {
namespace {

// A block at 0 mod 128 (so the layouts' starts are plain multiples of 16).
constexpr Addr kBlock = 0x10000;
constexpr int kUpdates = 1000;

// The index of the layout with lines of `line_bytes` starting at `start`; fails the test when there is none.
std::uint32_t layout_index(const PlacementPrediction& prediction, std::uint32_t line_bytes, std::uint32_t start) {
  for (std::uint32_t i = 0; i < prediction.layout_count(); ++i) {
    if (prediction.layout(i).line_bytes == line_bytes && prediction.layout(i).start == start) return i;
  }
  ADD_FAILURE() << "no layout " << line_bytes << "/" << start;
  return 0;
}

TEST(PlacementPredictionTest, LayoutsAreEveryStartOfLinesAndOfDoubleLines) {
  ASSERT_EQ(placement_layout_count(64), 4u + 8u);
  // A block at 40 mod 64 keeps its 8 mod 16 in every layout: 8, 24, 40, 56, then 8..120 for 128 bytes.
  for (std::uint32_t i = 0; i < 4; ++i) {
    EXPECT_EQ(placement_layout(64, 0x1028, i).line_bytes, 64u);
    EXPECT_EQ(placement_layout(64, 0x1028, i).start, 8 + 16 * i);
  }
  for (std::uint32_t i = 0; i < 8; ++i) {
    EXPECT_EQ(placement_layout(64, 0x1028, 4 + i).line_bytes, 128u);
    EXPECT_EQ(placement_layout(64, 0x1028, 4 + i).start, 8 + 16 * i);
  }
  // Lines of 8 bytes: one start per size.
  ASSERT_EQ(placement_layout_count(8), 2u);
  EXPECT_EQ(placement_layout(8, 0x1003, 0).start, 3u);
  EXPECT_EQ(placement_layout(8, 0x1003, 1).start, 3u);
  EXPECT_EQ(placement_layout(8, 0x1003, 1).line_bytes, 16u);
}

// Two per-thread structs of 64 bytes, { long sum; char pad[48]; long count; }: each update of thread t
// writes its struct's bytes 0-7 and 56-63, thread 0 then thread 1, kUpdates times each.
void update_structs(PlacementPrediction* prediction) {
  for (int round = 0; round < kUpdates; ++round) {
    for (ProcId proc = 0; proc < 2; ++proc) {
      prediction->access(proc, kBlock + 64 * proc, 8, true);
      prediction->access(proc, kBlock + 64 * proc + 56, 8, true);
    }
  }
}

// 64-byte lines. Struct t starts at virtual address 64t + s. At s = 0 each struct has a line of its own: 0.
// At s = 16, 32 or 48, thread 0's count (64 + s - 8 .. 64 + s - 1) and thread 1's sum (64 + s .. 64 + s + 7)
// share line 1 (their other fields are in lines 0 and 2, alone). Line 1 is written by turns 0, 1, 0, 1, ...
// (2 x kUpdates turns), and every write after the first takes it from the other thread, whose bytes it does
// not write: 2 x kUpdates - 1 false invalidations.
TEST(PlacementPredictionTest, PerThreadStructsFalselyShareAtEveryStartButZero) {
  PlacementPrediction prediction(kBlock, 128, 64);
  update_structs(&prediction);
  EXPECT_EQ(prediction.counts(layout_index(prediction, 64, 0)).false_sharing, 0u);
  for (std::uint32_t start : {16u, 32u, 48u}) {
    SCOPED_TRACE("start " + std::to_string(start));
    EXPECT_EQ(prediction.counts(layout_index(prediction, 64, start)).false_sharing, 2u * kUpdates - 1);
    EXPECT_EQ(prediction.counts(layout_index(prediction, 64, start)).true_sharing, 0u);
  }
}

// 128-byte lines, struct t at 128-byte virtual address 64t + s. The lines of thread 0's fields (s, s + 56)
// and thread 1's (64 + s, 120 + s): s = 0: all four in line 0; s = 16..48: 0, 0 and 0, 1 (line 0 shared);
// s = 64: 0, 0 and 1, 1 (none shared); s = 80..112: 0, 1 and 1, 1 (line 1 shared). A shared line changes
// hands at every turn: 2 x kUpdates - 1 false invalidations, except at 64.
TEST(PlacementPredictionTest, PerThreadStructsFalselyShareDoubleLinesExceptAtSixtyFour) {
  PlacementPrediction prediction(kBlock, 128, 64);
  update_structs(&prediction);
  for (std::uint32_t start = 0; start < 128; start += 16) {
    SCOPED_TRACE("start " + std::to_string(start));
    const PlacementCounts& counts = prediction.counts(layout_index(prediction, 128, start));
    EXPECT_EQ(counts.false_sharing, start == 64 ? 0u : 2u * kUpdates - 1);
    EXPECT_EQ(counts.true_sharing, 0u);
  }
}

// Three threads read byte 0-7, then thread 0 writes them: two copies removed, both true (they read the
// written bytes); a fourth thread's write of bytes 8-15 removes thread 0's copy, which touched only 0-7: false.
TEST(PlacementPredictionTest, AWriteRemovesEveryOtherCopyAndSaysTrueWhenTheBytesMeet) {
  PlacementPrediction prediction(kBlock, 64, 64);
  for (ProcId proc = 0; proc < 3; ++proc) prediction.access(proc, kBlock, 8, false);
  prediction.access(0, kBlock, 8, true);
  prediction.access(3, kBlock + 8, 8, true);
  const PlacementCounts& counts = prediction.counts(layout_index(prediction, 64, 0));
  EXPECT_EQ(counts.true_sharing, 2u);
  EXPECT_EQ(counts.false_sharing, 1u);
}

// Bytes past the block's end are not the block's: an access of 16 bytes at its last 8 counts only those.
TEST(PlacementPredictionTest, BytesOutsideTheBlockAreIgnored) {
  PlacementPrediction prediction(kBlock, 64, 64);
  prediction.access(0, kBlock + 56, 16, true);
  prediction.access(1, kBlock + 64, 8, true);  // outside: no copy of thread 0's removed
  prediction.access(1, kBlock - 8, 8, true);   // outside
  for (std::uint32_t i = 0; i < prediction.layout_count(); ++i) {
    EXPECT_EQ(prediction.counts(i).true_sharing + prediction.counts(i).false_sharing, 0u);
  }
}

// With caches far larger than the accesses, the simulation's invalidations of a block's lines are the
// block's own layout's: the same per-thread structs, at 0 and at 32 mod 64, simulated and predicted.
TEST(PlacementPredictionTest, OwnLayoutAgreesWithTheSimulationWithoutEvictions) {
  for (Addr start : {Addr(0), Addr(32)}) {
    SCOPED_TRACE("block at " + std::to_string(start) + " mod 64");
    Machine machine(make_machine("32768,8,64", "262144,8,64", "none", 2));
    const Addr base = kBlock + start;
    PlacementPrediction prediction(base, 128, 64);
    for (int round = 0; round < kUpdates; ++round) {
      for (ProcId proc = 0; proc < 2; ++proc) {
        for (Addr field : {Addr(0), Addr(56)}) {
          machine.run(store(proc, base + 64 * proc + field));
          prediction.access(proc, base + 64 * proc + field, 8, true);
        }
      }
    }
    const PlacementCounts& own = prediction.counts(layout_index(prediction, 64, static_cast<std::uint32_t>(start)));
    EXPECT_EQ(own.false_sharing, machine.total(kInvalidationsReceivedFalseInRegion));
    EXPECT_EQ(own.true_sharing, machine.total(kInvalidationsReceivedTrueInRegion));
    EXPECT_EQ(own.false_sharing, start == 0 ? 0u : 2u * kUpdates - 1);
  }
}

// touched_bytes(), which starts a prediction from the first thread's copies: the bytes the processor touched in
// the line since its copy came in, L1 and L2 together; nothing once another processor's write took the line.
TEST(PlacementPredictionTest, TouchedBytesAreTheCopysBytes) {
  Machine machine(make_machine("32768,8,64", "262144,8,64", "none", 2));
  machine.run(load(0, kBlock + 8));
  machine.run(store(0, kBlock + 32).bytes(4));
  std::uint64_t mask[1] = {0};
  ASSERT_TRUE(touched_bytes(machine.simulator(), 0, kBlock + 63, mask));
  EXPECT_EQ(mask[0], 0xff00u | (0xfull << 32));
  EXPECT_FALSE(touched_bytes(machine.simulator(), 1, kBlock, mask));
  machine.run(store(1, kBlock));
  EXPECT_FALSE(touched_bytes(machine.simulator(), 0, kBlock, mask));
}

TEST(PlacementPredictionTest, ZeroingKeepsTheCopies) {
  PlacementPrediction prediction(kBlock, 64, 64);
  prediction.access(0, kBlock, 8, true);
  prediction.access(1, kBlock + 8, 8, true);
  prediction.zero_counts();
  prediction.access(0, kBlock, 8, true);  // still removes thread 1's copy
  EXPECT_EQ(prediction.counts(layout_index(prediction, 64, 0)).false_sharing, 1u);
}

}  // namespace
}  // namespace ccsim::test
