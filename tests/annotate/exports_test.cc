// exports_test.cc: --json and --export=callgrind. The JSON is parsed back with nlohmann-json; the
// Callgrind file is read by callgrind_annotate itself (skipped when configure found none).
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/annotate/test_support.h"

namespace ccsim::annotate {
namespace {

using testing::annotate;
using testing::profile_path;

nlohmann::json json_of(const std::string& profile) {
  return nlohmann::json::parse(annotate({"--json", profile_path(profile)}));
}

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// counters: totals of 2 reads and 2000 writes; thread 2 received 1000 invalidations (false, in-region);
// the derived invalidations_received adds up the four kinds: 1999.
TEST(JsonExportTest, HoldsTotalsAndThreads) {
  nlohmann::json json = json_of("counters.profile");
  EXPECT_EQ(json["totals"]["reads"], 2);
  EXPECT_EQ(json["totals"]["writes"], 2000);
  EXPECT_EQ(json["totals"]["invalidations_received"], 1999);
  ASSERT_EQ(json["threads"].size(), 3u);
  EXPECT_EQ(json["threads"][1]["thread"], 2);
  EXPECT_EQ(json["threads"][1]["counts"]["invalidations_received_false_in_region"], 1000);
}

// counters: two lines (12 and 30), two functions, one object; two invalidator edges, the one whose
// victim is thread 2 counting 1000 false in-region invalidations by thread 3; the line detail is false
// sharing.
TEST(JsonExportTest, HoldsLinesObjectsEdgesAndLineDetails) {
  nlohmann::json json = json_of("counters.profile");
  ASSERT_EQ(json["lines"].size(), 2u);
  EXPECT_EQ(json["lines"][0]["line"], 12);
  EXPECT_EQ(json["lines"][0]["counts"]["writes"], 2000);
  EXPECT_EQ(json["functions"].size(), 2u);
  ASSERT_EQ(json["objects"].size(), 1u);
  EXPECT_EQ(json["objects"][0]["name"], "counters");
  EXPECT_EQ(json["objects"][0]["address"], "0x404040");
  ASSERT_EQ(json["invalidators"].size(), 2u);
  const nlohmann::json& edge = json["invalidators"][0];
  EXPECT_EQ(edge["victim"]["thread"], 2);
  EXPECT_EQ(edge["invalidator"]["thread"], 3);
  EXPECT_EQ(edge["count"], 1000);
  EXPECT_EQ(edge["false_in_region"], 1000);
  ASSERT_EQ(json["line_details"].size(), 1u);
  EXPECT_EQ(json["line_details"][0]["sharing"], "false");
  EXPECT_EQ(json["line_details"][0]["threads"][1]["written"], nlohmann::json::parse("[[8, 15]]"));
}

// conflict: the two evictor edges of L1 (10 and 9 evictions) and no region.
TEST(JsonExportTest, HoldsEvictorsPerLevel) {
  nlohmann::json json = json_of("conflict.profile");
  ASSERT_EQ(json["evictors"].size(), 2u);
  EXPECT_EQ(json["evictors"][0]["level"], "L1");
  EXPECT_EQ(json["evictors"][0]["count"], 10);
  EXPECT_EQ(json["evictors"][1]["count"], 9);
  EXPECT_TRUE(json["regions"].empty());
}

// --json=FILE writes the file and nothing to standard output.
TEST(JsonExportTest, WritesToAFile) {
  std::string path = testing::temporary_path("profile.json");
  EXPECT_EQ(annotate({"--json=" + path, profile_path("conflict.profile")}), "");
  EXPECT_EQ(nlohmann::json::parse(file_text(path))["totals"]["reads"], 20);
}

// The callgrind file lists the sort events first (callgrind_annotate sorts by the first), then the other
// shown events; worker's line 12 and main's line 30 carry counters' counts.
TEST(CallgrindExportTest, WritesFileAndFunctionBlocks) {
  std::string path = testing::temporary_path("callgrind.out");
  annotate({"--export=callgrind", "--output=" + path, profile_path("counters.profile")});
  std::string text = file_text(path);
  EXPECT_NE(text.find("\nevents: invalidations_received L1_misses reads writes coherence_misses "
                      "invalidations_caused\n"),
            std::string::npos);
  EXPECT_NE(text.find("\nfl=/home/me/ccsim-example/counters.c\nfn=main\n30 0 1 2 0 0 0\nfn=worker\n"
                      "12 1999 2000 0 2000 1998 1999\n"),
            std::string::npos);
  EXPECT_NE(text.find("\nsummary: 1999 2001 2 2000 1998 1999\ntotals: 1999 2001 2 2000 1998 1999\n"),
            std::string::npos);
}

// callgrind_annotate reads the export: the program totals are counters' totals, and worker carries all
// 1999 invalidations (100%).
TEST(CallgrindExportTest, IsReadByCallgrindAnnotate) {
  if (std::string(CCSIM_CALLGRIND_ANNOTATE).empty()) GTEST_SKIP() << "configure found no callgrind_annotate";
  std::string path = testing::temporary_path("callgrind.out");
  annotate({"--export=callgrind", "--output=" + path, profile_path("counters.profile")});
  testing::ProgramResult result =
      testing::run_command(std::string(CCSIM_CALLGRIND_ANNOTATE) + " '" + path + "'");
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.standard_error, "");
  EXPECT_NE(result.standard_output.find("Events recorded:  invalidations_received L1_misses reads writes "
                                        "coherence_misses invalidations_caused\n"),
            std::string::npos);
  std::istringstream lines(result.standard_output);
  std::vector<std::string> totals;
  std::vector<std::string> worker;
  for (std::string line; std::getline(lines, line);) {
    std::istringstream cells(line);
    std::vector<std::string> row;
    for (std::string cell; cells >> cell;) row.push_back(cell);
    if (line.find("PROGRAM TOTALS") != std::string::npos) totals = row;
    if (line.find("counters.c:worker") != std::string::npos) worker = row;
  }
  // Each count is followed by its share, e.g. "1,999 (100.0%)".
  EXPECT_EQ(totals, (std::vector<std::string>{"1,999", "(100.0%)", "2,001", "(100.0%)", "2", "(100.0%)",
                                              "2,000", "(100.0%)", "1,998", "(100.0%)", "1,999", "(100.0%)",
                                              "PROGRAM", "TOTALS"}));
  ASSERT_FALSE(worker.empty());
  EXPECT_EQ(worker.front(), "1,999");
  EXPECT_EQ(worker[1], "(100.0%)");
}

}  // namespace
}  // namespace ccsim::annotate
