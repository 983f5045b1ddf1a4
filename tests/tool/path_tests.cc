// path_tests.cc: object paths end to end: work_queue_paths.c's derivation (in its header comment) against
// the path records the tool writes, in each simulation order, with the site named and chosen by default;
// path_life_reuse.c's (lives one after another, each in the record the previous one ended in).
#include <gtest/gtest.h>

#include "tests/tool/profile_reader.h"
#include "tests/tool/run_valgrind.h"

namespace ccsim_test {
namespace {

// The profile number of the heap site allocated at the line of `source` marked `marker`.
unsigned marked_site(const Profile& p, const std::string& source, const std::string& marker) {
  const std::string prefix = source + ":" + std::to_string(marked_line(source, marker)) + " ";
  for (const auto& [id, object] : p.objects) {
    if (object.kind == "heap" && object.name.rfind(prefix, 0) == 0) return id;
  }
  return 0;
}

unsigned node_site(const Profile& p) { return marked_site(p, "work_queue_paths.c", "node site"); }

struct ExpectedRun {
  const char* function;
  unsigned thread;
  const char* changed;
  std::uint64_t reads, writes, bytes;
  const char* offsets;
  std::uint64_t transfer;
};

// One path of `lives` lives, alloc_node on 1, fill_node on 1, read_node on 2 (changed thread), free_node
// on 2; every count is per life (the header comment) times the lives.
void expect_the_hand_off_path(const Profile& p, const std::string& chosen, std::uint64_t lives) {
  const unsigned site = node_site(p);
  ASSERT_NE(site, 0u);
  std::vector<PathSiteRow> sites;
  for (const PathSiteRow& row : p.path_sites) {
    if (row.object == site) sites.push_back(row);
  }
  ASSERT_EQ(sites.size(), 1u);
  EXPECT_EQ(sites[0].chosen, chosen);
  EXPECT_EQ(sites[0].stored, lives);
  EXPECT_EQ(sites[0].unstored + sites[0].unfollowed, 0u);
  std::vector<PathRow> paths;
  for (const PathRow& row : p.paths) {
    if (row.object == site) paths.push_back(row);
  }
  ASSERT_EQ(paths.size(), 1u);
  EXPECT_EQ(paths[0].lives, lives);
  EXPECT_EQ(paths[0].freed, "freed");
  EXPECT_EQ(paths[0].cut, "whole");
  // One allocation (the log entry) during each life.
  EXPECT_EQ(paths[0].lifetime_sum, lives);
  EXPECT_EQ(paths[0].lifetime_min, 1u);
  EXPECT_EQ(paths[0].lifetime_max, 1u);
  const ExpectedRun expected[] = {{"alloc_node", 1, "same", 0, 0, 0, "-", 0},
                                  {"fill_node", 1, "same", 0, 2, 16, "0-15", 0},
                                  {"read_node", 2, "changed", 2, 0, 16, "0-15", 1},
                                  {"free_node", 2, "same", 0, 0, 0, "-", 0}};
  std::vector<PathRunRow> runs;
  for (const PathRunRow& row : p.path_runs) {
    if (row.object == site) runs.push_back(row);
  }
  ASSERT_EQ(runs.size(), 4u);
  for (unsigned i = 0; i < 4; ++i) {
    SCOPED_TRACE("run " + std::to_string(i + 1));
    EXPECT_EQ(runs[i].run, i + 1);
    EXPECT_EQ(runs[i].function, expected[i].function);
    EXPECT_EQ(runs[i].thread, expected[i].thread);
    EXPECT_EQ(runs[i].changed, expected[i].changed);
    EXPECT_EQ(runs[i].reads, expected[i].reads * lives);
    EXPECT_EQ(runs[i].writes, expected[i].writes * lives);
    EXPECT_EQ(runs[i].bytes, expected[i].bytes * lives);
    EXPECT_EQ(runs[i].offsets, expected[i].offsets);
    EXPECT_EQ(runs[i].transfer, expected[i].transfer * lives);
    EXPECT_EQ(runs[i].own_l2 + runs[i].llc + runs[i].memory, 0u);
  }
}

Profile run_paths_program(const std::string& program, const std::string& name, std::vector<std::string> options) {
  std::string dir = scratch_directory(name);
  options.push_back("--ccsim-out-file=ccsim.out");
  RunResult run = run_ccsim(dir, options, test_program(program));
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
  Profile p;
  std::string error;
  EXPECT_TRUE(read_profile(dir + "/ccsim.out", &p, &error)) << error;
  return p;
}

Profile run_work_queue(const std::string& name, std::vector<std::string> options) {
  return run_paths_program("work_queue_paths", name, std::move(options));
}

std::string named_site() { return "--paths=work_queue_paths.c:" + std::to_string(marked_line("work_queue_paths.c", "node site")); }

TEST(ObjectPaths, AWorkQueueHandsEachOfItsEightNodesFromFillOnThread1ToReadOnThread2Interleaved) {
  expect_the_hand_off_path(run_work_queue("paths_interleaved", {"--sim-mode=interleaved", named_site()}), "named", 8);
}

TEST(ObjectPaths, TheSamePathPiped) {
  expect_the_hand_off_path(run_work_queue("paths_piped", {"--sim-mode=piped", named_site()}), "named", 8);
}

TEST(ObjectPaths, TheSamePathInNativeOrder) {
  expect_the_hand_off_path(run_work_queue("paths_native", {"--sim-mode=native", named_site()}), "named", 8);
}

// By default the site is chosen at the consumer's first read of node 1, whose life is under way then.
TEST(ObjectPaths, ChosenByDefaultWhenASecondThreadTouchesTheSiteFollowingTheSevenLaterLives) {
  expect_the_hand_off_path(run_work_queue("paths_default", {"--sim-mode=interleaved"}), "shared", 7);
}

// path_life_reuse.c's derivation (its header comment): four lives in turn, each starting in the record
// the previous one ended in (object_paths.cc keeps ended lives for reuse), each counting its own bytes.
void expect_four_lives_of_one_run(const Profile& p) {
  const unsigned site = marked_site(p, "path_life_reuse.c", "block site");
  ASSERT_NE(site, 0u);
  std::vector<PathRow> paths;
  for (const PathRow& row : p.paths) {
    if (row.object == site) paths.push_back(row);
  }
  ASSERT_EQ(paths.size(), 1u);
  EXPECT_EQ(paths[0].lives, 4u);
  EXPECT_EQ(paths[0].freed, "freed");
  std::vector<PathRunRow> runs;
  for (const PathRunRow& row : p.path_runs) {
    if (row.object == site) runs.push_back(row);
  }
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].function, "fill_block");
  EXPECT_EQ(runs[0].thread, 1u);
  EXPECT_EQ(runs[0].reads, 0u);
  EXPECT_EQ(runs[0].writes, 30u);
  EXPECT_EQ(runs[0].bytes, 240u);
  EXPECT_EQ(runs[0].offsets, "0-127");
}

std::string reused_site() {
  return "--paths=path_life_reuse.c:" + std::to_string(marked_line("path_life_reuse.c", "block site"));
}

TEST(ObjectPaths, LivesOneAfterAnotherEachCountTheirOwnBytesInterleaved) {
  expect_four_lives_of_one_run(run_paths_program("path_life_reuse", "paths_reuse_interleaved",
                                                 {"--sim-mode=interleaved", reused_site()}));
}

TEST(ObjectPaths, LivesOneAfterAnotherEachCountTheirOwnBytesInNativeOrder) {
  expect_four_lives_of_one_run(
      run_paths_program("path_life_reuse", "paths_reuse_native", {"--sim-mode=native", reused_site()}));
}

TEST(ObjectPaths, NoPathRecordsWithPathSitesZero) {
  const Profile p = run_work_queue("paths_off", {"--sim-mode=interleaved", "--path-sites=0"});
  EXPECT_TRUE(p.path_sites.empty());
  EXPECT_TRUE(p.paths.empty());
  EXPECT_TRUE(p.path_runs.empty());
}

// Each mistake stops Valgrind with rc 1 and one sentence.
TEST(ObjectPaths, BadOptionsAreRejectedInOneSentence) {
  struct Case {
    std::vector<std::string> options;
    const char* sentence;
  };
  const Case cases[] = {
      {{"--paths="}, "give one or more heap sites, separated by commas."},
      {{"--path-sites=65"}, "expected a whole number from 0 to 64."},
      {{"--paths=work_queue_paths.c:42", "--data-objects=no"},
       "object paths follow heap blocks, which --data-objects=no leaves out; drop one of the two."},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.options.front());
    RunResult run = run_ccsim(scratch_directory("paths_bad_option"), c.options, test_program("work_queue_paths"));
    EXPECT_EQ(run.exit_code, 1) << run.stderr_text;
    EXPECT_NE(run.stderr_text.find(c.sentence), std::string::npos) << run.stderr_text;
  }
}

}  // namespace
}  // namespace ccsim_test
