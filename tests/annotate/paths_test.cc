// paths_test.cc: object paths on the annotate side, against work_queue_paths.profile's scenario (its header
// comment): the reader's checks, --view=paths, --json, --graph=paths (read back by Graphviz's dot when
// configure found it) and the sum of two profiles.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "ccsim/annotate/errors.h"
#include "tests/annotate/test_support.h"

namespace ccsim::annotate {
namespace {

using testing::annotate;
using testing::profile_path;
using testing::read_file;
using testing::rejection_of;
using testing::section;

const std::string kProfile = "work_queue_paths.profile";

std::string profile_text() { return read_file(profile_path(kProfile)); }

// The profile with `from` (which must occur) replaced by `to`.
std::string edited(const std::string& from, const std::string& to) {
  std::string text = profile_text();
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

TEST(PathsReader, ReadsTheSiteItsTwoPathsAndTheirRuns) {
  const Profile profile = testing::parse_text(profile_text(), kProfile);
  ASSERT_EQ(profile.path_sites.size(), 1u);
  const PathSite& site = profile.path_sites[0];
  EXPECT_TRUE(site.named);
  EXPECT_EQ(site.lives_stored, 8u);
  EXPECT_EQ(site.lives_unstored, 1u);
  ASSERT_EQ(site.paths.size(), 2u);
  EXPECT_EQ(site.paths[0].lives, 6u);
  ASSERT_EQ(site.paths[0].runs.size(), 4u);
  EXPECT_EQ(site.paths[0].runs[2].function, "read_node");
  EXPECT_EQ(site.paths[0].runs[2].thread, 2u);
  EXPECT_TRUE(site.paths[0].runs[2].changed);
  EXPECT_EQ(site.paths[0].runs[2].transfer, 6u);
  EXPECT_FALSE(site.paths[0].runs[0].touched);
  EXPECT_FALSE(site.paths[1].freed);
  EXPECT_EQ(site.paths[1].lifetime_sum, 10u);
}

TEST(PathsReader, RefusesInconsistentPathRecordsInOneSentence) {
  // The first run of a path has no thread before it.
  EXPECT_NE(rejection_of(edited("path-run: 1 1 1 3 1 same", "path-run: 1 1 1 3 1 changed"), kProfile)
                .find("the first run of a path has no thread before it: it is same"),
            std::string::npos);
  // read_node runs on thread 2 after fill_node on thread 1: it must say changed.
  EXPECT_NE(rejection_of(edited("path-run: 1 1 3 2 2 changed", "path-run: 1 1 3 2 2 same"), kProfile)
                .find("a run is changed exactly when its thread differs from the run before's"),
            std::string::npos);
  // The paths hold 6 + 2 = 8 lives; a site that says 9 was edited.
  EXPECT_NE(rejection_of(edited("path-site: 1 named 8 1 0", "path-site: 1 named 9 1 0"), kProfile)
                .find("the paths of a path-site: have 8 lives but the site says 9 were stored"),
            std::string::npos);
  EXPECT_NE(rejection_of(edited("path: 1 2 2 live", "path: 1 3 2 live"), kProfile)
                .find("paths are numbered from 1 in order; expected path 2"),
            std::string::npos);
  EXPECT_NE(rejection_of(edited("0 12 96 0-15", "0 12 96 15-0"), kProfile).find("the first offset exceeds the last"),
            std::string::npos);
  EXPECT_NE(rejection_of(edited("0 12 96 0-15", "0 12 96 -"), kProfile)
                .find("a run with accesses gives the offsets it touched"),
            std::string::npos);
  EXPECT_NE(rejection_of(edited("path: 1 1 6 freed whole 12 1 3", "path: 1 1 6 freed whole 12 4 3"), kProfile)
                .find("the shortest lifetime exceeds the longest"),
            std::string::npos);
  // A version 1 profile has no path records.
  EXPECT_NE(rejection_of(edited("ccsim-profile-version: 2", "ccsim-profile-version: 1"), kProfile)
                .find("unknown record \"path-site:\"; a version 1 profile has no such record"),
            std::string::npos);
}

// Per life: path 1's fill_node 12 writes / 6 = 2, 96 bytes / 6 = 16, 6 memory misses / 6 = 1, cycles
// (2 - 1) x 4 + 1 x 200 = 204; read_node 2 reads, 1 transfer, cycles 1 x 4 + 1 x 75 = 79. Lifetime
// (12 + 10) / 8 = 2.75 allocations, printed 2.8, from 1 to 5. Path 1 holds 6 of the 8 lives: 75.0%.
TEST(PathsView, PrintsEachPathsRunsPerLifeAndMarksTheChangeOfThread) {
  const std::string out = section(annotate({"--view=paths", profile_path(kProfile)}), "Object paths");
  EXPECT_NE(out.find("malloc at queue.c:20 in alloc_node (heap, 32 B): 8 lives followed (named with --paths), 2 "
                     "paths; block lifetime 2.8 allocations on average (1-5)"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("also 1 life of paths past the tool's cap (counted, not stored)"), std::string::npos);
  EXPECT_NE(out.find("path 1: 6 lives (75.0%), freed, 1 change of thread: alloc_node on 1 -> fill_node on 1 => "
                     "read_node on 2 -> free_node on 2"),
            std::string::npos);
  EXPECT_NE(out.find("path 2: 2 lives (25.0%), still allocated at exit, 0 changes of thread: alloc_node on 1 -> "
                     "fill_node on 1"),
            std::string::npos);
  const std::vector<std::string> fill = testing::row_starting_with(out, "2");
  const std::vector<std::string> expected_fill = {"2", "fill_node", "thread", "1", "(main)", "0", "2", "16", "0-15",
                                                  "1", "0", "0", "0", "1", "204"};
  EXPECT_EQ(fill, expected_fill);
  const std::vector<std::string> read = testing::row_starting_with(out, "=>");
  const std::vector<std::string> expected_read = {"=>", "3", "read_node", "thread", "2", "(worker)", "2", "0", "16",
                                                  "0-15", "1", "0", "0", "1", "0", "79"};
  EXPECT_EQ(read, expected_read);
}

TEST(PathsView, SaysSoWhenNoSiteWasFollowed) {
  const std::string out = section(annotate({"--view=paths", profile_path("producer_consumer.profile")}), "Object paths");
  EXPECT_NE(out.find("No heap site was followed: ccsim follows the sites --paths names and the first --path-sites "
                     "(4) whose data a second thread touches."),
            std::string::npos);
}

TEST(PathsJson, GivesTheSitesPathsAndRunsWithTheirCycles) {
  const nlohmann::json json = nlohmann::json::parse(annotate({"--json", profile_path(kProfile)}));
  ASSERT_EQ(json["paths"].size(), 1u);
  const nlohmann::json& site = json["paths"][0];
  EXPECT_EQ(site["chosen"], "named");
  EXPECT_EQ(site["lives_followed"], 8);
  EXPECT_EQ(site["lives_not_stored"], 1);
  EXPECT_DOUBLE_EQ(site["lifetime"]["mean"].get<double>(), 2.75);
  EXPECT_EQ(site["lifetime"]["max"], 5);
  const nlohmann::json& path = site["paths"][0];
  EXPECT_EQ(path["lives"], 6);
  EXPECT_EQ(path["thread_changes"], 1);
  EXPECT_EQ(path["text"], "alloc_node on 1 -> fill_node on 1 => read_node on 2 -> free_node on 2");
  const nlohmann::json& read = path["runs"][2];
  EXPECT_EQ(read["function"], "read_node");
  EXPECT_EQ(read["changed_thread"], true);
  EXPECT_EQ(read["reads"], 12);
  EXPECT_EQ(read["offsets"], nlohmann::json::array({0, 15}));
  EXPECT_EQ(read["l1_misses"]["other_core"], 6);
  EXPECT_EQ(read["cycles"], 6 * 79);
  EXPECT_TRUE(path["runs"][0]["offsets"].is_null());
  EXPECT_EQ(site["paths"][1]["freed"], false);
}

// Nodes merge the two paths: fill_node on 1 has 8 lives, 204 cycles each (the costliest: gray45);
// read_node on 2, 79 cycles per life: gray(95 - 50 x 79 / 204 rounded) = gray76; no cost: gray95. The edge
// fill_node -> read_node carries path 1's 6 lives and changes thread (thick, red); fill_node -> "live at
// exit" path 2's 2 lives.
TEST(PathsGraph, ThickRedEdgeWhereTheDataChangesThreadAndNodesShadedByCyclesPerLife) {
  const std::string dot = annotate({"--graph=paths", profile_path(kProfile)});
  EXPECT_NE(dot.find("fill_node\\nthread 1\\naccesses 2, L1 misses 1 (from another core 0)\\ncycles 204\", "
                     "style=filled, fillcolor=\"gray45\""),
            std::string::npos)
      << dot;
  EXPECT_NE(dot.find("read_node\\nthread 2\\naccesses 2, L1 misses 1 (from another core 1)\\ncycles 79\", "
                     "style=filled, fillcolor=\"gray76\""),
            std::string::npos);
  EXPECT_NE(dot.find("alloc_node\\nthread 1\\naccesses 0, L1 misses 0 (from another core 0)\\ncycles 0\", "
                     "style=filled, fillcolor=\"gray95\""),
            std::string::npos);
  EXPECT_NE(dot.find("s0_4 -> s0_5 [label=\"6 lives\\nchanges thread\", color=\"red\", fontcolor=\"red\", penwidth=5]"),
            std::string::npos);
  EXPECT_NE(dot.find("s0_4 -> s0_2 [label=\"2 lives\", color=\"gray35\", penwidth=1]"), std::string::npos);
  EXPECT_NE(dot.find("s0_2 [label=\"live at exit\""), std::string::npos);
  EXPECT_NE(dot.find("s0_6 -> s0_1 [label=\"6 lives\""), std::string::npos);  // free_node -> freed
  if (std::string(CCSIM_DOT).empty()) GTEST_SKIP() << "configure found no dot (Debian package graphviz)";
  const std::string dot_file = testing::write_temporary_file("paths.dot", dot);
  const testing::ProgramResult drawn = testing::run_command(std::string(CCSIM_DOT) + " -Tplain '" + dot_file + "'");
  EXPECT_EQ(drawn.exit_code, 0) << drawn.standard_error;
  EXPECT_EQ(drawn.standard_error, "");
}

TEST(PathsGraph, RefusesGraphNodeInOneSentence) {
  try {
    annotate({"--graph=paths", "--graph-node=queue.c:25", profile_path(kProfile)});
    FAIL() << "accepted";
  } catch (const UsageError& error) {
    EXPECT_EQ(std::string(error.what()),
              "--graph-node picks a code site of the invalidator, evictor or transfer graph; the path graph has none: "
              "leave it out (--graph-top keeps each site's heaviest paths)");
  }
}

TEST(PathsHtml, TheReportDrawsThePathGraph) {
  if (std::string(CCSIM_DOT).empty()) GTEST_SKIP() << "configure found no dot (Debian package graphviz)";
  const std::string dir = testing::temporary_path("paths_report");
  annotate({"--html=" + dir, profile_path(kProfile)});
  const std::string page = read_file(dir + "/index.html");
  EXPECT_NE(page.find("<h2 id=\"paths\">How heap blocks move between functions and threads</h2>"), std::string::npos);
  const std::size_t graph = page.find("<div class=\"graph\" id=\"path-graph\">");
  ASSERT_NE(graph, std::string::npos);
  EXPECT_NE(page.find("read_node", graph), std::string::npos);
  EXPECT_NE(page.find("changes thread", graph), std::string::npos);
  EXPECT_NE(read_file(dir + "/paths.svg").find("<svg"), std::string::npos);
}

// Two runs of the same program: one site, each path once with its lives and counts doubled.
TEST(PathsSum, TwoProfilesAddTheirPathsLivesAndCounts) {
  const nlohmann::json json =
      nlohmann::json::parse(annotate({"--json", profile_path(kProfile), profile_path(kProfile)}));
  ASSERT_EQ(json["paths"].size(), 1u);
  EXPECT_EQ(json["paths"][0]["lives_followed"], 16);
  ASSERT_EQ(json["paths"][0]["paths"].size(), 2u);
  EXPECT_EQ(json["paths"][0]["paths"][0]["lives"], 12);
  EXPECT_EQ(json["paths"][0]["paths"][0]["runs"][1]["writes"], 24);
  EXPECT_EQ(json["paths"][0]["paths"][1]["lifetime"]["sum"], 20);
}

}  // namespace
}  // namespace ccsim::annotate
