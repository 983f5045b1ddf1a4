// ratio_columns_test.cc: the ratio columns of the lines, functions and objects tables (L1_miss_ratio,
// coherence_share), the cumulative share of the first sort event, and "N of M lines have any <event>",
// in the text views and the JSON export. The counts are those of testing::shared_lines_profile()
// (test_support.h), worked out there by hand; html_report_test.cc checks the HTML tables.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/annotate/test_support.h"

namespace ccsim::annotate {
namespace {

using testing::counts_before;
using testing::section;
using Cells = std::vector<std::string>;

// ccsim-annotate `options` on the shared-lines profile.
std::string annotate_shared_lines(std::vector<std::string> options) {
  options.push_back(testing::write_temporary_file("app.profile", testing::shared_lines_profile()));
  return testing::annotate(options);
}

// The profile has no invalidations_caused events, so the columns are reads, writes, L1_misses,
// coherence_misses, invalidations_received, then L1_miss_ratio, coherence_share and cumulative. Ranked by
// invalidations received, lines 10, 20 and 30 hold 50, 30 and 20 of the 100: cumulative 50%, 80%, 100%.
// Their miss ratios are 60/100, 40/100 and 20/200; their coherence shares 40/60, 30/40 and 0/20. In all:
// 120 misses of 500 accesses (24.0%), 70 of them coherence misses (58.3%). Line 40 has no invalidation
// and no miss, so no sort event lets it pass even --threshold=0: 3 of 4 lines have any.
TEST(RatioColumns, LinesShowMissRatioCoherenceShareAndCumulativeShare) {
  std::string table = section(annotate_shared_lines({"--view=lines", "--threshold=0"}), "Lines");
  EXPECT_EQ(testing::row_starting_with(table, "reads"),
            (Cells{"reads", "writes", "L1_misses", "coherence_misses", "invalidations_received", "L1_miss_ratio",
                   "coherence_share", "cumulative", "line", "(function)"}));
  EXPECT_EQ(counts_before(table, "(all lines)"), (Cells{"400", "100", "120", "70", "100", "24.0%", "58.3%"}));
  EXPECT_EQ(counts_before(table, "/src/app.c:10 (worker)"), (Cells{"100", "0", "60", "40", "50", "60.0%", "66.7%", "50.0%"}));
  EXPECT_EQ(counts_before(table, "/src/app.c:20 (worker)"), (Cells{"0", "100", "40", "30", "30", "40.0%", "75.0%", "80.0%"}));
  EXPECT_EQ(counts_before(table, "/src/app.c:30 (main)"), (Cells{"200", "0", "20", "0", "20", "10.0%", "0.0%", "100.0%"}));
  EXPECT_LT(table.find("app.c:10"), table.find("app.c:20"));
  EXPECT_LT(table.find("app.c:20"), table.find("app.c:30"));
  EXPECT_NE(table.find("\n3 of 4 lines have any invalidations_received; cumulative = their share in a row and the "
                       "rows above it.\nL1_miss_ratio = L1 misses / accesses; coherence_share = coherence misses / "
                       "L1 misses.\n"),
            std::string::npos)
      << table;
}

// Functions: worker is lines 10 and 20 (100 reads, 100 writes, 100 misses of which 70 coherence, 80
// invalidations: 50.0%, 70.0%, 80.0% of 100); main is lines 30 and 40 (300 reads, 20 misses, none
// coherence, 20 invalidations: 6.7%, 0.0%, 100.0%).
TEST(RatioColumns, FunctionsAddTheirLinesUpBeforeDividing) {
  std::string table = section(annotate_shared_lines({"--view=functions", "--threshold=0"}), "Functions");
  EXPECT_EQ(counts_before(table, "/src/app.c:worker"), (Cells{"100", "100", "100", "70", "80", "50.0%", "70.0%", "80.0%"}));
  EXPECT_EQ(counts_before(table, "/src/app.c:main"), (Cells{"300", "0", "20", "0", "20", "6.7%", "0.0%", "100.0%"}));
  EXPECT_NE(table.find("\n2 of 2 functions have any invalidations_received;"), std::string::npos) << table;
}

// Objects: flags holds lines 10 and 30's data (300 reads, 80 misses of which 40 coherence, 70
// invalidations: 26.7%, 50.0%, 70.0%), sum line 20's (40.0%, 75.0%, then 100.0%); table has none.
TEST(RatioColumns, ObjectsShowTheirRatiosAndHowManyHaveAny) {
  std::string table = section(annotate_shared_lines({"--view=objects", "--threshold=0"}), "Data objects");
  EXPECT_EQ(counts_before(table, "flags (global, 8 B) at 0x404040"),
            (Cells{"300", "0", "80", "40", "70", "26.7%", "50.0%", "70.0%"}));
  EXPECT_EQ(counts_before(table, "sum (global, 8 B) at 0x404080"),
            (Cells{"0", "100", "40", "30", "30", "40.0%", "75.0%", "100.0%"}));
  EXPECT_NE(table.find("\n2 of 3 objects have any invalidations_received;"), std::string::npos) << table;
}

// Sorted by another event, the cumulative column follows it: by L1 misses, lines 10, 20 and 30 hold 60,
// 40 and 20 of 120: 50.0%, 83.3%, 100.0%; and every line with a miss is counted.
TEST(RatioColumns, CumulativeFollowsTheFirstSortEvent) {
  std::string table = section(annotate_shared_lines({"--view=lines", "--sort=L1_misses"}), "Lines");
  EXPECT_EQ(counts_before(table, "/src/app.c:10 (worker)").back(), "50.0%");
  EXPECT_EQ(counts_before(table, "/src/app.c:20 (worker)").back(), "83.3%");
  EXPECT_EQ(counts_before(table, "/src/app.c:30 (main)").back(), "100.0%");
  EXPECT_NE(table.find("\n3 of 4 lines have any L1_misses;"), std::string::npos) << table;
}

// The JSON export gives each line, function and object its ratios as fractions, null for 0/0 (line 40
// and table have no miss); its rows are not ranked, so it has no cumulative share.
TEST(RatioColumns, JsonGivesEachRowItsRatios) {
  nlohmann::json json = nlohmann::json::parse(annotate_shared_lines({"--json"}));
  const nlohmann::json& line_10 = json["lines"][0];
  EXPECT_EQ(line_10["line"], 10);
  EXPECT_DOUBLE_EQ(line_10["ratios"]["L1_miss_ratio"].get<double>(), 0.6);
  EXPECT_DOUBLE_EQ(line_10["ratios"]["coherence_share"].get<double>(), 40.0 / 60.0);
  const nlohmann::json& line_40 = json["lines"][3];
  EXPECT_EQ(line_40["line"], 40);
  EXPECT_DOUBLE_EQ(line_40["ratios"]["L1_miss_ratio"].get<double>(), 0.0);
  EXPECT_TRUE(line_40["ratios"]["coherence_share"].is_null());
  EXPECT_DOUBLE_EQ(json["functions"][1]["ratios"]["coherence_share"].get<double>(), 0.7);  // worker, after main
  EXPECT_EQ(json["functions"][1]["function"], "worker");
  EXPECT_EQ(json["objects"][2]["label"], "table");
  EXPECT_TRUE(json["objects"][2]["ratios"]["coherence_share"].is_null());
}

}  // namespace
}  // namespace ccsim::annotate
