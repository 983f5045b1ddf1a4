// consistency_test.cc: identities between the counters that hold for any trace (docs/output-format.md
// lists them for readers), checked on a random 4-processor trace over a few shared lines that exercises
// every path: misses of all causes, upgrades, downgrades, invalidations, evictions at every level.
#include <gtest/gtest.h>

#include <random>

#include "tests/unit/scenario.h"

namespace ccsim::test {
namespace {

// Sums an edge list's counts at one level.
std::uint64_t evictions_on_edges(const Machine& machine, Level level) {
  std::uint64_t sum = 0;
  for (const EvictorEdge& edge : machine.evictor_edges()) {
    if (edge.level == level) sum += edge.count;
  }
  return sum;
}

class ConsistencyTest : public ::testing::Test {
 protected:
  // 4 processors with tiny L1 (4 lines) and L2 (16 lines) and a 32-line LLC, miss classes on; 40,000
  // accesses (fixed seed) to 48 lines, several refs and regions, some under a lock.
  ConsistencyTest() : machine(make_machine("256,2,64", "1024,4,64", "2048,4,64", 4, true)) {
    std::mt19937_64 random(7);
    std::uniform_int_distribution<int> proc(0, 3);
    std::uniform_int_distribution<Addr> addr(0, 48 * 64 - 8);
    std::uniform_int_distribution<int> percent(0, 99);
    for (int i = 0; i < 40000; ++i) {
      Access access = make_access(static_cast<ProcId>(proc(random)),
                                  percent(random) < 40 ? AccessKind::Write : AccessKind::Read, addr(random));
      access.by_ref(static_cast<RefId>(percent(random) % 7)).in_region(static_cast<RegionId>(i / 5000));
      if (percent(random) < 20) access.holding_lock();
      machine.run(access);
    }
  }

  Machine machine;
};

// The trace leaves the whole machine consistent (it was checked line by line after every access too).
TEST_F(ConsistencyTest, InvariantsHold) { EXPECT_EQ(machine.invariant_violation(), ""); }

// reference_counts() answers for one (processor, reference) pair exactly what for_each_reference()
// reports for it, and zeros for a pair the trace never made (references 7 and 100 are never used).
TEST_F(ConsistencyTest, OnePairsCountsAreTheVisitorsCounts) {
  struct Check {
    const Simulator* sim;
    std::uint32_t pairs;
  } check{machine.simulator(), 0};
  for_each_reference(
      machine.simulator(),
      [](void* context, ProcId proc, RefId ref, const std::uint64_t* counts) {
        Check* c = static_cast<Check*>(context);
        std::uint64_t one[kNumEvents];
        reference_counts(c->sim, proc, ref, one);
        for (std::uint32_t event = 0; event < kNumEvents; ++event) {
          SCOPED_TRACE(std::string(event_name(event)) + " of ref " + std::to_string(ref) + " on " + std::to_string(proc));
          EXPECT_EQ(one[event], counts[event]);
        }
        ++c->pairs;
      },
      &check);
  // 4 processors x references 0..6, every pair made by 40,000 random accesses.
  EXPECT_EQ(check.pairs, 28u);
  std::uint64_t none[kNumEvents];
  for (const auto& [proc, ref] : {std::pair<ProcId, RefId>{0, 7}, {3, 100}}) {
    reference_counts(machine.simulator(), proc, ref, none);
    for (std::uint32_t event = 0; event < kNumEvents; ++event) EXPECT_EQ(none[event], 0u);
  }
}

// Per level, misses = compulsory + coherence + replacement + transfer, and replacement = capacity +
// conflict. The shared LLC has neither coherence nor transfer misses.
TEST_F(ConsistencyTest, MissCausesAddUpToMisses) {
  for (Level level : {Level::L1, Level::L2, Level::LLC}) {
    SCOPED_TRACE(event_name(level_event(level, kReadMisses)));
    auto event = [&](LevelEvent e) { return machine.total(level_event(level, e)); };
    EXPECT_GT(event(kReadMisses) + event(kWriteMisses), 0u);
    EXPECT_EQ(event(kReadMisses) + event(kWriteMisses),
              event(kMissCompulsory) + event(kMissCoherence) + event(kMissReplacement) + event(kMissTransfer));
    EXPECT_EQ(event(kMissReplacement), event(kMissCapacity) + event(kMissConflict));
  }
  EXPECT_GT(machine.total(l1(kMissTransfer)), 0u);
  EXPECT_EQ(machine.total(l2(kMissTransfer)), machine.total(l1(kMissTransfer)));
  EXPECT_EQ(machine.total(llc(kMissCoherence)), 0u);
  EXPECT_EQ(machine.total(llc(kMissTransfer)), 0u);
}

// Every L1 miss is served from exactly one place, and every downgrade has a reader and an owner. A
// transfer is a miss of the whole private hierarchy, as a transfer miss is, but not only: a replacement
// or coherence miss is served by another processor's copy too when one holds the line.
TEST_F(ConsistencyTest, EveryL1MissIsServedOnce) {
  std::uint64_t served = 0;
  for (std::uint32_t event = kServedByOwnL2; event <= kServedByMemory; ++event) {
    SCOPED_TRACE(event_name(event));
    EXPECT_GT(machine.total(event), 0u);
    served += machine.total(event);
  }
  EXPECT_EQ(served, machine.total(l1(kReadMisses)) + machine.total(l1(kWriteMisses)));
  EXPECT_EQ(machine.total(kServedByOwnL2), machine.total(l1(kReadMisses)) + machine.total(l1(kWriteMisses)) -
                                               machine.total(l2(kReadMisses)) - machine.total(l2(kWriteMisses)));
  EXPECT_GT(machine.total(kDowngradesCaused), 0u);
  EXPECT_EQ(machine.total(kDowngradesCaused), machine.total(kDowngradesReceived));
}

// Every coherence miss is classified once, true or false: their sum is the L1 coherence misses (every
// coherence re-miss misses L1; L2 counts them again at its own level).
TEST_F(ConsistencyTest, CoherenceMissesAreClassifiedOnce) {
  EXPECT_GT(machine.total(l1(kMissCoherence)), 0u);
  EXPECT_EQ(machine.total(kCoherenceMissTrue) + machine.total(kCoherenceMissFalse), machine.total(l1(kMissCoherence)));
  EXPECT_EQ(machine.total(l2(kMissCoherence)), machine.total(l1(kMissCoherence)));
}

// Each invalidation has one victim and one invalidator: received = caused, kind by kind, and the edges
// carry them all.
TEST_F(ConsistencyTest, InvalidationsBalance) {
  EXPECT_GT(invalidations_received(machine), 0u);
  for (std::uint32_t kind = 0; kind < 5; ++kind) {
    SCOPED_TRACE(event_name(kInvalidationsReceivedTrueInRegion + kind));
    EXPECT_EQ(machine.total(kInvalidationsReceivedTrueInRegion + kind),
              machine.total(kInvalidationsCausedTrueInRegion + kind));
  }
  std::uint64_t on_edges = 0;
  std::uint64_t critical_on_edges = 0;
  for (const InvalidatorEdge& edge : machine.invalidator_edges()) {
    on_edges += edge.true_in_region + edge.false_in_region + edge.true_across_regions + edge.false_across_regions;
    critical_on_edges += edge.true_in_region_critical;
  }
  EXPECT_EQ(on_edges, invalidations_received(machine));
  EXPECT_EQ(critical_on_edges, machine.total(kInvalidationsReceivedTrueInRegionCritical));
  EXPECT_LE(machine.total(kInvalidationsReceivedTrueInRegionCritical),
            machine.total(kInvalidationsReceivedTrueInRegion));
}

// The evictor edges of each level carry exactly that level's evictions.
TEST_F(ConsistencyTest, EvictorEdgesCarryEveryEviction) {
  for (Level level : {Level::L1, Level::L2, Level::LLC}) {
    SCOPED_TRACE(event_name(level_event(level, kEvictions)));
    EXPECT_GT(machine.total(level_event(level, kEvictions)), 0u);
    EXPECT_EQ(evictions_on_edges(machine, level), machine.total(level_event(level, kEvictions)));
  }
}

// Per-region totals of slow-path events add up to the machine's totals.
TEST_F(ConsistencyTest, RegionTotalsAddUpToMachineTotals) {
  const std::uint32_t slow_path_events[] = {l1(kReadMisses), l2(kMissCoherence), llc(kEvictions), kCoherenceMissFalse,
                                            kInvalidationsCausedFalseInRegion};
  for (std::uint32_t event : slow_path_events) {
    SCOPED_TRACE(event_name(event));
    std::uint64_t sum = 0;
    for (RegionId region = 0; region < 8; ++region) sum += machine.region_total(region, event);
    EXPECT_EQ(sum, machine.total(event));
  }
}

// zero_statistics empties every counter and edge but keeps the caches: a line just read is still a hit.
TEST_F(ConsistencyTest, ZeroStatisticsKeepsTheCaches) {
  machine.run(load(0, 0));
  zero_statistics(machine.simulator());
  EXPECT_EQ(machine.total(kReads) + machine.total(kWrites) + machine.total(l1(kEvictions)), 0u);
  EXPECT_TRUE(machine.evictor_edges().empty());
  EXPECT_TRUE(machine.invalidator_edges().empty());
  EXPECT_EQ(machine.region_total(0, l1(kReadMisses)), 0u);
  machine.run(load(0, 0));
  EXPECT_EQ(machine.total(l1(kHitTemporal)), 1u);
  EXPECT_EQ(machine.invariant_violation(), "");
}

}  // namespace
}  // namespace ccsim::test
