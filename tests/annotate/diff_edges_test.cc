// diff_edges_test.cc: --diff's invalidator and evictor edge tables, on edges_before.profile and
// edges_after.profile (a false-sharing fix that lets a new edge appear; their comments give the scenario).
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

const char* const kFalseSharingEdge = "/src/a.c:12 (worker) -> /src/a.c:12 (worker)";
const char* const kNewEdge = "/src/a.c:30 (main) -> /src/a.c:12 (worker)";
const char* const kGrownEdge = "/src/a.c:20 (worker) -> /src/a.c:22 (worker)";
const char* const kSameEdge = "/src/a.c:20 (worker) -> /src/a.c:20 (worker)";

std::string diff_of(std::vector<std::string> profiles, const std::vector<std::string>& options = {}) {
  std::vector<std::string> arguments{"--diff"};
  arguments.insert(arguments.end(), options.begin(), options.end());
  for (const std::string& profile : profiles) arguments.push_back(profile_path(profile));
  return annotate(arguments);
}

// The first line of `text`.
std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

std::string edge_table(const std::vector<std::string>& options = {}) {
  return section(diff_of({"edges_before.profile", "edges_after.profile"}, options), "Change per invalidator edge");
}

// The edges, matched by (invalidator's site, victim's site), threads added up:
//   a.c:12 -> a.c:12: 500 + 499 = 999 false in region before, gone after: 999, 0, -100.0%, false -999.
//   a.c:30 -> a.c:12: none before, 3 + 3 = 6 true and 2 + 2 = 4 false across regions after: 0, 10, new.
//   a.c:20 -> a.c:22: 60 + 40 = 100 true in region (25 + 15 = 40 critical) before, 61 + 41 = 102 (26 + 16 =
//     42) after: +2 in 100 is +2.0%, true_in_region +2, critical +2.
//   a.c:20 -> a.c:20: 50 (50 critical) in both: a change of 0, not shown.
// Total: 999 + 100 + 50 = 1,149 before, 10 + 102 + 50 = 162 after; (162 - 1149) / 1149 = -987 / 1149 =
// -85.9%; true in region 150 -> 152 (+2), critical 90 -> 92 (+2), false in region -999, across +6 and +4.
// Ranked by the size of the change of the total: 999, 10, 2.
TEST(DiffEdgesTest, ShowsTheFixedEdgeGoneAndTheNewOne) {
  const std::string table = edge_table();
  EXPECT_EQ(counts_before(table, "(all invalidator edges)"),
            (Cells{"1,149", "162", "-85.9%", "+2", "+2", "-999", "+6", "+4"}));
  EXPECT_EQ(counts_before(table, kFalseSharingEdge), (Cells{"999", "0", "-100.0%", "0", "0", "-999", "0", "0"}));
  EXPECT_EQ(counts_before(table, kNewEdge), (Cells{"0", "10", "new", "0", "0", "0", "+6", "+4"}));
  EXPECT_EQ(counts_before(table, kGrownEdge), (Cells{"100", "102", "+2.0%", "+2", "+2", "0", "0", "0"}));
  EXPECT_EQ(table.find(kSameEdge), std::string::npos) << table;
  EXPECT_LT(table.find(kFalseSharingEdge), table.find(kNewEdge));
  EXPECT_LT(table.find(kNewEdge), table.find(kGrownEdge));
  EXPECT_NE(table.find("(3 of 4 invalidator edges shown, biggest change first)"), std::string::npos) << table;
}

// What the columns are, in the sentence above the table and in its headings.
TEST(DiffEdgesTest, SaysWhatTheColumnsAre) {
  const std::string table = edge_table();
  EXPECT_EQ(first_line(table),
            "before, after: invalidations; change %: of invalidations, from the first profile to the last; the "
            "split's columns (true or false sharing, in one region or across): the change, last - first");
  EXPECT_NE(table.find("before  after  change %  true_in_region  true_in_region_critical  false_in_region  "
                       "true_across_regions  false_across_regions  edge (invalidator -> victim)\n"),
            std::string::npos)
      << table;
}

// The threshold is a share of the larger of the two totals, 1,149: 0.5% of it is 5.745, which the new
// edge's change (10) reaches and the grown one's (2) does not; 1% is 11.49, which only the fixed edge's
// (999) reaches. The default 0.1% (1.149) keeps all three (above).
TEST(DiffEdgesTest, AppliesTheThresholdToTheChange) {
  std::string table = edge_table({"--threshold=0.5"});
  EXPECT_NE(table.find(kNewEdge), std::string::npos) << table;
  EXPECT_EQ(table.find(kGrownEdge), std::string::npos) << table;
  EXPECT_NE(table.find("(2 of 4 invalidator edges shown"), std::string::npos) << table;
  table = edge_table({"--threshold=1"});
  EXPECT_NE(table.find(kFalseSharingEdge), std::string::npos) << table;
  EXPECT_EQ(table.find(kNewEdge), std::string::npos) << table;
  EXPECT_NE(table.find("(1 of 4 invalidator edges shown"), std::string::npos) << table;
}

// One table per level: a.c:40's scan evicted a.c:12's lines from L1 150 + 150 = 300 times before and
// 15 + 15 = 30 after ((30 - 300) / 300 = -90.0%); from L2 3 + 2 = 5 times before, none after (-100.0%).
// The after profile has no L2 edge; the before profile's make the table.
TEST(DiffEdgesTest, ComparesTheEvictorEdgesOfEachLevel) {
  const std::string output = diff_of({"edges_before.profile", "edges_after.profile"});
  const std::string l1 = section(output, "Change per evictor edge (L1)");
  const std::string evictor_edge = "/src/a.c:40 (worker) -> /src/a.c:12 (worker)";
  EXPECT_EQ(first_line(l1),
            "before, after: evictions from L1; change %: of evictions from L1, from the first profile to the last");
  EXPECT_EQ(counts_before(l1, "(all L1 evictor edges)"), (Cells{"300", "30", "-90.0%"}));
  EXPECT_EQ(counts_before(l1, evictor_edge), (Cells{"300", "30", "-90.0%"}));
  EXPECT_NE(l1.find("before  after  change %  edge (evictor -> victim)\n"), std::string::npos) << l1;
  const std::string l2 = section(output, "Change per evictor edge (L2)");
  EXPECT_EQ(counts_before(l2, evictor_edge), (Cells{"5", "0", "-100.0%"}));
  EXPECT_NE(l2.find("(1 of 1 L2 evictor edges shown, biggest change first)"), std::string::npos) << l2;
  EXPECT_EQ(output.find("Change per evictor edge (LLC)"), std::string::npos);  // no LLC simulated
  EXPECT_LT(output.find("Change per invalidator edge"), output.find("Change per evictor edge (L1)"));
  EXPECT_LT(output.find("Change per evictor edge (L1)"), output.find("Change per evictor edge (L2)"));
}

// Three profiles (before, after, after): a column per profile, the change from the first to the last.
TEST(DiffEdgesTest, PutsSeveralVersionsSideBySide) {
  const std::string table = section(
      diff_of({"edges_before.profile", "edges_after.profile", "edges_after.profile"}), "Change per invalidator edge");
  EXPECT_EQ(first_line(table).find(
                "#1 ... #3: invalidations; change %: of invalidations, from the first profile to the last"),
            0u);
  EXPECT_EQ(counts_before(table, "edge (invalidator -> victim)"),
            (Cells{"#1", "#2", "#3", "change", "%", "true_in_region", "true_in_region_critical", "false_in_region",
                   "true_across_regions", "false_across_regions"}));
  EXPECT_EQ(counts_before(table, kFalseSharingEdge), (Cells{"999", "0", "0", "-100.0%", "0", "0", "-999", "0", "0"}));
  EXPECT_EQ(counts_before(table, kNewEdge), (Cells{"0", "10", "10", "new", "0", "0", "0", "+6", "+4"}));
}

// counters_padded.profile has no edge record: against itself, each kind of edge gets one sentence; against
// counters.profile (one invalidator edge, 1000 + 999 false in-region invalidations) only the evictors do.
TEST(DiffEdgesTest, SaysWhenNoProfileHasEdges) {
  std::string output = diff_of({"counters_padded.profile", "counters_padded.profile"});
  const std::string invalidators = section(output, "Change per invalidator edge");
  EXPECT_EQ(first_line(invalidators),
            "No profile has invalidator: records (no run recorded a write removing another thread's copy): there "
            "are no invalidator edges to compare.");
  EXPECT_EQ(invalidators.find("before  after"), std::string::npos) << invalidators;  // and no table
  const std::string evictors = section(output, "Change per evictor edge");
  EXPECT_EQ(first_line(evictors),
            "No profile has evictor: records (no run recorded whose accesses evicted whose lines): there are no "
            "evictor edges to compare.");
  EXPECT_EQ(evictors.find("before  after"), std::string::npos) << evictors;
  output = diff_of({"counters.profile", "counters_padded.profile"});
  const std::string counters_line = "/home/me/ccsim-example/counters.c:12 (worker)";
  EXPECT_EQ(counts_before(section(output, "Change per invalidator edge"), counters_line + " -> " + counters_line),
            (Cells{"1,999", "0", "-100.0%", "0", "0", "-1,999", "0", "0"}));
  EXPECT_NE(section(output, "Change per evictor edge").find("No profile has evictor: records"), std::string::npos);
}

// --diff --html shows the edge tables as it shows the others: the fixed edge's row, and the sentence.
TEST(DiffEdgesTest, TheHtmlDiffShowsTheEdges) {
  const std::string page = testing::html_report(
      "diff_edges", {"--diff", profile_path("edges_before.profile"), profile_path("edges_after.profile")});
  const std::size_t start = page.find("<h2 id=\"change-invalidator-edges\">Change per invalidator edge</h2>");
  const std::size_t end = page.find("<h2 id=\"change-L1-evictor-edges\">Change per evictor edge (L1)</h2>");
  ASSERT_NE(start, std::string::npos) << page;
  ASSERT_LT(start, end);
  const std::string table = page.substr(start, end - start);
  EXPECT_NE(table.find("<p>before, after: invalidations; change %: of invalidations; the split&#39;s columns (true "
                       "or false sharing, in one region or across): the change, after - before.</p>"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("<tr><td class=\"number\">999</td><td class=\"number\">0</td><td class=\"number\">-100.0%</td>"
                       "<td class=\"number\">0</td><td class=\"number\">0</td><td class=\"number\">-999</td>"
                       "<td class=\"number\">0</td><td class=\"number\">0</td><td>/src/a.c:12 (worker) -&gt; "
                       "/src/a.c:12 (worker)</td></tr>"),
            std::string::npos)
      << table;
  const std::string none = testing::html_report(
      "diff_no_edges", {"--diff", profile_path("counters.profile"), profile_path("counters_padded.profile")});
  EXPECT_NE(none.find("<h2 id=\"change-evictor-edges\">Change per evictor edge</h2>\n<p>No profile has evictor: "
                      "records"),
            std::string::npos);
}

}  // namespace
}  // namespace ccsim::annotate
