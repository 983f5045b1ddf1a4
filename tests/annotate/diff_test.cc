// diff_test.cc: --diff BEFORE AFTER on counters (false sharing) and counters_padded (the fix).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/annotate/test_support.h"

namespace ccsim::annotate {
namespace {

using testing::annotate;
using testing::counts_before;
using testing::profile_path;
using testing::section;

using Cells = std::vector<std::string>;

std::string diff(std::vector<std::string> options) {
  options.insert(options.begin(), "--diff");
  options.push_back(profile_path("counters.profile"));
  options.push_back(profile_path("counters_padded.profile"));
  return annotate(options);
}

// Line 12 before: 1999 invalidations received and caused, 2000 misses, 1998 coherence misses. After
// padding: no invalidation and 2 compulsory misses (one per worker). Reads and writes do not change.
// Columns: before and after of invalidations_received, then the change of each shown event.
TEST(DiffTest, ShowsTheChangeOfEachLine) {
  std::string table = section(diff({}), "Change per line");
  EXPECT_EQ(counts_before(table, "/home/me/ccsim-example/counters.c:12 (worker)"),
            (Cells{"1,999", "0", "0", "0", "-1,998", "-1,998", "-1,999", "-1,999"}));
}

// Line 30 changes only by one L1 miss (counters[1] is on its own line now): +1 is 0.05% of the 2001
// misses before, below the default threshold of 0.1%; with --threshold=0 it is shown after line 12.
TEST(DiffTest, AppliesTheThresholdToTheChange) {
  EXPECT_EQ(section(diff({}), "Change per line").find("counters.c:30"), std::string::npos);
  std::string table = section(diff({"--threshold=0"}), "Change per line");
  EXPECT_EQ(counts_before(table, "/home/me/ccsim-example/counters.c:30 (main)"),
            (Cells{"0", "0", "0", "0", "+1", "0", "0", "0"}));
  EXPECT_LT(table.find("counters.c:12"), table.find("counters.c:30"));
}

// The object keeps its name though its size grew from 16 to 128 bytes: its 1999 invalidations are gone
// and its misses fell from 2001 to 4 (-1997).
TEST(DiffTest, MatchesObjectsByName) {
  std::string table = section(diff({}), "Change per data object");
  EXPECT_EQ(counts_before(table, "counters (global)"),
            (Cells{"1,999", "0", "0", "0", "-1,997", "-1,998", "-1,999", "-1,999"}));
}

}  // namespace
}  // namespace ccsim::annotate
