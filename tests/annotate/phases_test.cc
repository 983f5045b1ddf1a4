// phases_test.cc: the phases on the hand-written two_loops_phases.profile (its header derives every
// count): the JSON export's `phases` and `timeline`, the HTML report's Phases section and timeline chart,
// and the parser's checks of the records (region-object:, barrier-object:, barrier-line:, timeline:,
// timeline-object:), one sentence each.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/annotate/test_support.h"

namespace ccsim::annotate {
namespace {

using testing::annotate;
using testing::profile_path;

const std::string kProfile = "two_loops_phases.profile";

// Barrier 20 (6 invalidations received) before barrier 30 (1); in each, objects by weight (L1 misses +
// invalidations + transfers): barrier 30's b (32) before a (5). Lines give the last five counts only.
TEST(PhasesExportTest, JsonGivesEachBarriersObjectsAndLines) {
  const nlohmann::json json = nlohmann::json::parse(annotate({"--json", profile_path(kProfile)}));
  const nlohmann::json& barriers = json["phases"]["barriers"];
  ASSERT_EQ(barriers.size(), 2u);
  EXPECT_EQ(barriers[0]["line"], 20);
  EXPECT_EQ(barriers[0]["function"], "worker");
  EXPECT_EQ(barriers[0]["epochs"], 2);
  ASSERT_EQ(barriers[0]["objects"].size(), 1u);
  EXPECT_EQ(barriers[0]["objects"][0]["object"], "a");
  EXPECT_EQ(barriers[0]["objects"][0]["counts"],
            nlohmann::json::parse(R"({"L1_miss_compulsory": 16, "L1_miss_transfer": 0, "L1_miss_coherence": 6,
              "L1_miss_replacement": 0, "coherence_miss_true": 0, "coherence_miss_false": 6,
              "invalidations_received_true": 0, "invalidations_received_false": 6, "transfers": 6})"));
  ASSERT_EQ(barriers[0]["lines"].size(), 1u);
  EXPECT_EQ(barriers[0]["lines"][0]["line_address"], "0x10c200");
  EXPECT_EQ(barriers[0]["lines"][0]["counts"],
            nlohmann::json::parse(R"({"coherence_miss_true": 0, "coherence_miss_false": 6,
              "invalidations_received_true": 0, "invalidations_received_false": 6, "transfers": 6})"));
  EXPECT_EQ(barriers[1]["line"], 30);
  ASSERT_EQ(barriers[1]["objects"].size(), 2u);
  EXPECT_EQ(barriers[1]["objects"][0]["object"], "b");
  EXPECT_EQ(barriers[1]["objects"][0]["counts"]["L1_miss_compulsory"], 32);
  EXPECT_EQ(barriers[1]["objects"][1]["object"], "a");
  EXPECT_EQ(barriers[1]["objects"][1]["counts"]["L1_miss_transfer"], 1);
  EXPECT_EQ(barriers[1]["objects"][1]["counts"]["transfers"], 2);
  EXPECT_EQ(barriers[1]["lines"][0]["line_address"], "0x10c000");
  EXPECT_EQ(barriers[1]["lines"][0]["counts"]["transfers"], 2);
}

// Regions one by one, by invalidations received (3, 3, 1, 0), ties by id: 1, 3, 4, 2.
TEST(PhasesExportTest, JsonGivesEachRegionsObjects) {
  const nlohmann::json json = nlohmann::json::parse(annotate({"--json", profile_path(kProfile)}));
  const nlohmann::json& regions = json["phases"]["regions"];
  ASSERT_EQ(regions.size(), 4u);
  EXPECT_EQ(regions[0]["region"], 1);
  EXPECT_EQ(regions[1]["region"], 3);
  EXPECT_EQ(regions[2]["region"], 4);
  EXPECT_EQ(regions[3]["region"], 2);
  EXPECT_EQ(regions[0]["objects"][0]["counts"]["L1_miss_compulsory"], 16);
  EXPECT_EQ(regions[1]["objects"][0]["counts"]["L1_miss_compulsory"], 0);
  EXPECT_EQ(regions[2]["objects"][0]["counts"]["coherence_miss_true"], 1);
  EXPECT_EQ(regions[3]["objects"].size(), 2u);
}

// 4 intervals of 100 accesses; a (weight 39) before b (32); every interval listed, zeros included.
TEST(PhasesExportTest, JsonGivesTheTimeline) {
  const nlohmann::json json = nlohmann::json::parse(annotate({"--json", profile_path(kProfile)}));
  const nlohmann::json& timeline = json["timeline"];
  EXPECT_EQ(timeline["unit"], "accesses");
  EXPECT_EQ(timeline["width"], 100);
  EXPECT_EQ(timeline["intervals"], 4);
  ASSERT_EQ(timeline["objects"].size(), 2u);
  EXPECT_EQ(timeline["objects"][0]["object"], "a");
  ASSERT_EQ(timeline["objects"][0]["intervals"].size(), 4u);
  EXPECT_EQ(timeline["objects"][0]["intervals"][0]["L1_miss_compulsory"], 16);
  EXPECT_EQ(timeline["objects"][0]["intervals"][2]["invalidations_received_false"], 3);
  EXPECT_EQ(timeline["objects"][0]["intervals"][3]["L1_miss_transfer"], 1);
  EXPECT_EQ(timeline["objects"][1]["object"], "b");
  EXPECT_EQ(timeline["objects"][1]["intervals"][0]["L1_miss_compulsory"], 0);
  EXPECT_EQ(timeline["objects"][1]["intervals"][1]["L1_miss_compulsory"], 32);
  // A profile without a timeline: null.
  const nlohmann::json none = nlohmann::json::parse(annotate({"--json", profile_path("strided_sets.profile")}));
  EXPECT_TRUE(none["timeline"].is_null());
}

// The page: a table per barrier, and the chart. Its scale is the busiest interval of any object, b's
// interval 1 (32); x of interval i is 60 + 235 (i + 0.5) (940 pixels of 4 intervals after a 60-pixel
// margin); y is 210 - 190 x weight / 32: b's 0, 32, 0, 0 are 210, 20, 210, 210, a's 16 in interval 0 115.
TEST(PhasesExportTest, HtmlDrawsTheBarriersAndTheTimeline) {
  const std::string page = testing::html_report("phases_html", {profile_path(kProfile)});
  const std::size_t phases = page.find("<h2 id=\"phases\">Phases: objects per parallel loop</h2>");
  ASSERT_NE(phases, std::string::npos);
  const std::size_t first = page.find("<h3>2 epochs closed by /src/loops.c:20 (worker)</h3>", phases);
  const std::size_t second = page.find("<h3>2 epochs closed by /src/loops.c:30 (worker)</h3>", phases);
  EXPECT_NE(first, std::string::npos);
  EXPECT_LT(first, second);
  EXPECT_NE(page.find("<polyline fill=\"none\" stroke-width=\"2\" stroke=\"#ff7f0e\" points=\"177.5,210 412.5,20 "
                      "647.5,210 882.5,210 \"><title>b</title></polyline>"),
            std::string::npos)
      << page.substr(phases);
  EXPECT_NE(page.find("stroke=\"#1f77b4\" points=\"177.5,115 "), std::string::npos);
  EXPECT_NE(page.find("font-size=\"12\">32</text>"), std::string::npos);
  EXPECT_NE(page.find(">400 accesses</text>"), std::string::npos);
  EXPECT_NE(page.find("<span class=\"t0\"></span>a <span class=\"t1\"></span>b "), std::string::npos);
}

// The profile with `from` replaced by `to` (the first time), and the parser's sentence about it (the file
// and line come first).
std::string edited(const std::string& from, const std::string& to) {
  std::string text = testing::read_file(profile_path(kProfile));
  const std::size_t at = text.find(from);
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}
std::string rejection_with(const std::string& from, const std::string& to) {
  return testing::rejection_of(edited(from, to), "edited.profile");
}

bool says(const std::string& rejection, const std::string& sentence) {
  return rejection.find(sentence) != std::string::npos;
}

// One edit of the profile and the sentence the parser refuses it with.
struct Edit {
  std::string from;
  std::string to;
  std::string sentence;
};

void expect_refused(const std::vector<Edit>& edits) {
  for (const Edit& edit : edits) {
    const std::string rejection = rejection_with(edit.from, edit.to);
    EXPECT_TRUE(says(rejection, edit.sentence)) << edit.to << ": " << rejection;
  }
}

// A wrong number of counts, a count that is not a number, an undefined object or file.
TEST(PhasesParserTest, RejectsBadCounts) {
  expect_refused({
      {"region-object: 1 1 16 0 3 0 0 3 0 3 3", "region-object: 1 1 16 0 3 0 0 3 0 3",
       "region-object: expected 11 fields (<region> <object> and 9 counts), found 10"},
      {"barrier-object: 1 1 20 1 16", "barrier-object: 1 1 20 1 -16",
       "the L1_miss_compulsory must be an unsigned decimal number below 2^64, not \"-16\""},
      {"barrier-line: 1 1 20 0x10c200 0 6 0 6 6", "barrier-line: 1 1 20 0x10c200 0 6 0 6 6 6",
       "expected 9 fields (<file> <fn> <line> <line-address> and 5 counts), found 10"},
      {"timeline-object: 0 1 16", "timeline-object: 0 7 16",
       "edited.profile:64: timeline-object: object 7 is not defined; it must be defined by an earlier object: record"},
      {"barrier-object: 1 1 20 1", "barrier-object: 9 1 20 1",
       "edited.profile:58: barrier-object: file 9 is not defined; it must be defined by an earlier file: record"},
  });
}

TEST(PhasesParserTest, RejectsAnUnalignedLine) {
  expect_refused({{"barrier-line: 1 1 20 0x10c200", "barrier-line: 1 1 20 0x10c201",
                   "edited.profile:61: barrier-line: the line address 0x10c201 is not a multiple of the 64-byte line "
                   "size"}});
}

TEST(PhasesParserTest, RejectsTimelinesItCannotDraw) {
  expect_refused({
      {"timeline-object: 3 1", "timeline-object: 4 1", "interval 4 is beyond the timeline's 4 intervals"},
      {"timeline: accesses 100 4\n", "",
       "timeline-object: comes before the timeline: record that says what an interval is"},
      {"timeline: accesses", "timeline: seconds", "the timeline's unit is accesses or epochs, not \"seconds\""},
      {"timeline: accesses 100", "timeline: accesses 0", "an interval of the timeline is at least 1 accesses wide"},
      {"timeline: accesses 100 4", "timeline: accesses 100 257", "a timeline has at most 256 intervals, not 257"},
      {"timeline: accesses 100 4\n", "timeline: accesses 100 4\ntimeline: accesses 100 4\n",
       "timeline: gives the timeline a second time"},
  });
}

// The phases' records are version 2: in a version 1 file each is an unknown record.
TEST(PhasesParserTest, RejectsThePhasesInAVersionOneFile) {
  const std::string r = rejection_with("ccsim-profile-version: 2", "ccsim-profile-version: 1");
  EXPECT_TRUE(says(r, "unknown record \"region-object:\"; a version 1 profile has no such record")) << r;
  // Each of the other kinds, alone: every other phase record removed.
  for (const std::string keyword : {"barrier-object", "barrier-line", "timeline", "timeline-object"}) {
    std::istringstream lines(edited("ccsim-profile-version: 2", "ccsim-profile-version: 1"));
    std::string kept, line;
    while (std::getline(lines, line)) {
      const std::string kind = line.substr(0, line.find(':'));
      const bool phase = kind == "region-object" || kind == "barrier-object" || kind == "barrier-line" ||
                         kind == "timeline" || kind == "timeline-object";
      if (!phase || kind == keyword) kept += line + "\n";
    }
    const std::string rejection = testing::rejection_of(kept, "v1.profile");
    EXPECT_TRUE(says(rejection, "unknown record \"" + keyword + ":\"; a version 1 profile has no such record"))
        << rejection;
  }
}

}  // namespace
}  // namespace ccsim::annotate
