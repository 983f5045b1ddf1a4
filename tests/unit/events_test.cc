// events_test.cc: counter names are the ones docs/output-format.md defines, and a machine lists only the
// counters that mean something for it.
#include "ccsim/core/events.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "tests/unit/scenario.h"

namespace ccsim::test {
namespace {

// The names of the output format, spot-checked at each boundary of the index space.
TEST(EventsTest, NamesFollowTheOutputFormat) {
  EXPECT_STREQ(event_name(kReads), "reads");
  EXPECT_STREQ(event_name(kCoherenceMissFalse), "coherence_miss_false");
  EXPECT_STREQ(event_name(kInvalidationsReceivedTrueInRegionCritical),
               "invalidations_received_true_in_region_critical");
  EXPECT_STREQ(event_name(kInvalidationsCausedFalseAcrossRegions), "invalidations_caused_false_across_regions");
  EXPECT_STREQ(event_name(l1(kReadMisses)), "L1_read_misses");
  EXPECT_STREQ(event_name(l2(kMissCoherence)), "L2_miss_coherence");
  EXPECT_STREQ(event_name(llc(kEvictedBytesUsed)), "LLC_evicted_bytes_used");
  EXPECT_EQ(event_name(kNumEvents), nullptr);
}

// Every level event is named "<level>_<event>" with the same suffix at every level, and no two events
// share a name.
TEST(EventsTest, LevelNamesShareTheirSuffix) {
  const char* prefixes[kNumLevels] = {"L1_", "L2_", "LLC_"};
  std::set<std::string> names;
  for (std::uint32_t event = 0; event < kNumEvents; ++event) names.insert(event_name(event));
  EXPECT_EQ(names.size(), std::size_t(kNumEvents));
  for (std::uint32_t e = 0; e < kNumLevelEvents; ++e) {
    const std::string suffix = std::string(event_name(l1(static_cast<LevelEvent>(e)))).substr(3);
    for (int level = 0; level < kNumLevels; ++level) {
      SCOPED_TRACE(suffix + " at level " + std::to_string(level));
      EXPECT_EQ(event_name(level_event(static_cast<Level>(level), static_cast<LevelEvent>(e))),
                prefixes[level] + suffix);
    }
  }
}

// The events that profile version 2 added have the names of docs/output-format.md and say so; every other
// event is of version 1 (a writer lists them first: the events: line only grows at its end).
TEST(EventsTest, VersionTwoAddedWhereMissesAreServedAndTransferMisses) {
  EXPECT_STREQ(event_name(kServedByOwnL2), "served_by_own_L2");
  EXPECT_STREQ(event_name(kServedByTransferFromModified), "served_by_transfer_from_modified");
  EXPECT_STREQ(event_name(kServedByMemory), "served_by_memory");
  EXPECT_STREQ(event_name(kDowngradesReceived), "downgrades_received");
  EXPECT_STREQ(event_name(l2(kMissTransfer)), "L2_miss_transfer");
  std::uint32_t added = 0;
  for (std::uint32_t event = 0; event < kNumEvents; ++event) {
    if (event_profile_version(event) == 2) ++added;
    EXPECT_TRUE(event_profile_version(event) == 1 || event_profile_version(event) == 2);
  }
  EXPECT_EQ(added, 8u + kNumLevels);  // six served_by_*, two downgrades_*, <L>_miss_transfer per level
  EXPECT_EQ(event_profile_version(l1(kMissCompulsory)), 1u);
  EXPECT_EQ(event_profile_version(kInvalidationsCausedFalseAcrossRegions), 1u);
}

// Events of absent levels, capacity/conflict without miss classes, and LLC coherence misses do not apply.
TEST(EventsTest, OnlyMeaningfulEventsApply) {
  const MachineConfig l1_only = make_machine("32768,8,64");
  EXPECT_TRUE(event_applies(kReads, l1_only));
  EXPECT_TRUE(event_applies(kInvalidationsCausedFalseAcrossRegions, l1_only));
  EXPECT_TRUE(event_applies(l1(kMissReplacement), l1_only));
  EXPECT_FALSE(event_applies(l1(kMissCapacity), l1_only));
  EXPECT_FALSE(event_applies(l2(kReadMisses), l1_only));
  EXPECT_FALSE(event_applies(llc(kReadMisses), l1_only));
  const MachineConfig full = make_machine("32768,8,64", "262144,8,64", "8388608,16,64", 4, true);
  EXPECT_TRUE(event_applies(l1(kMissConflict), full));
  EXPECT_TRUE(event_applies(l2(kMissCoherence), full));
  EXPECT_TRUE(event_applies(llc(kMissCapacity), full));
  EXPECT_FALSE(event_applies(llc(kMissCoherence), full));
  EXPECT_FALSE(event_applies(llc(kMissTransfer), full));
  EXPECT_TRUE(event_applies(l2(kMissTransfer), full));
  EXPECT_TRUE(event_applies(kServedByLLC, full));
  EXPECT_FALSE(event_applies(kServedByLLC, l1_only));
  EXPECT_FALSE(event_applies(kServedByOwnL2, l1_only));
  EXPECT_TRUE(event_applies(kServedByTransferFromShared, l1_only));
  EXPECT_FALSE(event_applies(kNumEvents, full));
}

}  // namespace
}  // namespace ccsim::test
