// function_culprits_test.cc: the function drill-down's "Evicted by" and "Invalidated by" (--function=NAME,
// docs/annotate.md): whose code evicted or invalidated the lines a function's code last touched, from the
// evictor: and invalidator: records, grouped by the culprit's function. On cycles.profile (its comment above
// the evictor: records derives fill's and sum's culprits) and edges_before/edges_after.profile (their
// comments give the edges; every reference there but a.c:30 is in worker).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/annotate/test_support.h"

namespace ccsim::annotate {
namespace {

using testing::annotate;
using testing::profile_path;
using testing::section;

// The drill-down of --function=`function` on `profile` (with `options`), from its title on.
std::string function_detail(const std::string& profile, const std::string& function,
                            const std::vector<std::string>& options = {}) {
  std::vector<std::string> arguments = options;
  arguments.push_back("--function=" + function);
  arguments.push_back(profile_path(profile));
  return section(annotate(arguments), "Function " + function);
}

// The part of `detail` from the line starting with `heading` to the next empty line (or the end).
std::string part(const std::string& detail, const std::string& heading) {
  const std::size_t start = detail.find("\n" + heading);
  if (start == std::string::npos) return "";
  const std::size_t end = detail.find("\n\n", start + 1);
  return detail.substr(start + 1, end == std::string::npos ? std::string::npos : end - start);
}

const char* const kEvictedByHeading = "Evicted by (whose accesses evicted lines its code last touched; evictor: records):\n";
const char* const kInvalidatedByHeading =
    "Invalidated by (whose stores invalidated copies its code last touched; invalidator: records):\n";

// fill (refs 1 and 2): its lines (ref 1's, thread 1) were evicted by ref 2 (fill itself) 6 times at L1, by
// ref 3 (sum) 1 time on thread 1 and 3 times on thread 2 at L1 (4, one row: the threads are added up) and 2
// times at L2: 12 in all, so 6 / 12 = 50.0%, 4 / 12 = 33.3%, 2 / 12 = 16.7%, most first. fill evicting its
// own lines is a row under its own name.
TEST(FunctionCulpritsTest, EvictedByGroupsTheEvictorsByFunctionAndLevel) {
  const std::string detail = function_detail("cycles.profile", "fill");
  EXPECT_EQ(part(detail, "Evicted by"), std::string(kEvictedByHeading) +
                                            "evictions  share  level  evicting function\n"
                                            "        6  50.0%  L1     /src/a.c:fill\n"
                                            "        4  33.3%  L1     /src/b.c:sum\n"
                                            "        2  16.7%  L2     /src/b.c:sum\n"
                                            "(3 of 3 rows shown: at most 20, most evictions first; share: of the "
                                            "evictions of its lines at every level)\n")
      << detail;
}

// edges_before: worker's lines (a.c:12 on threads 2 and 3) were evicted by a.c:40 (worker) 150 + 150 = 300
// times at L1 and 3 + 2 = 5 at L2: 305 in all, so 300 / 305 = 98.4% and 5 / 305 = 1.6% (the share is of
// every level's evictions, not of the row's level).
TEST(FunctionCulpritsTest, EvictedByShareIsOfEveryLevel) {
  const std::string detail = function_detail("edges_before.profile", "worker");
  EXPECT_EQ(part(detail, "Evicted by"), std::string(kEvictedByHeading) +
                                            "evictions  share  level  evicting function\n"
                                            "      300  98.4%  L1     /src/a.c:worker\n"
                                            "        5   1.6%  L2     /src/a.c:worker\n"
                                            "(2 of 2 rows shown: at most 20, most evictions first; share: of the "
                                            "evictions of its lines at every level)\n")
      << detail;
}

// --top=1 keeps the first row of each table; the shares stay those of all rows (6 of 12 = 50.0%).
TEST(FunctionCulpritsTest, TopLimitsTheRows) {
  const std::string detail = function_detail("cycles.profile", "fill", {"--top=1"});
  const std::string evicted = part(detail, "Evicted by");
  EXPECT_NE(evicted.find("        6  50.0%  L1     /src/a.c:fill\n(1 of 3 rows shown: at most 1, most evictions first;"),
            std::string::npos)
      << evicted;
  EXPECT_EQ(evicted.find("/src/b.c:sum"), std::string::npos) << evicted;
}

// cycles.profile: fill's copies (ref 1's, thread 1) were invalidated once by sum's store (ref 3, thread 2),
// false sharing in a region: 1, 100.0%; sum's copies twice by fill's stores (ref 1), true in a region.
TEST(FunctionCulpritsTest, InvalidatedByGivesTheSplit) {
  const std::string columns =
      "invalidations   share  true_in_region  true_in_region_critical  false_in_region  true_across_regions  "
      "false_across_regions  invalidating function\n";
  const std::string shown =
      "(1 of 1 functions shown: at most 20, most invalidations first; share: of the invalidations of its copies; "
      "true_in_region_critical: the part of true_in_region whose writer held a lock)\n";
  EXPECT_EQ(part(function_detail("cycles.profile", "fill"), "Invalidated by"),
            std::string(kInvalidatedByHeading) + columns +
                "            1  100.0%               0                        0                1                    0  "
                "                   0  /src/b.c:sum\n" +
                shown);
  EXPECT_EQ(part(function_detail("cycles.profile", "sum"), "Invalidated by"),
            std::string(kInvalidatedByHeading) + columns +
                "            2  100.0%               2                        0                0                    0  "
                "                   0  /src/a.c:fill\n" +
                shown);
}

// edges_after: worker's copies (a.c:12, :20, :22) were invalidated by a.c:20 (worker): a.c:20 25 + 25 (all
// critical) and a.c:22 61 (26 critical) + 41 (16): 152 true in region, 92 critical; and by a.c:30 (main) on
// both workers' a.c:12, 3 true and 2 false across regions each: 10 (6 true, 4 false across). 162 in all:
// 152 / 162 = 93.8%, 10 / 162 = 6.2%; worker's own stores first.
TEST(FunctionCulpritsTest, InvalidatedByAddsUpReferencesAndThreadsOfEachFunction) {
  const std::string invalidated = part(function_detail("edges_after.profile", "worker"), "Invalidated by");
  EXPECT_EQ(invalidated, std::string(kInvalidatedByHeading) +
                             "invalidations  share  true_in_region  true_in_region_critical  false_in_region  "
                             "true_across_regions  false_across_regions  invalidating function\n"
                             "          152  93.8%             152                       92                0  "
                             "                  0                     0  /src/a.c:worker\n"
                             "           10   6.2%               0                        0                0  "
                             "                  6                     4  /src/a.c:main\n"
                             "(2 of 2 functions shown: at most 20, most invalidations first; share: of the "
                             "invalidations of its copies; true_in_region_critical: the part of true_in_region "
                             "whose writer held a lock)\n");
}

// No record names the function's code as the victim: a sentence instead of each table. sum's lines were
// never evicted (cycles.profile); main's (a.c:30) were neither evicted nor invalidated (edges_before).
TEST(FunctionCulpritsTest, SentencesWhenNothingEvictedOrInvalidatedItsLines) {
  const std::string evicted_none =
      "No line this function touched was evicted (no evictor: record names its code as the victim).\n";
  const std::string invalidated_none =
      "No copy this function touched was invalidated (no invalidator: record names its code as the victim).\n";
  EXPECT_EQ(part(function_detail("cycles.profile", "sum"), "Evicted by"), kEvictedByHeading + evicted_none);
  const std::string main = function_detail("edges_before.profile", "main");
  EXPECT_EQ(part(main, "Evicted by"), kEvictedByHeading + evicted_none) << main;
  EXPECT_EQ(part(main, "Invalidated by"), kInvalidatedByHeading + invalidated_none) << main;
}

// JSON: function_detail's evicted_by (function, level, evictions, most first) and invalidated_by (function
// and its invalidations split as the findings' are), from the same numbers; empty arrays for sum's evictions.
TEST(FunctionCulpritsTest, JsonHoldsTheCulprits) {
  const nlohmann::json fill =
      nlohmann::json::parse(annotate({"--json", "--function=fill", profile_path("cycles.profile")}))["function_detail"];
  ASSERT_EQ(fill["evicted_by"].size(), 3u);
  EXPECT_EQ(fill["evicted_by"][0],
            (nlohmann::json{{"function", "/src/a.c:fill"}, {"level", "L1"}, {"evictions", 6}}));
  EXPECT_EQ(fill["evicted_by"][1], (nlohmann::json{{"function", "/src/b.c:sum"}, {"level", "L1"}, {"evictions", 4}}));
  EXPECT_EQ(fill["evicted_by"][2], (nlohmann::json{{"function", "/src/b.c:sum"}, {"level", "L2"}, {"evictions", 2}}));
  ASSERT_EQ(fill["invalidated_by"].size(), 1u);
  EXPECT_EQ(fill["invalidated_by"][0],
            (nlohmann::json{{"function", "/src/b.c:sum"},
                            {"invalidations",
                             {{"total", 1}, {"true_in_region", 0}, {"true_in_region_critical", 0},
                              {"false_in_region", 1}, {"true_across_regions", 0}, {"false_across_regions", 0}}}}));
  const nlohmann::json sum =
      nlohmann::json::parse(annotate({"--json", "--function=sum", profile_path("cycles.profile")}))["function_detail"];
  EXPECT_EQ(sum["evicted_by"], nlohmann::json::array());
  ASSERT_EQ(sum["invalidated_by"].size(), 1u);
  EXPECT_EQ(sum["invalidated_by"][0]["function"], "/src/a.c:fill");
  EXPECT_EQ(sum["invalidated_by"][0]["invalidations"]["true_in_region"], 2);
}

// A numeric cell of the HTML report's sortable tables: its text, and the number it sorts by.
std::string number_cell(const std::string& value, const std::string& text) {
  return "<td class=\"number\" data-value=\"" + value + "\">" + text + "</td>";
}

// The HTML report's function section: both tables with the text view's share column, sortable by number
// (a share by the count it is a share of), and the sentences when empty. fill (cycles.profile, above): 6 of
// its 12 evictions by fill at L1 (50.0%), 2 by sum at L2 (16.7%); its 1 invalidation by sum (100.0%),
// false in region.
TEST(FunctionCulpritsTest, HtmlSectionHasTheCulprits) {
  const std::string fill = testing::html_report("fill_culprits", {"--function=fill", profile_path("cycles.profile")});
  const std::size_t section_start = fill.find("<h2 id=\"function-detail\">Function fill (/src/a.c)</h2>");
  ASSERT_NE(section_start, std::string::npos);
  const std::string detail = fill.substr(section_start);
  EXPECT_NE(detail.find("<h3>Evicted by</h3>\n<table class=\"sortable\">\n<thead><tr><th data-numeric=\"yes\">"
                        "evictions</th><th data-numeric=\"yes\">share</th><th data-numeric=\"no\">level</th>"
                        "<th data-numeric=\"no\">evicting function</th></tr>"),
            std::string::npos)
      << detail;
  EXPECT_NE(detail.find(number_cell("6", "6") + number_cell("6", "50.0%") + "<td>L1</td><td>/src/a.c:fill</td>"),
            std::string::npos)
      << detail;
  EXPECT_NE(detail.find(number_cell("2", "2") + number_cell("2", "16.7%") + "<td>L2</td><td>/src/b.c:sum</td>"),
            std::string::npos);
  EXPECT_NE(detail.find("<h3>Invalidated by</h3>\n<table class=\"sortable\">\n<thead><tr><th data-numeric=\"yes\">"
                        "invalidations</th><th data-numeric=\"yes\">share</th><th data-numeric=\"yes\">true_<wbr>in_"
                        "<wbr>region</th>"),
            std::string::npos)
      << detail;
  // total, share, true_in_region, its critical part, false_in_region, true and false across regions, the function
  EXPECT_NE(detail.find(number_cell("1", "1") + number_cell("1", "100.0%") + number_cell("0", "0") +
                        number_cell("0", "0") + number_cell("1", "1") + number_cell("0", "0") + number_cell("0", "0") +
                        "<td>/src/b.c:sum</td>"),
            std::string::npos)
      << detail;
  const std::string main =
      testing::html_report("main_culprits", {"--function=main", profile_path("edges_before.profile")});
  EXPECT_NE(main.find("<p>No line this function touched was evicted (no evictor: record names its code as the "
                      "victim).</p>"),
            std::string::npos);
  EXPECT_NE(main.find("<p>No copy this function touched was invalidated (no invalidator: record names its code as "
                      "the victim).</p>"),
            std::string::npos);
}

// The HTML tables keep every row, --top or not, and give each the text view's share of all rows: with
// --top=1, worker's culprits on edges_after (above: invalidated 152 times by worker, 93.8%, and 10 by main,
// 6.2%, of 162) and on edges_before (evicted 300 times at L1, 98.4%, and 5 at L2, 1.6%, of 305).
TEST(FunctionCulpritsTest, HtmlSharesAreTheTextViewsForEveryRow) {
  const std::string after = testing::html_report(
      "worker_culprits_after", {"--top=1", "--function=worker", profile_path("edges_after.profile")});
  const std::string invalidated = after.substr(after.find("<h3>Invalidated by</h3>"));
  EXPECT_NE(invalidated.find(number_cell("152", "152") + number_cell("152", "93.8%") + number_cell("152", "152") +
                             number_cell("92", "92") + number_cell("0", "0") + number_cell("0", "0") +
                             number_cell("0", "0") + "<td>/src/a.c:worker</td>"),
            std::string::npos)
      << invalidated;
  EXPECT_NE(invalidated.find(number_cell("10", "10") + number_cell("10", "6.2%") + number_cell("0", "0") +
                             number_cell("0", "0") + number_cell("0", "0") + number_cell("6", "6") +
                             number_cell("4", "4") + "<td>/src/a.c:main</td>"),
            std::string::npos)
      << invalidated;
  // The text view with --top=1 shows the first row with the same share, and says how many there are.
  const std::string text = part(function_detail("edges_after.profile", "worker", {"--top=1"}), "Invalidated by");
  EXPECT_NE(text.find("          152  93.8%  "), std::string::npos) << text;
  EXPECT_NE(text.find("(1 of 2 functions shown: at most 1,"), std::string::npos) << text;
  const std::string before = testing::html_report(
      "worker_culprits_before", {"--top=1", "--function=worker", profile_path("edges_before.profile")});
  const std::string evicted = before.substr(before.find("<h3>Evicted by</h3>"));
  EXPECT_NE(evicted.find(number_cell("300", "300") + number_cell("300", "98.4%") +
                         "<td>L1</td><td>/src/a.c:worker</td>"),
            std::string::npos)
      << evicted;
  EXPECT_NE(evicted.find(number_cell("5", "5") + number_cell("5", "1.6%") + "<td>L2</td><td>/src/a.c:worker</td>"),
            std::string::npos)
      << evicted;
}

}  // namespace
}  // namespace ccsim::annotate
