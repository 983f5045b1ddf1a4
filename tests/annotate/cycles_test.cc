// cycles_test.cc: the derived `cycles` event (docs/model.md, "Cycles") on the hand-written
// profiles/cycles.profile, whose comment derives every number below from the default latencies
// (l1=4, l2=10, llc=40, memory=200, other-core=75, upgrade=65). Each view's total is the sum of its rows.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ccsim/annotate/parsing/parser.h"
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

// --object=left: its totals from object-counts: (30 reads, 120 writes, 15 L1 misses = 10.0%, 2220 cycles =
// 64.4% of 3445), its functions and lines from the object-ref: cells, with their reads and writes (fill:
// line 10, 100 writes, 10 misses = 10.0%, 1730 = 50.2%; sum: line 20, 30 reads, 20 writes, 5 misses = 10.0%,
// 490 = 14.2%), which add up to the totals: 30 reads, 120 writes, 15 misses, 2220 cycles. Then the objects
// that evicted its lines (the profile's comment).
TEST(DrillDownTest, ObjectShowsItsFunctionsLinesAndEvictors) {
  const std::string text = views({"--object=left"});
  const std::string detail = section(text, "Data object left (global, 64 B)");
  EXPECT_EQ(text.find("-- Lines"), std::string::npos) << "the drill-down replaces the default overview";
  EXPECT_NE(detail.find("In all (its object-counts: records): reads 30, writes 120, L1 misses 15, miss rate 10.0%, "
                        "cycles 2,220, memory_time 64.4%.\n"),
            std::string::npos)
      << detail;
  EXPECT_NE(detail.find("The rows below add up the code x data cells (object-ref: records), reads, writes and L1 "
                        "hits included: an object's rows add up to its object-counts: records.\n"),
            std::string::npos)
      << detail;
  EXPECT_EQ(row_starting_with(detail, "reads"),
            (Cells{"reads", "writes", "L1", "misses", "miss", "rate", "own", "L2", "other", "thread", "LLC", "memory",
                   "invalidations", "caused", "cycles", "memory_time", "file:function"}));
  // reads, writes, L1 misses, miss rate, own L2, other thread, LLC, memory, invalidations caused, cycles,
  // memory_time
  EXPECT_EQ(counts_before(detail, "(all functions)"),
            (Cells{"30", "120", "15", "10.0%", "6", "3", "0", "6", "3", "2,220", "64.4%"}));
  EXPECT_EQ(counts_before(detail, "/src/a.c:fill"),
            (Cells{"0", "100", "10", "10.0%", "4", "0", "0", "6", "2", "1,730", "50.2%"}));
  EXPECT_EQ(counts_before(detail, "/src/b.c:sum"),
            (Cells{"30", "20", "5", "10.0%", "2", "3", "0", "0", "1", "490", "14.2%"}));
  EXPECT_EQ(counts_before(detail, "/src/a.c:10 (fill)"),
            (Cells{"0", "100", "10", "10.0%", "4", "0", "0", "6", "2", "1,730", "50.2%"}));
  EXPECT_EQ(counts_before(detail, "/src/b.c:20 (sum)"),
            (Cells{"30", "20", "5", "10.0%", "2", "3", "0", "0", "1", "490", "14.2%"}));
  EXPECT_NE(detail.find("evictions  share  level  evicting object\n"
                        "        7  58.3%  L1     right\n"
                        "        3  25.0%  L1     left\n"
                        "        2  16.7%  L2     right\n"),
            std::string::npos)
      << detail;
}

// --function=sum: its counts: records (90 reads, 20 writes, 10 misses = 9.1%, 1335 cycles = 38.8%); the
// objects it touches, from its cells: right 10 + 50 = 60 reads, 5 misses (8.3%), 40 + 805 = 845 cycles
// (24.5%); left 30 reads, 20 writes, 5 misses (10.0%), 490 (14.2%); in all 90 reads, 20 writes, 10 misses,
// 1335 cycles: the function's own totals.
TEST(DrillDownTest, FunctionShowsTheObjectsItTouches) {
  const std::string detail = section(views({"--view=summary", "--function=sum"}), "Function sum (/src/b.c)");
  EXPECT_NE(detail.find("In all (its counts: records): reads 90, writes 20, L1 misses 10, miss rate 9.1%, cycles "
                        "1,335, memory_time 38.8%.\n"),
            std::string::npos)
      << detail;
  EXPECT_EQ(counts_before(detail, "(all objects)"),
            (Cells{"90", "20", "10", "9.1%", "2", "6", "0", "2", "1", "1,335", "38.8%"}));
  EXPECT_EQ(counts_before(detail, "right"), (Cells{"60", "0", "5", "8.3%", "0", "3", "0", "2", "0", "845", "24.5%"}));
  EXPECT_EQ(counts_before(detail, "left"), (Cells{"30", "20", "5", "10.0%", "2", "3", "0", "0", "1", "490", "14.2%"}));
  // FILE:NAME names the same function.
  EXPECT_EQ(counts_before(section(views({"--function=b.c:sum"}), "Function"), "(all objects)"),
            (Cells{"90", "20", "10", "9.1%", "2", "6", "0", "2", "1", "1,335", "38.8%"}));
}

// A version 1 profile's cells keep no reads, writes or hits (docs/output-format.md): its drill-down rows have
// no reads, writes or miss rate columns, and the note says why their cycles lack the L1 hits.
TEST(DrillDownTest, VersionOneCellsShowNoAccesses) {
  const std::string detail = section(annotate({"--object=a", profile_path("conflict.profile")}), "Data object a");
  EXPECT_NE(detail.find("The rows below add up the code x data cells (object-ref: records), which keep no reads, "
                        "writes or hits in a version 1 profile: their cycles are those of misses and invalidations, "
                        "without the L1 hits.\n"),
            std::string::npos)
      << detail;
  EXPECT_EQ(row_starting_with(detail, "reads"), Cells{}) << detail;
  const Cells heading = row_starting_with(detail, "L1");
  ASSERT_GE(heading.size(), 2u) << detail;
  EXPECT_EQ(heading[1], "misses");
}

// An unknown name: one sentence with the names like it, exit status 1.
TEST(DrillDownTest, UnknownNamesOfferNearMatches) {
  testing::ProgramResult object = testing::run_annotate_program({"--object=lef", profile_path("cycles.profile")});
  EXPECT_EQ(object.exit_code, 1);
  EXPECT_EQ(object.standard_error,
            "ccsim-annotate: --object=lef: the profile has no object named \"lef\"; near matches: left\n");
  testing::ProgramResult function =
      testing::run_annotate_program({"--function=Sum", profile_path("cycles.profile")});
  EXPECT_EQ(function.exit_code, 1);
  EXPECT_EQ(function.standard_error,
            "ccsim-annotate: --function=Sum: the profile has no function named \"Sum\"; near matches: sum\n");
  testing::ProgramResult far = testing::run_annotate_program({"--function=zzzzzzzz", profile_path("cycles.profile")});
  EXPECT_EQ(far.exit_code, 1);
  EXPECT_EQ(far.standard_error,
            "ccsim-annotate: --function=zzzzzzzz: the profile has no function named \"zzzzzzzz\"; none is named like "
            "it either (--view=functions lists them)\n");
}

// JSON: the drill-downs' rows with every event and memory_time, and the evicting objects.
TEST(DrillDownTest, JsonHoldsTheDrillDowns) {
  nlohmann::json json = nlohmann::json::parse(views({"--json", "--object=left", "--function=sum"}));
  const nlohmann::json& object = json["object_detail"];
  EXPECT_EQ(object["totals"]["cycles"], 2220);
  ASSERT_EQ(object["functions"].size(), 2u);
  EXPECT_EQ(object["functions"][0]["label"], "/src/a.c:fill");
  EXPECT_EQ(object["functions"][0]["counts"]["cycles"], 1730);
  EXPECT_EQ(object["functions"][1]["counts"]["reads"], 30);
  EXPECT_EQ(object["functions"][1]["counts"]["writes"], 20);
  EXPECT_DOUBLE_EQ(object["functions"][0]["memory_time"].get<double>(), 1730.0 / 3445.0);
  ASSERT_EQ(object["evicted_by"].size(), 3u);
  EXPECT_EQ(object["evicted_by"][0], (nlohmann::json{{"object", "right"}, {"level", "L1"}, {"evictions", 7}}));
  EXPECT_EQ(json["function_detail"]["objects"][0]["label"], "right");
  EXPECT_EQ(json["function_detail"]["objects"][0]["counts"]["cycles"], 845);
}

// The matrix: functions as rows, % of the run's 3445 cycles: left x fill 1370 (39.8%), right x fill 200
// (11.0%), left x sum 490 (14.2%), right x sum 40 + 805 = 845 (24.5%); totals left 2220 (64.4%), right 1225
// (35.6%), fill 2110 (61.2%), sum 1335 (38.8%), all 3445 (100.0%: the cells keep the L1 hits).
TEST(MatrixViewTest, FunctionsByObjectsInMemoryTime) {
  const std::string table = section(views({"--view=matrix", "--matrix-rows=functions"}), "Code x data");
  EXPECT_EQ(row_starting_with(table, "left"), (Cells{"left", "right", "total", "file:function"}));
  EXPECT_EQ(counts_before(table, "(all functions)"), (Cells{"64.4%", "35.6%", "100.0%"}));
  EXPECT_EQ(counts_before(table, "/src/a.c:fill"), (Cells{"50.2%", "11.0%", "61.2%"}));
  EXPECT_EQ(counts_before(table, "/src/b.c:sum"), (Cells{"14.2%", "24.5%", "38.8%"}));
  const std::string lines = section(views({"--view=matrix"}), "Code x data");
  EXPECT_EQ(counts_before(lines, "/src/a.c:11 (fill)"), (Cells{".", "11.0%", "11.0%"}));
  // --sort=reads: the cells' reads, summed per function and object (sum: left 30, right 10 + 50 = 60; fill:
  // right 50), right's 110 before left's 30.
  const std::string reads = section(views({"--view=matrix", "--matrix-rows=functions", "--sort=reads"}), "Code x data");
  EXPECT_EQ(row_starting_with(reads, "right"), (Cells{"right", "left", "total", "file:function"}));
  EXPECT_EQ(counts_before(reads, "(all functions)"), (Cells{"110", "30", "140"}));
  EXPECT_EQ(counts_before(reads, "/src/b.c:sum"), (Cells{"60", "30", "90"}));
  EXPECT_EQ(counts_before(reads, "/src/a.c:fill"), (Cells{"50", ".", "50"}));
}

// The HTML report: a section per drill-down, its rows sortable by number (memory_time by its cycles).
TEST(DrillDownTest, HtmlReportHasASectionForEach) {
  const std::string page =
      testing::html_report("drill_down_html", {"--object=left", "--function=sum", profile_path("cycles.profile")});
  EXPECT_NE(page.find("<h2 id=\"object-detail\">Data object left (global, 64 B)</h2>"), std::string::npos);
  EXPECT_NE(page.find("<h2 id=\"function-detail\">Function sum (/src/b.c)</h2>"), std::string::npos);
  EXPECT_NE(page.find("<td class=\"number\" data-value=\"1730\">1,730</td><td class=\"number\" "
                      "data-value=\"1730\">50.2%</td><td>/src/a.c:fill</td>"),
            std::string::npos);
  // The objects that evicted left's lines with their shares of its 12 evictions, as the text view has them
  // (ObjectShowsItsFunctionsLinesAndEvictors): right 7 at L1, 58.3%; left 3 at L1, 25.0%; right 2 at L2,
  // 16.7%; each share sorts by its count.
  for (const char* row : {"<td class=\"number\" data-value=\"7\">7</td><td class=\"number\" data-value=\"7\">58.3%</td>"
                          "<td>L1</td><td>right</td>",
                          "<td class=\"number\" data-value=\"3\">3</td><td class=\"number\" data-value=\"3\">25.0%</td>"
                          "<td>L1</td><td>left</td>",
                          "<td class=\"number\" data-value=\"2\">2</td><td class=\"number\" data-value=\"2\">16.7%</td>"
                          "<td>L2</td><td>right</td>"})
    EXPECT_NE(page.find(row), std::string::npos) << row;
  EXPECT_NE(page.find("<th data-numeric=\"yes\">evictions</th><th data-numeric=\"yes\">share</th><th "
                      "data-numeric=\"no\">level</th><th data-numeric=\"no\">evicting object</th>"),
            std::string::npos);
}

// object-evictor: is read in version 2 (cycles.profile: 3 records, 12 evictions), refused in version 1
// like any unknown record (at its first, line 67), and its level and objects must be known (line 69).
TEST(ParserTest, ReadsObjectEvictorRecordsOfVersionTwo) {
  const Profile profile = read_profile_file(profile_path("cycles.profile"));
  ASSERT_EQ(profile.object_evictors.size(), 3u);
  EXPECT_EQ(profile.object_evictors[1].victim, 0u);
  EXPECT_EQ(profile.object_evictors[1].evictor, 1u);
  EXPECT_EQ(profile.object_evictors[1].evictor_thread, 1u);
  EXPECT_EQ(profile.object_evictors[1].level, "L1");
  EXPECT_EQ(profile.object_evictors[1].count, 7u);
  EXPECT_EQ(profile.count_totals.at("object-evictor"), 12u);
  std::ifstream in(profile_path("cycles.profile"));
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto edited = [&](const std::string& from, const std::string& to) {
    std::string copy = text;
    copy.replace(copy.find(from), from.size(), to);
    return testing::rejection_of(copy, "cycles.profile");
  };
  EXPECT_EQ(edited("ccsim-profile-version: 2", "ccsim-profile-version: 1"),
            "cycles.profile:67: unknown record \"object-evictor:\"; a version 1 profile has no such record");
  EXPECT_EQ(edited("object-evictor: 1 1 2 2 L2 2", "object-evictor: 1 1 2 2 L3 2"),
            "cycles.profile:69: object-evictor: the level must be L1, L2 or LLC, not \"L3\"");
  EXPECT_EQ(edited("object-evictor: 1 1 2 2 L2 2", "object-evictor: 1 1 9 2 L2 2"),
            "cycles.profile:69: object-evictor: object 9 is not defined; it must be defined by an earlier object: record");
}

}  // namespace
}  // namespace ccsim::annotate
