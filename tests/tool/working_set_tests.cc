// working_set_tests.cc: cache sets and working set end to end (--working-set=yes; docs/model.md, "Cache
// sets and the working set"): a buffer strided by 4,096 bytes has all its conflict misses in the one L1
// set its lines share, its histogram uses exactly that set, and the reader says so; one line more of
// stride spreads it over 8 sets with no replacement miss. The expected numbers are derived in
// tests/programs/strided_buffer.c. And an object's peak with two simulation workers (resident_split.c).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ccsim/annotate/analysis/cache_sets.h"
#include "ccsim/annotate/parsing/parser.h"
#include "tests/tool/run_valgrind.h"

namespace ccsim_test {
namespace {

using ccsim::annotate::LevelSets;
using ccsim::annotate::ObjectSetHistogram;
using ccsim::annotate::Profile;

// `workers`: --sim-threads (2: two simulation workers, each with half the sets; the conflict misses are
// classified at the end by the first, docs/parallel-simulation.md, section 9).
Profile run_strided(const std::string& stride, const std::string& workers = "0") {
  const std::string directory = scratch_directory("working_set_" + stride + "_" + workers);
  const RunResult result =
      run_ccsim(directory,
                {"--L1=4096,2,64", "--L2=none", "--LLC=none", "--miss-classes=yes", "--working-set=yes",
                 "--set-histograms=100",  // every object's: the buffer without conflict misses too
                 "--sim-threads=" + workers, "--ccsim-out-file=ccsim.out"},
                test_program("strided_buffer"), {stride});
  EXPECT_EQ(result.exit_code, 0) << result.stderr_text;
  return ccsim::annotate::read_profile_file(directory + "/ccsim.out");
}

std::size_t object_named(const Profile& profile, const std::string& name) {
  for (std::size_t i = 0; i < profile.objects.size(); ++i) {
    if (profile.objects[i].name == name) return i;
  }
  ADD_FAILURE() << "no object " << name;
  return 0;
}

ObjectSetHistogram l1_histogram(const Profile& profile, std::size_t object) {
  for (const ObjectSetHistogram& histogram : ccsim::annotate::object_set_histograms(profile)) {
    if (histogram.object == object && histogram.level == "L1") return histogram;
  }
  ADD_FAILURE() << "no L1 histogram of object " << object;
  return {};
}

std::uint64_t l1_peak(const Profile& profile, std::size_t object) {
  for (const auto& row : profile.object_residents) {
    if (row.object == object && row.level == "L1") return row.peak;
  }
  ADD_FAILURE() << "no L1 residency of object " << object;
  return 0;
}

// Stride 4,096: 8 lines in set 0 of 32; round 1 8 compulsory misses, rounds 2-100 8 conflict misses each
// (792); at most 2 of its lines in the 2-way set at once. The same with two simulation workers.
TEST(WorkingSet, BufferStridedBy4096BytesHasItsConflictMissesInOneSetOf32) {
  for (const char* workers : {"0", "2"}) {
    SCOPED_TRACE(std::string("--sim-threads=") + workers);
    const Profile profile = run_strided("4096", workers);
    const std::size_t strided = object_named(profile, "strided");
    const ObjectSetHistogram histogram = l1_histogram(profile, strided);
    ASSERT_EQ(histogram.buckets.size(), 1u);
    EXPECT_EQ(histogram.buckets[0].first_set, 0u);
    EXPECT_EQ(histogram.buckets[0].sets, 1u);
    EXPECT_EQ(histogram.total.lines, 8u);
    EXPECT_EQ(histogram.total.replacement, 792u);
    EXPECT_EQ(histogram.total.conflict, 792u);
    EXPECT_EQ(histogram.used_sets, 1u);
    EXPECT_EQ(histogram.level_sets, 32u);
    EXPECT_TRUE(histogram.crowded);
    EXPECT_EQ(histogram.finding,
              "strided: its 8 lines fall in 1 of L1's 32 sets (1/32), which hold 2 lines each: 792 conflict misses "
              "there");
    EXPECT_EQ(histogram.advice.find("pad the stride or change the leading dimension: lines 2,048 bytes apart"), 0u)
        << histogram.advice;
    // Set 0 of the level: at least the buffer's 8 lines and 792 conflict misses, hot, with the buffer there.
    const std::vector<LevelSets> levels = ccsim::annotate::level_sets(profile);
    ASSERT_EQ(levels.size(), 1u);
    ASSERT_FALSE(levels[0].rows.empty());
    const auto& worst = levels[0].rows.front();
    EXPECT_EQ(worst.set, 0u);
    EXPECT_GE(worst.counts.lines, 8u);
    EXPECT_GE(worst.counts.conflict, 792u);
    EXPECT_TRUE(worst.hot);
    ASSERT_FALSE(worst.objects.empty());
    EXPECT_EQ(worst.objects.front().object, strided);  // the most lines there
    EXPECT_EQ(l1_peak(profile, strided), 2u);
  }
}

// Stride 4,160: line i in set i, sets 0-7 one line each, 8 compulsory misses and nothing else; all 8 in
// L1 after round 1. One heap site: 13 allocations, 10 live at the peak (1,000 bytes), 7 at the end.
TEST(WorkingSet, OneLineMoreOfStrideSpreadsTheBufferOverEightSets) {
  const Profile profile = run_strided("4160");
  const std::size_t strided = object_named(profile, "strided");
  const ObjectSetHistogram histogram = l1_histogram(profile, strided);
  ASSERT_EQ(histogram.buckets.size(), 8u);
  for (std::uint64_t set = 0; set < 8; ++set) {
    SCOPED_TRACE("set " + std::to_string(set));
    EXPECT_EQ(histogram.buckets[set].first_set, set);
    EXPECT_EQ(histogram.buckets[set].counts.lines, 1u);
    EXPECT_EQ(histogram.buckets[set].counts.replacement, 0u);
  }
  EXPECT_FALSE(histogram.crowded);
  EXPECT_EQ(l1_peak(profile, strided), 8u);
  ASSERT_EQ(profile.site_lives.size(), 1u);
  EXPECT_EQ(profile.site_lives[0].allocations, 13u);
  EXPECT_EQ(profile.site_lives[0].peak_blocks, 10u);
  EXPECT_EQ(profile.site_lives[0].peak_bytes, 1000u);
  EXPECT_EQ(profile.site_lives[0].blocks_at_end, 7u);
  EXPECT_EQ(profile.site_lives[0].bytes_at_end, 700u);
  // Over the run (strided_buffer.c): the program's only heap allocations are these 13, so an interval is
  // one allocation (and the frees after it); live blocks 1..10, the 10th interval peaking before the 6
  // frees, then 5, 6, 7.
  EXPECT_EQ(profile.site_lives[0].allocations_per_point, 1u);
  const std::vector<std::pair<std::uint64_t, std::uint64_t>> series = {
      {1, 100}, {2, 200}, {3, 300}, {4, 400}, {5, 500}, {6, 600}, {7, 700},
      {8, 800}, {9, 900}, {10, 1000}, {5, 500}, {6, 600}, {7, 700}};
  EXPECT_EQ(profile.site_lives[0].series, series);
}

// An object's resident lines with two simulation workers (docs/parallel-simulation.md, section 9): the
// peak is of the sum of the workers' counts at one moment, the average over every worker's L1 misses.
// resident_split.c, with --L1=256,2,64 --L2=none --LLC=none: 2 sets of 2 ways, one line shard each, so
// worker 0 simulates set 0 (split's s0, s2) and worker 1 set 1 (s1, s3). Each round reads s0 s2 o0 o2,
// then s1 s3 o1 o3, every read a miss (a set holds the 2 lines read last in it). split's L1 count after
// each miss: set 0 held o0, o2 (or the start-up's lines in round 1), set 1 o1, o3:
//   s0 -> 1 (set 0: o2 s0), s2 -> 2 (s0 s2), o0 -> 1 (s2 o0), o2 -> 0 (o0 o2),
//   s1 -> 1, s3 -> 2, o1 -> 1, o3 -> 0 (likewise in set 1, set 0 holding none of split's).
// Nothing else reads split, so it holds no line before the loop or after it.
// - Peak: 2, after s2 (all in worker 0's set) and after s3 (all in worker 1's), never both at once.
//   Each worker's own peak is 2, so adding the workers' peaks would say 4: each shard simulated alone
//   (--sim-worker-shard=K/2) says 2.
// - Average: the clock ticks at each L1 miss of the run, and the count it reads is the one after that
//   miss (the miss's fill and eviction come before the next tick): 1+2+1+0+1+2+1+0 = 8 per round, 800,000
//   over the 100,000 rounds and 0 at every other miss; divided by the run's L1 misses (its L1_read_misses
//   plus L1_write_misses), in hundredths rounded.
TEST(WorkingSet, TwoWorkersGiveTheRunsPeakOfResidentLinesNotTheSumOfTheirs) {
  const std::vector<std::string> machine = {"--L1=256,2,64", "--L2=none", "--LLC=none", "--working-set=yes"};
  const std::string directory = scratch_directory("working_set_split");
  auto run = [&](const std::vector<std::string>& more, const std::string& name,
                 const std::vector<std::string>& arguments = {}) {
    std::vector<std::string> options = machine;
    options.insert(options.end(), more.begin(), more.end());
    options.push_back("--ccsim-out-file=" + name);
    const RunResult result = run_ccsim(directory, options, test_program("resident_split"), arguments);
    EXPECT_EQ(result.exit_code, 0) << result.stderr_text;
    return ccsim::annotate::read_profile_file(directory + "/" + name);
  };
  auto residency = [](const Profile& profile, const std::string& object = "split") {
    for (const auto& row : profile.object_residents) {
      if (row.object == object_named(profile, object) && row.level == "L1") return row;
    }
    ADD_FAILURE() << "no L1 residency of " << object;
    return ccsim::annotate::ObjectResident{};
  };
  auto l1_misses = [](const Profile& profile) {
    return profile.summary[*profile.event_index("L1_read_misses")] +
           profile.summary[*profile.event_index("L1_write_misses")];
  };
  const Profile two = run({"--sim-threads=2"}, "two");
  EXPECT_EQ(residency(two).peak, 2u);
  const std::uint64_t misses = l1_misses(two);
  ASSERT_GT(misses, 800000u);
  EXPECT_EQ(residency(two).average_hundredths, (800000u * 100 + misses / 2) / misses);
  // Each shard alone: its own set's peak, 2 each.
  for (const char* shard : {"0/2", "1/2"}) {
    const Profile alone = run({"--sim-threads=1", std::string("--sim-worker-shard=") + shard}, "shard");
    EXPECT_EQ(residency(alone).peak, 2u) << shard;
  }
  // CCSIM_ZERO_STATS after 50,000 rounds (`resident_split zero`): the counts and the clock start again,
  // split's peak from the 0 lines it holds after a round, so 2 again; its integral is the last 50,000
  // rounds' 400,000 over the L1 misses counted after the zeroing. other holds 4 lines after a round (o0
  // o2 in set 0, o1 o3 in set 1, each in its worker), its peak from there: 4.
  const Profile zeroed = run({"--sim-threads=2"}, "zeroed", {"zero"});
  EXPECT_EQ(residency(zeroed).peak, 2u);
  const std::uint64_t after = l1_misses(zeroed);
  ASSERT_GT(after, 400000u);
  ASSERT_LT(after, 800000u);
  EXPECT_EQ(residency(zeroed).average_hundredths, (400000u * 100 + after / 2) / after);
  EXPECT_EQ(residency(zeroed, "other").peak, 4u);
}

}  // namespace
}  // namespace ccsim_test
