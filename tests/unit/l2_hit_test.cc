// l2_hit_test.cc: an L1 miss that hits a private L2 (the inner miss of the private hierarchy): what it
// counts at each level, the L1 eviction it causes, and what the evicted L1 copy leaves in L2.
#include <gtest/gtest.h>

#include <string>

#include "tests/unit/scenario.h"

namespace ccsim::test {
namespace {

// The tool's usual private hierarchy: L1 of 512 lines (64 sets of 8 ways), L2 of 16384 lines (1024
// sets of 16 ways), 64-byte lines.
constexpr const char* kL1 = "32768,8,64";
constexpr const char* kL2 = "1048576,16,64";
constexpr Addr kLineBytes = 64;
constexpr Addr kLines = 1024;  // twice the L1, a sixteenth of the L2

// Processor 0 reads (or writes) bytes 0..7 of lines 0..1023 in turn, `passes` times, by reference 1.
// Line i falls in L1 set i mod 64, so each L1 set sees 16 lines per pass, cyclically: LRU keeps the
// last 8 of them, and each of the other 8 misses. In L2 each line has a set of its own.
void cycle_over_twice_the_l1(Machine& machine, int passes, AccessKind kind = AccessKind::Read) {
  for (int pass = 0; pass < passes; ++pass) {
    for (Addr line = 0; line < kLines; ++line) machine.run(make_access(0, kind, line * kLineBytes));
  }
}

// 3 passes: the first misses both levels (1024 compulsory misses each); in the other two every read
// misses L1 (its set's 8 ways hold the 8 lines read after it) and hits L2: 2048 L1 replacement misses,
// no L2 miss, no L1 hit.
TEST(L2HitTest, AfterTheFirstPassEveryReadMissesL1AndHitsL2) {
  Machine machine(make_machine(kL1, kL2, "none", 1));
  cycle_over_twice_the_l1(machine, 3);
  EXPECT_EQ(machine.total(kReads), 3072u);
  EXPECT_EQ(machine.total(l1(kReadMisses)), 3072u);
  EXPECT_EQ(machine.total(l1(kMissCompulsory)), 1024u);
  EXPECT_EQ(machine.total(l1(kMissReplacement)), 2048u);
  EXPECT_EQ(machine.total(l1(kHitTemporal)) + machine.total(l1(kHitSpatial)), 0u);
  EXPECT_EQ(machine.total(l2(kReadMisses)), 1024u);
  EXPECT_EQ(machine.total(l2(kMissCompulsory)), 1024u);
  EXPECT_EQ(machine.total(l2(kEvictions)), 0u);
}

// The L2 hits of those 2048 reads are all temporal: each reads bytes 0..7 again, which the line's L2
// copy holds as touched (from the fill, and folded back in from each evicted L1 copy).
TEST(L2HitTest, RereadingTheSameBytesIsATemporalL2Hit) {
  Machine machine(make_machine(kL1, kL2, "none", 1));
  cycle_over_twice_the_l1(machine, 3);
  EXPECT_EQ(machine.total(l2(kHitTemporal)), 2048u);
  EXPECT_EQ(machine.total(l2(kHitSpatial)), 0u);
}

// Every L1 miss once the L1 is full evicts one line: the first pass fills the 512 ways with lines
// 0..511 and then evicts 512 times, each later pass 1024 times: 2560 evictions of 8 used bytes each
// (20480), all of reference 1's lines by reference 1 on processor 0: one evictor edge counting 2560.
TEST(L2HitTest, EachL1MissEvictsTheSetsLeastRecentLine) {
  Machine machine(make_machine(kL1, kL2, "none", 1));
  cycle_over_twice_the_l1(machine, 3);
  EXPECT_EQ(machine.total(l1(kEvictions)), 2560u);
  EXPECT_EQ(machine.total(l1(kEvictedBytesUsed)), 20480u);
  EXPECT_EQ(machine.evictor_edges().size(), 1u);
  EXPECT_EQ(machine.evictor_count(1, 1, Level::L1), 2560u);
}

// The slow path's per-region totals see the same misses: all 3072 L1 misses and the 1024 L2 misses
// fall in region 0.
TEST(L2HitTest, RegionTotalsCountTheInnerMisses) {
  Machine machine(make_machine(kL1, kL2, "none", 1));
  cycle_over_twice_the_l1(machine, 3);
  EXPECT_EQ(machine.region_total(0, l1(kReadMisses)), 3072u);
  EXPECT_EQ(machine.region_total(0, l1(kMissReplacement)), 2048u);
  EXPECT_EQ(machine.region_total(0, l2(kReadMisses)), 1024u);
}

// A written line evicted from L1 stays Modified in L2, and a read that brings it back into L1 finds it
// Modified there: one pass of writes then one of reads leaves each line of the last 8 of its L1 set
// Modified in both levels, and every other line (line 0 among them) Modified in L2 only.
TEST(L2HitTest, AModifiedLineEvictedFromL1StaysModifiedInL2) {
  Machine machine(make_machine(kL1, kL2, "none", 1));
  cycle_over_twice_the_l1(machine, 1, AccessKind::Write);
  cycle_over_twice_the_l1(machine, 1, AccessKind::Read);
  for (Addr line : {Addr(0), Addr(511)}) {
    SCOPED_TRACE("line " + std::to_string(line));
    EXPECT_EQ(machine.state(0, Level::L1, line * kLineBytes), LineState::Invalid);
    EXPECT_EQ(machine.state(0, Level::L2, line * kLineBytes), LineState::Modified);
  }
  EXPECT_EQ(machine.state(0, Level::L1, (kLines - 1) * kLineBytes), LineState::Modified);
  EXPECT_EQ(machine.invariant_violation(), "");
}

// The reads of that second pass are all L1 misses that hit L2, on lines written before: 1024 L1
// replacement read misses and 1024 temporal L2 hits (the written bytes 0..7 count as touched), and no
// write miss beyond the first pass's 1024 compulsory ones.
TEST(L2HitTest, ReadingBackWrittenLinesHitsL2) {
  Machine machine(make_machine(kL1, kL2, "none", 1));
  cycle_over_twice_the_l1(machine, 1, AccessKind::Write);
  cycle_over_twice_the_l1(machine, 1, AccessKind::Read);
  EXPECT_EQ(machine.total(l1(kReadMisses)), 1024u);
  EXPECT_EQ(machine.total(l1(kWriteMisses)), 1024u);
  EXPECT_EQ(machine.total(l1(kMissReplacement)), 1024u);
  EXPECT_EQ(machine.total(l2(kHitTemporal)), 1024u);
  EXPECT_EQ(machine.total(l2(kWriteMisses)), 1024u);
  EXPECT_EQ(machine.total(l2(kReadMisses)), 0u);
}

}  // namespace
}  // namespace ccsim::test
