// sets_test.cc: the cache-set and working-set views on the hand-written strided_sets.profile (its header
// derives every count): --view=sets with the hot set and the crowded-sets finding, --view=working-set,
// the JSON export's `cache_sets`, the HTML histogram, and the parser's checks of the records.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/annotate/test_support.h"

namespace ccsim::annotate {
namespace {

using testing::annotate;
using testing::profile_path;
using testing::row_starting_with;
using testing::section;

using Cells = std::vector<std::string>;

const char kFinding[] =
    "strided: its 8 lines fall in 1 of L1's 32 sets (1/32), which hold 2 lines each: 792 conflict misses there";
const char kAdvice[] =
    "pad the stride or change the leading dimension: lines 2,048 bytes apart (a multiple of L1's sets x 64 B) share "
    "a set; make the distance between the rows it walks not a multiple of 2,048 bytes, e.g. one line (64 B) longer";

// Set 0: 9 lines > 2 ways and 792 conflict misses > twice 792 / 32: hot, with strided's 8 lines and table's 1.
TEST(SetsViewTest, FlagsTheHotSetWithTheObjectsMappedThere) {
  const std::string text = section(annotate({"--view=sets", profile_path("strided_sets.profile")}), "Cache sets");
  EXPECT_NE(text.find("L1: 32 sets of 2 lines; 24 distinct lines, 792 replacement misses, 792 conflict misses; 24.75 "
                      "conflict misses per set on average; 1 hot set\n"),
            std::string::npos)
      << text;
  EXPECT_EQ(row_starting_with(text, "0"), (Cells{"0", "9", "792", "792", "hot", "strided", "8,", "table", "1"}));
}

// strided uses 1 set of 32 and crowds it: the finding and the advice; table spreads over 16 sets: none.
TEST(SetsViewTest, ObjectHistogramsAndTheCrowdedSetsFinding) {
  const std::string text =
      section(annotate({"--view=sets", profile_path("strided_sets.profile")}), "Set histograms of objects");
  EXPECT_NE(text.find("1 of 32 (1/32)      8              792  0     strided (global, 33,280 B)"), std::string::npos)
      << text;
  EXPECT_NE(text.find("16 of 32 (1/2)     16                0  0-15  table (global, 1,024 B)"), std::string::npos)
      << text;
  EXPECT_NE(text.find(std::string("- ") + kFinding + ".\n  advice: " + kAdvice + ".\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("- table"), std::string::npos) << text;
}

TEST(WorkingSetViewTest, ListsResidentLinesAndLiveHeapBlocks) {
  const std::string text = section(annotate({"--view=working-set", profile_path("strided_sets.profile")}), "Working set");
  EXPECT_EQ(row_starting_with(text, "L1"), (Cells{"L1", "14.86", "16", "table", "(global,", "1,024", "B)"}));
  EXPECT_NE(text.find("L1                 1.96        2  strided (global, 33,280 B)"), std::string::npos) << text;
  EXPECT_EQ(row_starting_with(text, "13"), (Cells{"13", "10", "1,000", "7", "700", "malloc", "at",
                                                   "strided_buffer.c:40", "in", "main"}));
  // The site over the run (the profile's derivation): the most live in each interval of one allocation.
  EXPECT_NE(text.find("malloc at strided_buffer.c:40 in main, live over the run (the most in each interval of 1 heap "
                      "allocation):\n  blocks: 1 2 3 4 5 6 7 8 9 10 5 6 7\n  bytes:  100 200 300 400 500 600 700 800 "
                      "900 1,000 500 600 700\n"),
            std::string::npos)
      << text;
}

TEST(SetsExportTest, JsonGivesLevelsHistogramsResidentLinesAndSites) {
  const nlohmann::json json = nlohmann::json::parse(annotate({"--json", profile_path("strided_sets.profile")}));
  const nlohmann::json& sets = json["cache_sets"];
  ASSERT_EQ(sets["levels"].size(), 1u);
  EXPECT_EQ(sets["levels"][0]["hot_sets"], 1);
  EXPECT_EQ(sets["levels"][0]["written_sets"][0]["set"], 0);
  EXPECT_EQ(sets["levels"][0]["written_sets"][0]["objects"][0]["object"], "strided");
  ASSERT_EQ(sets["object_sets"].size(), 2u);
  EXPECT_EQ(sets["object_sets"][0]["object"], "strided");
  EXPECT_EQ(sets["object_sets"][0]["used_sets"], 1);
  EXPECT_EQ(sets["object_sets"][0]["counts"]["conflict_misses"], 792);
  EXPECT_EQ(sets["object_sets"][0]["finding"], kFinding);
  EXPECT_TRUE(sets["object_sets"][1]["finding"].is_null());
  EXPECT_EQ(sets["object_sets"][1]["buckets"].size(), 16u);
  EXPECT_EQ(sets["resident_lines"][0]["average_lines"], 1.96);
  EXPECT_EQ(sets["heap_sites_live"][0]["peak_bytes"], 1000);
  const nlohmann::json& run = sets["heap_sites_live"][0]["over_the_run"];
  EXPECT_EQ(run["allocations_per_point"], 1);
  EXPECT_EQ(run["blocks"], nlohmann::json::parse("[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 5, 6, 7]"));
  EXPECT_EQ(run["bytes"][9], 1000);
  EXPECT_EQ(run["bytes"][10], 500);
}

// strided's histogram: 32 bars, set 0 full height and red (its conflict misses), the other 31 empty.
TEST(SetsExportTest, HtmlDrawsABarPerSet) {
  const std::string page = testing::html_report("sets_html", {profile_path("strided_sets.profile")});
  const std::string strided = testing::div_from(page, "<div class=\"sets\">");
  ASSERT_FALSE(strided.empty());
  EXPECT_NE(strided.find("<span style=\"height:100%;background:#d62728\" title=\"set 0: 8 lines, 792 conflict "
                         "misses\"></span>"),
            std::string::npos)
      << strided;
  EXPECT_EQ(testing::occurrences(strided, "<span"), 32u);
  EXPECT_NE(page.find("<p class=\"fix\">strided: its 8 lines fall in 1 of L1&#39;s 32 sets (1/32)"), std::string::npos);
  // The heap site's live bytes over the run: 13 bars, the 10th (1,000 bytes, the peak) full height, the 11th
  // (500 bytes) half.
  const std::size_t live = page.find("<h3>Live heap blocks over the run</h3>");
  ASSERT_NE(live, std::string::npos);
  const std::string run = testing::div_from(page, "<div class=\"sets\">", live);
  EXPECT_EQ(testing::occurrences(run, "<span"), 13u);
  EXPECT_NE(run.find("<span style=\"height:100%;background:#1f77b4\" title=\"allocations 10-10: at most 10 blocks, "
                     "1,000 bytes\"></span><span style=\"height:50%;"),
            std::string::npos)
      << run;
}

// The parser's checks: one sentence each.
TEST(SetsParserTest, RejectsRecordsOutsideTheCache) {
  const std::string profile = testing::read_file(profile_path("strided_sets.profile"));
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string text = profile;
    text.replace(text.find(from), from.size(), to);
    return testing::rejection_of(text, "edited.profile");
  };
  EXPECT_NE(replaced("set: L1 0 9", "set: L1 32 9").find("names set 32 but L1 has 32 sets, numbered from 0"),
            std::string::npos);
  EXPECT_NE(replaced("set: L1 0 9 792 792", "set: L1 0 9 792 793").find("conflict misses are replacement misses"),
            std::string::npos);
  EXPECT_NE(replaced("set: L1 0", "set: L2 0").find("names the level \"L2\", which this profile does not simulate"),
            std::string::npos);
  EXPECT_NE(replaced("object-set: 1 L1 0 1", "object-set: 1 L1 1 2").find("a bucket is a power of two of sets"),
            std::string::npos);
  EXPECT_NE(replaced("site-live: 3", "site-live: 1").find("a global object; live blocks are counted per heap"),
            std::string::npos);
  EXPECT_NE(replaced("1.96 2", "1.9 2").find("two decimals"), std::string::npos);
  EXPECT_NE(replaced("10:1000 5:500", "9:1000 5:500").find("the intervals' peaks (9 blocks, 1000 bytes) must reach "
                                                          "the site's peak (10 blocks, 1000 bytes)"),
            std::string::npos);
  EXPECT_NE(replaced("1:100 2:200", "1-100 2:200").find("each point is <blocks>:<bytes>, not \"1-100\""),
            std::string::npos);
  EXPECT_NE(replaced("site-live-series: 3 1", "site-live-series: 3 0").find("at least one allocation"),
            std::string::npos);
  EXPECT_NE(replaced("site-live: 3 13 10 1000 7 700\n", "").find("follows the site-live: record of its object, once"),
            std::string::npos);
  EXPECT_NE(replaced("ccsim-profile-version: 2", "ccsim-profile-version: 1")
                .find("unknown record \"set-totals:\"; a version 1 profile has no such record"),
            std::string::npos);
}

}  // namespace
}  // namespace ccsim::annotate
