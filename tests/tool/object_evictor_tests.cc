// object_evictor_tests.cc: which objects evict which (`object-evictor:`), end to end: conflicting_arrays.c's
// derivation (in its header comment) against the profile the tool writes and ccsim-annotate's --object
// view of it.
#include <gtest/gtest.h>

#include <cstdio>

#include "tests/tool/profile_reader.h"
#include "tests/tool/run_valgrind.h"

namespace ccsim_test {
namespace {

// The object-evictor count of `victim` by `evictor` at L1 on thread 1.
std::uint64_t evicted(const Profile& profile, unsigned victim, unsigned evictor) {
  std::uint64_t count = 0;
  for (const ObjectEvictorRow& row : profile.object_evictors) {
    if (row.victim == victim && row.evictor == evictor && row.level == "L1" && row.victim_thread == 1 &&
        row.evictor_thread == 1) {
      count += row.count;
    }
  }
  return count;
}

class ObjectEvictors : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = scratch_directory("conflicting_arrays");
    RunResult run = run_ccsim(dir_, {"--L1=4096,1,64", "--L2=none", "--LLC=none", "--ccsim-out-file=ccsim.out"},
                              test_program("conflicting_arrays"));
    ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
    std::string error;
    ASSERT_TRUE(read_profile(dir_ + "/ccsim.out", &profile_, &error)) << error;
    const std::vector<unsigned> left = profile_.objects_named("left");
    const std::vector<unsigned> right = profile_.objects_named("right");
    ASSERT_EQ(left.size(), 1u);
    ASSERT_EQ(right.size(), 1u);
    left_ = left[0];
    right_ = right[0];
  }
  std::string dir_;
  Profile profile_;
  unsigned left_ = 0;
  unsigned right_ = 0;
};

// Right's reads evict left's line in every round (64 x 10), left's evict right's from the second round on
// (64 x 9); neither array evicts itself.
TEST_F(ObjectEvictors, EachArrayEvictsTheOtherInTheirCommonSets) {
  EXPECT_EQ(evicted(profile_, left_, right_), 640u);
  EXPECT_EQ(evicted(profile_, right_, left_), 576u);
  EXPECT_EQ(evicted(profile_, left_, left_), 0u);
  EXPECT_EQ(evicted(profile_, right_, right_), 0u);
  // Left's evictions are all right's doing (its lines stay in L1 after the loop, until right's last
  // reads); every eviction of an object has one evicting object.
  EXPECT_EQ(profile_.object_total(left_, "L1_evictions"), 640u);
  std::uint64_t right_evicted = 0;
  for (const ObjectEvictorRow& row : profile_.object_evictors) {
    if (row.victim == right_) right_evicted += row.count;
  }
  EXPECT_EQ(right_evicted, profile_.object_total(right_, "L1_evictions"));
  EXPECT_EQ(profile_.object_total(left_, "L1_read_misses"), 640u);
  EXPECT_EQ(profile_.object_total(right_, "L1_read_misses"), 640u);
}

// ccsim-annotate --object=left on the tool's profile: right evicted every one of left's 640 evicted lines.
TEST_F(ObjectEvictors, TheDrillDownNamesTheEvictingObject) {
  const std::string command = std::string(CCSIM_BUILD_DIR) + "/ccsim/annotate/ccsim-annotate --object=left " + dir_ +
                              "/ccsim.out 2>&1";
  std::string output;
  FILE* pipe = popen(command.c_str(), "r");
  char buffer[4096];
  while (pipe != nullptr && fgets(buffer, sizeof buffer, pipe) != nullptr) output += buffer;
  ASSERT_NE(pipe, nullptr);
  EXPECT_EQ(pclose(pipe), 0) << output;
  EXPECT_NE(output.find("evictions   share  level  evicting object\n      640  100.0%  L1     right\n"), std::string::npos)
      << output;
}

}  // namespace
}  // namespace ccsim_test
