// working_set_tests.cc: cache sets and working set end to end (--working-set=yes; docs/model.md, "Cache
// sets and the working set"): a buffer strided by 4,096 bytes has all its conflict misses in the one L1
// set its lines share, its histogram uses exactly that set, and the reader says so; one line more of
// stride spreads it over 8 sets with no replacement miss. The expected numbers are derived in
// tests/programs/strided_buffer.c.
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

Profile run_strided(const std::string& stride) {
  const std::string directory = scratch_directory("working_set_" + stride);
  const RunResult result =
      run_ccsim(directory,
                {"--L1=4096,2,64", "--L2=none", "--LLC=none", "--miss-classes=yes", "--working-set=yes",
                 "--set-histograms=100",  // every object's: the buffer without conflict misses too
                 "--ccsim-out-file=ccsim.out"},
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
// (792); at most 2 of its lines in the 2-way set at once.
TEST(WorkingSet, BufferStridedBy4096BytesHasItsConflictMissesInOneSetOf32) {
  const Profile profile = run_strided("4096");
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
}

}  // namespace
}  // namespace ccsim_test
