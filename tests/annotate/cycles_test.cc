// cycles_test.cc: the derived `cycles` event (docs/model.md, "Cycles") on the hand-written
// profiles/cycles.profile, whose comment derives every number below from the default latencies
// (l1=4, l2=10, llc=40, memory=200, other-core=75, upgrade=65). Each view's total is the sum of its rows.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/annotate/test_support.h"

namespace ccsim::annotate {
namespace {

using testing::annotate;
using testing::counts_before;
using testing::profile_path;
using testing::row_starting_with;
using testing::section;
using Cells = std::vector<std::string>;

std::string views(const std::vector<std::string>& options) {
  std::vector<std::string> arguments = options;
  arguments.push_back(profile_path("cycles.profile"));
  return annotate(arguments);
}

// Lines: 1730 + 1335 + 380 = 3445, the run's; memory_time is each row's share of 3445 (1730 / 3445 =
// 50.2%), beside a shown cycles column only.
TEST(CyclesTest, LinesAddUpToTheRun) {
  const std::string table = section(views({"--view=lines", "--show=cycles", "--sort=cycles"}), "Lines");
  EXPECT_EQ(row_starting_with(table, "cycles"),
            (Cells{"cycles", "memory_time", "L1_miss_ratio", "cumulative", "line", "(function)"}));
  EXPECT_EQ(counts_before(table, "(all lines)"), (Cells{"3,445", "100.0%", "9.6%"}));
  EXPECT_EQ(counts_before(table, "/src/a.c:10 (fill)"), (Cells{"1,730", "50.2%", "10.0%", "50.2%"}));
  EXPECT_EQ(counts_before(table, "/src/b.c:20 (sum)"), (Cells{"1,335", "38.8%", "9.1%", "89.0%"}));
  EXPECT_EQ(counts_before(table, "/src/a.c:11 (fill)"), (Cells{"380", "11.0%", "10.0%", "100.0%"}));
  EXPECT_EQ(row_starting_with(section(views({"--view=lines"}), "Lines"), "reads"),
            (Cells{"reads", "writes", "L1_misses", "invalidations_caused", "L1_miss_ratio", "cumulative", "line",
                   "(function)"}))
      << "no memory_time without the cycles column";
}

// Functions (and so files: one function per file here): fill 1730 + 380 = 2110, sum 1335.
TEST(CyclesTest, FunctionsAddUpToTheRun) {
  const std::string table = section(views({"--view=functions", "--show=cycles", "--sort=cycles"}), "Functions");
  EXPECT_EQ(counts_before(table, "(all functions)"), (Cells{"3,445", "100.0%", "9.6%"}));
  EXPECT_EQ(counts_before(table, "/src/a.c:fill"), (Cells{"2,110", "61.2%", "10.0%", "61.2%"}));
  EXPECT_EQ(counts_before(table, "/src/b.c:sum"), (Cells{"1,335", "38.8%", "9.1%", "100.0%"}));
}

// Objects: left 1730 + 490 = 2220, right 420 + 805 = 1225; 3445 in all.
TEST(CyclesTest, ObjectsAddUpToTheRun) {
  const std::string table = section(views({"--view=objects", "--show=cycles", "--sort=cycles"}), "Data objects");
  EXPECT_EQ(counts_before(table, "(all objects)"), (Cells{"3,445", "100.0%", "9.6%"}));
  EXPECT_EQ(counts_before(table, "left (global, 64 B) at 0x404000"), (Cells{"2,220", "64.4%", "10.0%", "64.4%", "-"}));
  EXPECT_EQ(counts_before(table, "right (global, 64 B) at 0x404040"),
            (Cells{"1,225", "35.6%", "9.1%", "100.0%", "-"}));
}

// Threads: 1730 + 380 + 40 = 2150 and 1295; total 3445.
TEST(CyclesTest, ThreadsAddUpToTheRun) {
  const std::string table = section(views({"--view=summary"}), "Memory time");
  EXPECT_EQ(row_starting_with(table, "1"), (Cells{"1", "main", "2,150", "62.4%"}));
  EXPECT_EQ(row_starting_with(table, "2"), (Cells{"2", "worker", "1,295", "37.6%"}));
  EXPECT_EQ(row_starting_with(table, "total"), (Cells{"total", "3,445", "100.0%"}));
}

// Regions keep no accesses, so no L1-hit cycles: 1570 + 935 = 2505 = 3445 - 235 hits x 4.
TEST(CyclesTest, RegionsAddUpToTheirMisses) {
  const std::string table = section(views({"--view=regions", "--regions=each", "--show=cycles"}), "Regions");
  EXPECT_EQ(counts_before(table, "/src/b.c:20 (sum)"), (Cells{"1", "15", "1,570", "45.6%", "-"}));
  EXPECT_EQ(counts_before(table, "(unknown or open at exit)"), (Cells{"2", "10", "935", "27.1%", "-"}));
  EXPECT_EQ(counts_before(table, "(all regions)"), (Cells{"all", "25", "2,505", "72.7%", "-"}));
}

// JSON: every row carries cycles and memory_time; the totals are the sums of the rows.
TEST(CyclesTest, JsonRowsCarryCycles) {
  nlohmann::json json = nlohmann::json::parse(views({"--json"}));
  EXPECT_EQ(json["totals"]["cycles"], 3445);
  std::vector<std::uint64_t> lines;
  for (const auto& line : json["lines"]) lines.push_back(line["counts"]["cycles"]);
  EXPECT_EQ(lines, (std::vector<std::uint64_t>{1730, 380, 1335}));
  EXPECT_DOUBLE_EQ(json["lines"][0]["ratios"]["memory_time"].get<double>(), 1730.0 / 3445.0);
  EXPECT_EQ(json["functions"][0]["counts"]["cycles"], 2110);
  EXPECT_EQ(json["functions"][1]["counts"]["cycles"], 1335);
  EXPECT_EQ(json["objects"][0]["counts"]["cycles"], 2220);
  EXPECT_EQ(json["objects"][1]["counts"]["cycles"], 1225);
  EXPECT_EQ(json["threads"][0]["counts"]["cycles"], 2150);
  EXPECT_EQ(json["threads"][1]["counts"]["cycles"], 1295);
  EXPECT_EQ(json["regions"][0]["counts"]["cycles"], 1570);
  EXPECT_EQ(json["regions"][1]["counts"]["cycles"], 935);
}

// --latency changes the charge: memory=300 adds 100 per access served by memory (6 + 2 + 0 = 8 in
// thread 1's and 2's rows: 6 and 2), so 3445 + 800 = 4245.
TEST(CyclesTest, FollowsLatency) {
  const std::string table = section(views({"--view=summary", "--latency=memory=300"}), "Memory time");
  EXPECT_EQ(row_starting_with(table, "1"), (Cells{"1", "main", "2,750", "64.8%"}));
  EXPECT_EQ(row_starting_with(table, "total"), (Cells{"total", "4,245", "100.0%"}));
}

// Files: the Callgrind export's per-file costs (fl= blocks) with --show=cycles add up to its totals.
TEST(CyclesTest, CallgrindExportCarriesCycles) {
  const std::string text = views({"--export=callgrind", "--show=cycles", "--sort=cycles"});
  EXPECT_NE(text.find("events: cycles\n"), std::string::npos) << text;
  EXPECT_NE(text.find("fl=/src/a.c\nfn=fill\n10 1730\n11 380\nfl=/src/b.c\nfn=sum\n20 1335\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("totals: 3445\n"), std::string::npos) << text;
}

// --diff sorted by cycles: the lines' cycles before and after (the same profile twice: no change).
TEST(CyclesTest, DiffComparesCycles) {
  const std::string text = annotate({"--diff", "--show=cycles", "--sort=cycles", profile_path("cycles.profile"),
                                     profile_path("cycles.profile")});
  EXPECT_EQ(counts_before(section(text, "Change per line"), "(all lines)"), (Cells{"3,445", "3,445", "0.0%", "0"}));
}

}  // namespace
}  // namespace ccsim::annotate
