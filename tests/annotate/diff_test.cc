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
// Columns: before and after of invalidations_received, its change in percent (-100.0%), then the change of
// each shown event.
TEST(DiffTest, ShowsTheChangeOfEachLine) {
  std::string table = section(diff({}), "Change per line");
  EXPECT_EQ(counts_before(table, "/home/me/ccsim-example/counters.c:12 (worker)"),
            (Cells{"1,999", "0", "-100.0%", "0", "0", "-1,998", "-1,998", "-1,999", "-1,999"}));
}

// Line 30 changes only by one L1 miss (counters[1] is on its own line now): +1 is 0.05% of the 2001
// misses before, below the default threshold of 0.1%; with --threshold=0 it is shown after line 12 (no
// invalidation before or after: no change %, "-").
TEST(DiffTest, AppliesTheThresholdToTheChange) {
  EXPECT_EQ(section(diff({}), "Change per line").find("counters.c:30"), std::string::npos);
  std::string table = section(diff({"--threshold=0"}), "Change per line");
  EXPECT_EQ(counts_before(table, "/home/me/ccsim-example/counters.c:30 (main)"),
            (Cells{"0", "0", "-", "0", "0", "+1", "0", "0", "0"}));
  EXPECT_LT(table.find("counters.c:12"), table.find("counters.c:30"));
}

// The object keeps its name though its size grew from 16 to 128 bytes: its 1999 invalidations are gone
// and its misses fell from 2001 to 4 (-1997).
TEST(DiffTest, MatchesObjectsByName) {
  std::string table = section(diff({}), "Change per data object");
  EXPECT_EQ(counts_before(table, "counters (global)"),
            (Cells{"1,999", "0", "-100.0%", "0", "0", "-1,997", "-1,998", "-1,999", "-1,999"}));
}

// Per thread: thread 2 received 1,000 invalidations before (each of thread 3's writes), thread 3 999;
// none after padding. Thread 1 (main) had none in either, so its row is not shown.
TEST(DiffTest, ShowsTheChangeOfEachThread) {
  std::string table = section(diff({}), "Change per thread");
  EXPECT_EQ(counts_before(table, "thread 2"), (Cells{"1,000", "0", "-100.0%", "0", "0", "-999", "-999", "-1,000", "-999"}));
  EXPECT_EQ(counts_before(table, "thread 3"), (Cells{"999", "0", "-100.0%", "0", "0", "-999", "-999", "-999", "-1,000"}));
  EXPECT_NE(table.find("(2 of 3 threads shown"), std::string::npos) << table;
}

// Three profiles in order (the bug, the fix, the bug back): one column each, the change from the first to
// the last (0: 0.0%, and no line changed, so only the total row), and the runs numbered #1 to #3.
TEST(DiffTest, PutsSeveralVersionsSideBySide) {
  const std::string output = annotate({"--diff", profile_path("counters.profile"), profile_path("counters_padded.profile"),
                                       profile_path("counters.profile")});
  EXPECT_NE(output.find("#1:     " + profile_path("counters.profile") + ": ./counters 2 1000"), std::string::npos) << output;
  EXPECT_NE(output.find("#2:     " + profile_path("counters_padded.profile") + ": ./counters_padded 2 1000"),
            std::string::npos)
      << output;
  std::string table = section(output, "Change per line");
  EXPECT_EQ(counts_before(table, "(all lines)"), (Cells{"1,999", "0", "1,999", "0.0%", "0", "0", "0", "0", "0", "0"}));
  EXPECT_NE(table.find("(0 of 2 lines shown"), std::string::npos) << table;
}

// Regions summed by barrier, then compared: a loop of 100 epochs closed at app.c:20 with 3 false in-region
// invalidations each (300) before, none after: one row, 300 -> 0, -100.0%.
TEST(DiffTest, ShowsTheChangeOfEachBarrier) {
  auto profile = [](int per_epoch) {
    std::string text =
        "ccsim-profile-version: 1\ncreator: ccsim 0.1.0\npid: 7\ncommand: ./app\nsim-mode: interleaved\n"
        "threads: 2\nline-size: 64\ncache: L1 32768 8 64\ncache: L2 none\ncache: LLC none\nmiss-classes: no\n"
        "trace-stack: yes\n"
        "events: reads writes invalidations_received_true_in_region invalidations_received_true_in_region_critical "
        "invalidations_received_false_in_region invalidations_received_true_across_regions "
        "invalidations_received_false_across_regions\n"
        "file: 1 /src/app.c\nfn: 1 worker\nobj: 1 /src/app\nref: 1 0x401000 1 1 1 10\n"
        "counts: 1 2 1000 1000 0 0 " + std::to_string(100 * per_epoch) + " 0 0\n";
    for (int epoch = 1; epoch <= 100; ++epoch)
      text += "region: " + std::to_string(epoch) + " 1 1 20 0 0 0 0 " + std::to_string(per_epoch) + " 0 0\n";
    return text + "summary: 1000 1000 0 0 " + std::to_string(100 * per_epoch) + " 0 0\n";
  };
  const std::string before = testing::write_temporary_file("loop_before.profile", profile(3));
  const std::string after = testing::write_temporary_file("loop_after.profile", profile(0));
  std::string table = section(annotate({"--diff", before, after}), "Change per barrier (its regions summed)");
  EXPECT_EQ(counts_before(table, "/src/app.c:20 (worker)"),
            (Cells{"300", "0", "-100.0%", "0", "0", "-300"}))
      << table;
}

// A version 1 profile (counters) against a version 2 one (producer_consumer, which has the transfer events):
// one sentence naming both versions, and exit status 1, as for any profile --diff cannot compare.
TEST(DiffTest, RefusesProfilesOfTwoVersionsSayingSo) {
  const testing::ProgramResult result = testing::run_annotate_program(
      {"--diff", profile_path("counters.profile"), profile_path("producer_consumer.profile")});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.standard_error,
            "ccsim-annotate: " + profile_path("producer_consumer.profile") + ": it is a version 2 profile and " +
                profile_path("counters.profile") +
                " a version 1 one, whose events differ; --diff compares profiles of one version: run both "
                "programs under one ccsim\n");
}

}  // namespace
}  // namespace ccsim::annotate
