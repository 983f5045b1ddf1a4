// diff_test.cc: --diff BEFORE AFTER on counters (false sharing) and counters_padded (the fix); its edge tables
// on edges_before.profile and edges_after.profile (a false-sharing fix that lets a new edge appear; their
// comments give the scenario).
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

// --diff with `options` on the profiles of tests/annotate/profiles/ named `profiles`, in order.
std::string diff_of(const std::vector<std::string>& profiles, const std::vector<std::string>& options = {}) {
  std::vector<std::string> arguments{"--diff"};
  arguments.insert(arguments.end(), options.begin(), options.end());
  for (const std::string& profile : profiles) arguments.push_back(profile_path(profile));
  return annotate(arguments);
}

// --diff with `options` on counters.profile (before) and counters_padded.profile (after).
std::string diff(const std::vector<std::string>& options) {
  return diff_of({"counters.profile", "counters_padded.profile"}, options);
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

// --diff's invalidator and evictor edge tables. The edges of edges_before.profile and edges_after.profile
// as the table labels them, invalidator -> victim:
const char* const kFalseSharingEdge = "/src/a.c:12 (worker) -> /src/a.c:12 (worker)";
const char* const kNewEdge = "/src/a.c:30 (main) -> /src/a.c:12 (worker)";
const char* const kGrownEdge = "/src/a.c:20 (worker) -> /src/a.c:22 (worker)";
const char* const kSameEdge = "/src/a.c:20 (worker) -> /src/a.c:20 (worker)";

// How the invalidator edges are ranked, as the sentence above their table says it (text and HTML).
const char* const kEdgeRanking =
    "ranked by the larger of the sum of the rises and the sum of the falls of true_in_region, false_in_region, "
    "true_across_regions, false_across_regions: the change of invalidations plus what moved between them";

// The first line of `text` (a table's sentence).
std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

// The invalidator edge table of --diff `profiles` (in tests/annotate/profiles/) with `options`.
std::string invalidator_edges(const std::vector<std::string>& profiles, const std::vector<std::string>& options = {}) {
  return section(diff_of(profiles, options), "Change per invalidator edge");
}

// The invalidator edge table of --diff edges_before.profile edges_after.profile with `options`.
std::string edge_table(const std::vector<std::string>& options = {}) {
  return invalidator_edges({"edges_before.profile", "edges_after.profile"}, options);
}

// The edges, matched by (invalidator's site, victim's site), threads added up:
//   a.c:12 -> a.c:12: 500 + 499 = 999 false in region before, gone after: 999, 0, -100.0%, false -999.
//   a.c:30 -> a.c:12: none before, 3 + 3 = 6 true and 2 + 2 = 4 false across regions after: 0, 10, new.
//   a.c:20 -> a.c:22: 60 + 40 = 100 true in region (25 + 15 = 40 critical) before, 61 + 41 = 102 (26 + 16 =
//     42) after: +2 in 100 is +2.0%, true_in_region +2, critical +2.
//   a.c:20 -> a.c:20: 50 (50 critical) in both: a change of 0, not shown.
// Total: 999 + 100 + 50 = 1,149 before, 10 + 102 + 50 = 162 after; (162 - 1149) / 1149 = -987 / 1149 =
// -85.9%; true in region 150 -> 152 (+2), critical 90 -> 92 (+2), false in region -999, across +6 and +4.
// Ranked by the larger of the split's rises and falls (critical left out): a.c:12 -> a.c:12 falls 999,
// a.c:30 -> a.c:12 rises 6 + 4 = 10, a.c:20 -> a.c:22 rises 2: each split moved one way only, so each
// edge's change is its total's: 999, 10, 2, as when only the total ranked them.
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
            "split's columns (true or false sharing, in one region or across): the change, last - first; " +
                std::string(kEdgeRanking));
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
TEST(DiffEdgesTest, PutsSeveralVersionsOfEdgesSideBySide) {
  const std::string table = invalidator_edges({"edges_before.profile", "edges_after.profile", "edges_after.profile"});
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
                       "or false sharing, in one region or across): the change, after - before; " +
                       std::string(kEdgeRanking) + ".</p>"),
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

// Edges whose split moved at an equal total: split_before.profile and split_after.profile (their comments
// give the scenario), five edges, threads added up; the split columns true_in_region, its critical part,
// false_in_region, true_across_regions, false_across_regions:
const char* const kTurnedTrueEdge = "/src/a.c:12 (worker) -> /src/a.c:12 (worker)";  // 100 false -> 100 true
const char* const kMovedEdge = "/src/a.c:20 (worker) -> /src/a.c:22 (worker)";       // 50 false -> 30 true
const char* const kLockEdge = "/src/a.c:20 (worker) -> /src/a.c:20 (worker)";        // 40 -> 70 true
const char* const kFlagEdge = "/src/a.c:30 (main) -> /src/a.c:12 (worker)";          // 10 across, 4 of them false
const char* const kUnchangedEdge = "/src/a.c:40 (worker) -> /src/a.c:40 (worker)";   // 20 true in both

// The invalidator edge table of --diff split_before.profile split_after.profile with `options`.
std::string split_table(const std::vector<std::string>& options = {}) {
  return invalidator_edges({"split_before.profile", "split_after.profile"}, options);
}

// Each edge's change as the ranking sees it: the larger of the sum of the rises and the sum of the falls of
// true_in_region, false_in_region, true_across_regions, false_across_regions (the critical part of
// true_in_region is not a class of its own and is left out):
//   a.c:12 -> a.c:12: 50 + 50 = 100 false in region before, 100 true in region after (no lock): total 100 ->
//     100, 0.0%; true +100, false -100: rises 100, falls 100, a change of 100 (the total's change, 0, alone
//     would leave it out).
//   a.c:20 -> a.c:22: 25 + 25 = 50 false in region before, 15 + 15 = 30 true (30 critical) after: 50 -> 30,
//     (30 - 50) / 50 = -40.0%; true +30, critical +30, false -50: rises 30, falls 50, a change of 50 (the
//     total's 20 plus the 30 that moved; counting the critical part too would make the rises 60).
//   a.c:20 -> a.c:20: 20 + 20 = 40 true (all critical) before, 35 + 35 = 70 after: (70 - 40) / 40 = +75.0%;
//     true +30, critical +30: rises 30, falls 0, a change of 30, its total's (with the critical part, 60).
//   a.c:30 -> a.c:12: 5 + 5 = 10 false across before, 3 + 3 = 6 true and 2 + 2 = 4 false across after: 10 ->
//     10, 0.0%; true across +6, false across -6: rises 6, falls 6, a change of 6.
//   a.c:40 -> a.c:40: 20 true in region in both: no change, not shown.
// Ranked 100, 50, 30, 6: 4 of the 5 edges shown. The default threshold, 0.1% of the larger total (230,
// below), is 0.23, which all four reach.
// Total: before 100 + 50 + 40 + 10 + 20 = 220, after 100 + 30 + 70 + 10 + 20 = 230: (230 - 220) / 220 =
// +4.5%; true in region 40 + 20 = 60 -> 100 + 30 + 70 + 20 = 220 (+160), critical 40 -> 30 + 70 = 100 (+60),
// false in region 100 + 50 = 150 -> 0 (-150), true across 0 -> 6 (+6), false across 10 -> 4 (-6).
TEST(DiffEdgesTest, AnEdgeWhoseSplitMovedAtAnEqualTotalIsShown) {
  const std::string table = split_table();
  EXPECT_EQ(counts_before(table, "(all invalidator edges)"),
            (Cells{"220", "230", "+4.5%", "+160", "+60", "-150", "+6", "-6"}));
  EXPECT_EQ(counts_before(table, kTurnedTrueEdge), (Cells{"100", "100", "0.0%", "+100", "0", "-100", "0", "0"}))
      << table;
  EXPECT_EQ(counts_before(table, kMovedEdge), (Cells{"50", "30", "-40.0%", "+30", "+30", "-50", "0", "0"}));
  EXPECT_EQ(counts_before(table, kLockEdge), (Cells{"40", "70", "+75.0%", "+30", "+30", "0", "0", "0"}));
  EXPECT_EQ(counts_before(table, kFlagEdge), (Cells{"10", "10", "0.0%", "0", "0", "0", "+6", "-6"}));
  EXPECT_EQ(table.find(kUnchangedEdge), std::string::npos) << table;
  // The ranks: the total row, then 100, 50, 30, 6.
  const std::size_t total = table.find("(all invalidator edges)");
  EXPECT_LT(total, table.find(kTurnedTrueEdge));
  EXPECT_LT(table.find(kTurnedTrueEdge), table.find(kMovedEdge));
  EXPECT_LT(table.find(kMovedEdge), table.find(kLockEdge));
  EXPECT_LT(table.find(kLockEdge), table.find(kFlagEdge));
  EXPECT_NE(table.find("(4 of 5 invalidator edges shown, biggest change first)"), std::string::npos) << table;
  EXPECT_NE(first_line(table).find(kEdgeRanking), std::string::npos) << first_line(table);
}

// --threshold is a share of the larger of the two runs' totals, 230, compared with each edge's change as
// ranked: 2.5% is 5.75, which a.c:30 -> a.c:12 (6, its total unchanged) reaches; 3% is 6.9, which it does
// not; 20% is 46, which a.c:20 -> a.c:22 (50, though its total changed by 20) reaches and a.c:20 -> a.c:20
// (30) does not.
TEST(DiffEdgesTest, TheThresholdWeighsAMovedSplit) {
  std::string table = split_table({"--threshold=2.5"});
  EXPECT_NE(table.find(kFlagEdge), std::string::npos) << table;
  EXPECT_NE(table.find("(4 of 5 invalidator edges shown"), std::string::npos) << table;
  table = split_table({"--threshold=3"});
  EXPECT_EQ(table.find(kFlagEdge), std::string::npos) << table;
  EXPECT_NE(table.find(kLockEdge), std::string::npos) << table;
  EXPECT_NE(table.find("(3 of 5 invalidator edges shown"), std::string::npos) << table;
  table = split_table({"--threshold=20"});
  EXPECT_NE(table.find(kTurnedTrueEdge), std::string::npos) << table;
  EXPECT_NE(table.find(kMovedEdge), std::string::npos) << table;
  EXPECT_EQ(table.find(kLockEdge), std::string::npos) << table;
  EXPECT_NE(table.find("(2 of 5 invalidator edges shown"), std::string::npos) << table;
  table = split_table({"--top=1"});  // the first of the ranking: the edge whose total did not change
  EXPECT_NE(table.find(kTurnedTrueEdge), std::string::npos) << table;
  EXPECT_EQ(table.find(kMovedEdge), std::string::npos) << table;
  EXPECT_NE(table.find("(1 of 5 invalidator edges shown"), std::string::npos) << table;
}

// Three profiles (before, before, after): the change from the first to the last, as with two; the middle
// column is before's. a.c:12 -> a.c:12 100, 100, 100 at 0.0%, true +100, false -100, ranked first.
// Before, after, before: the first and last are equal, so no edge changed (0 of 5).
TEST(DiffEdgesTest, SeveralVersionsShowAMovedSplit) {
  std::string table = invalidator_edges({"split_before.profile", "split_before.profile", "split_after.profile"});
  EXPECT_EQ(counts_before(table, kTurnedTrueEdge),
            (Cells{"100", "100", "100", "0.0%", "+100", "0", "-100", "0", "0"}));
  EXPECT_EQ(counts_before(table, kFlagEdge), (Cells{"10", "10", "10", "0.0%", "0", "0", "0", "+6", "-6"}));
  EXPECT_LT(table.find("(all invalidator edges)"), table.find(kTurnedTrueEdge));
  EXPECT_LT(table.find(kTurnedTrueEdge), table.find(kMovedEdge));
  EXPECT_LT(table.find(kLockEdge), table.find(kFlagEdge));
  EXPECT_NE(table.find("(4 of 5 invalidator edges shown"), std::string::npos) << table;
  EXPECT_NE(first_line(table).find(kEdgeRanking), std::string::npos) << first_line(table);
  table = invalidator_edges({"split_before.profile", "split_after.profile", "split_before.profile"});
  EXPECT_EQ(table.find(kTurnedTrueEdge), std::string::npos) << table;
  EXPECT_NE(table.find("(0 of 5 invalidator edges shown"), std::string::npos) << table;
}

// --diff --html: the same rows in the same order, the sentence with the ranking rule.
TEST(DiffEdgesTest, TheHtmlDiffShowsAMovedSplit) {
  const std::string page = testing::html_report(
      "diff_split", {"--diff", profile_path("split_before.profile"), profile_path("split_after.profile")});
  const std::size_t start = page.find("<h2 id=\"change-invalidator-edges\">Change per invalidator edge</h2>");
  const std::size_t end = page.find("<h2 id=\"change-evictor-edges\">Change per evictor edge</h2>");
  ASSERT_NE(start, std::string::npos) << page;
  ASSERT_LT(start, end);
  const std::string table = page.substr(start, end - start);
  EXPECT_NE(table.find("; " + std::string(kEdgeRanking) + ".</p>"), std::string::npos) << table;
  auto row = [](const Cells& numbers, const std::string& edge) {
    std::string html = "<tr>";
    for (const std::string& number : numbers) html += "<td class=\"number\">" + number + "</td>";
    std::string escaped = edge;
    escaped.replace(escaped.find(" -> "), 4, " -&gt; ");
    return html + "<td>" + escaped + "</td></tr>";
  };
  const std::size_t turned = table.find(row({"100", "100", "0.0%", "+100", "0", "-100", "0", "0"}, kTurnedTrueEdge));
  const std::size_t moved = table.find(row({"50", "30", "-40.0%", "+30", "+30", "-50", "0", "0"}, kMovedEdge));
  const std::size_t lock = table.find(row({"40", "70", "+75.0%", "+30", "+30", "0", "0", "0"}, kLockEdge));
  const std::size_t flag = table.find(row({"10", "10", "0.0%", "0", "0", "0", "+6", "-6"}, kFlagEdge));
  ASSERT_NE(turned, std::string::npos) << table;
  ASSERT_NE(flag, std::string::npos) << table;
  EXPECT_LT(turned, moved);
  EXPECT_LT(moved, lock);
  EXPECT_LT(lock, flag);
  EXPECT_EQ(table.find(kUnchangedEdge), std::string::npos) << table;
  EXPECT_NE(table.find("<p>4 of 5 invalidator edges shown, biggest change first.</p>"), std::string::npos) << table;
}

}  // namespace
}  // namespace ccsim::annotate
