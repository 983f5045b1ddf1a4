// exec_tests.cc: a program that replaces itself (exec) keeps the profile of the image it replaces
// (ccsim/tool/output/client_exec.h), with --sim-threads=0 and 1.
//
// exec_after_work.c: two threads each add 1 to their own counter 1,000 times (the marked line `count`
// stores once per addition: 2 x 1,000 = 2,000 writes), then the program execs itself with "after", whose
// image stores 300 longs (the line `after`: 300 writes) and exits with 7, the run's exit code.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tool/profile_reader.h"
#include "tests/tool/run_valgrind.h"

namespace {

using ccsim_test::files_starting_with;
using ccsim_test::marked_line;
using ccsim_test::Profile;
using ccsim_test::read_profile;
using ccsim_test::run_ccsim;
using ccsim_test::RunResult;
using ccsim_test::scratch_directory;
using ccsim_test::test_program;

const char kSource[] = "exec_after_work.c";

Profile read_or_fail(const std::string& path) {
  Profile p;
  std::string error;
  EXPECT_TRUE(read_profile(path, &p, &error)) << path << ": " << error;
  return p;
}

std::uint64_t writes_at(const Profile& p, const char* tag) {
  return p.at_line(kSource, marked_line(kSource, tag), "writes");
}

// How many times `text` holds `part`.
std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

// The sentence the tool says before an exec of the program itself.
std::string exec_sentence() {
  return "ccsim: the program replaces itself with '" + test_program("exec_after_work") +
         "' (exec): the profile of its run so far is written now.";
}

class Exec : public ::testing::TestWithParam<int> {
 protected:
  RunResult run(const std::string& dir, std::vector<std::string> options, const std::vector<std::string>& args = {}) {
    options.push_back("--sim-threads=" + std::to_string(GetParam()));
    return run_ccsim(dir, options, test_program("exec_after_work"), args);
  }
};

// The exec replaces the image, which leaves its profile: the threads' 2,000 writes, none of the next
// image's; the run ends with the next image's code, 7.
TEST_P(Exec, WritesTheProfileOfTheImageItReplaces) {
  const std::string dir = scratch_directory("exec_" + std::to_string(GetParam()));
  RunResult result = run(dir, {});
  EXPECT_EQ(result.exit_code, 7) << result.stderr_text;
  EXPECT_EQ(occurrences(result.stderr_text, exec_sentence()), 1u) << result.stderr_text;
  const std::vector<std::string> profiles = files_starting_with(dir, "ccsim.out.");
  ASSERT_EQ(profiles.size(), 1u) << result.stderr_text;
  Profile p = read_or_fail(profiles[0]);
  EXPECT_EQ(profiles[0].substr(profiles[0].rfind('.') + 1), p.header["pid"]);
  EXPECT_EQ(writes_at(p, "count"), 2000u);
  EXPECT_EQ(writes_at(p, "after"), 0u);
  EXPECT_EQ(p.header["threads"], "3");
}

// An exec that fails (no such file) returns to the program, which goes on: nothing is written then; the
// exec that follows writes the profile, once.
TEST_P(Exec, AFailingExecWritesNothingAndTheRunGoesOn) {
  const std::string dir = scratch_directory("exec_missing_" + std::to_string(GetParam()));
  RunResult result = run(dir, {}, {"missing"});
  EXPECT_EQ(result.exit_code, 7) << result.stderr_text;
  EXPECT_EQ(occurrences(result.stderr_text, "(exec)"), 1u) << result.stderr_text;
  EXPECT_EQ(occurrences(result.stderr_text, exec_sentence()), 1u) << result.stderr_text;
  const std::vector<std::string> profiles = files_starting_with(dir, "ccsim.out.");
  ASSERT_EQ(profiles.size(), 1u) << result.stderr_text;
  EXPECT_EQ(writes_at(read_or_fail(profiles[0]), "count"), 2000u);
}

// With --trace-children=yes the next image runs under ccsim in the same process (the same pid): its
// profile is "<name>.2", and the first image's is kept.
TEST_P(Exec, TheTracedNextImageGetsTheNextName) {
  const std::string dir = scratch_directory("exec_traced_" + std::to_string(GetParam()));
  RunResult result = run(dir, {"--trace-children=yes", "--ccsim-out-file=" + dir + "/profile.%p"});
  EXPECT_EQ(result.exit_code, 7) << result.stderr_text;
  const std::vector<std::string> profiles = files_starting_with(dir, "profile.");
  ASSERT_EQ(profiles.size(), 2u) << result.stderr_text;
  const std::string first = profiles[0].size() < profiles[1].size() ? profiles[0] : profiles[1];
  const std::string second = first == profiles[0] ? profiles[1] : profiles[0];
  EXPECT_EQ(second, first + ".2");
  EXPECT_NE(result.stderr_text.find("ccsim: profile written to " + first + "\n"), std::string::npos) << result.stderr_text;
  EXPECT_NE(result.stderr_text.find("ccsim: profile written to " + second + "\n"), std::string::npos) << result.stderr_text;
  Profile before = read_or_fail(first);
  Profile after = read_or_fail(second);
  EXPECT_EQ(before.header["pid"], after.header["pid"]);
  EXPECT_EQ(first, dir + "/profile." + before.header["pid"]);
  EXPECT_EQ(writes_at(before, "count"), 2000u);
  EXPECT_EQ(writes_at(before, "after"), 0u);
  EXPECT_EQ(writes_at(after, "count"), 0u);
  EXPECT_EQ(writes_at(after, "after"), 300u);
  EXPECT_EQ(after.header["threads"], "1");
}

// A process the program forked writes no profile at its exec (its counts until the fork are its
// parent's): one profile, the parent's, with the threads' writes; no exec sentence.
TEST_P(Exec, AForkedChildThatExecsWritesNoProfile) {
  const std::string dir = scratch_directory("exec_fork_" + std::to_string(GetParam()));
  RunResult result = run(dir, {}, {"fork"});
  EXPECT_EQ(result.exit_code, 7) << result.stderr_text;
  EXPECT_EQ(occurrences(result.stderr_text, "(exec)"), 0u) << result.stderr_text;
  const std::vector<std::string> profiles = files_starting_with(dir, "ccsim.out.");
  ASSERT_EQ(profiles.size(), 1u) << result.stderr_text;
  EXPECT_EQ(writes_at(read_or_fail(profiles[0]), "count"), 2000u);
}

// A profile that cannot be written at the exec (/dev/full fails every write) is said, and the run ends
// there with 1: the next image's code (7 here, but it could be 0) would hide the loss.
TEST_P(Exec, AProfileLostAtTheExecEndsTheRunWithOne) {
  const std::string dir = scratch_directory("exec_full_" + std::to_string(GetParam()));
  RunResult result = run(dir, {"--ccsim-out-file=/dev/full"});
  EXPECT_EQ(result.exit_code, 1) << result.stderr_text;
  EXPECT_NE(result.stderr_text.find("ccsim: the profile was not written to '/dev/full': No space left on device"),
            std::string::npos) << result.stderr_text;
  EXPECT_NE(result.stderr_text.find("ccsim: so the run ends here, before the exec, with exit code 1."), std::string::npos)
      << result.stderr_text;
}

INSTANTIATE_TEST_SUITE_P(SimThreads, Exec, ::testing::Values(0, 1),
                         [](const ::testing::TestParamInfo<int>& info) { return "sim_threads_" + std::to_string(info.param); });

// The profile a worker writes at the exec is the one the tool writes inline: the same file but its pid
// and the counts that differ between two inline runs too, being real-time (docs/synchronization.md,
// "Determinism": accesses skipped in the runtime or while spinning, spin-wait re-reads).
std::string without_run_dependent_lines(const std::string& path) {
  std::ifstream in(path);
  std::string line, kept;
  while (std::getline(in, line)) {
    bool dropped = false;
    for (const char* const prefix : {"pid:", "skipped: runtime", "skipped: spin", "spin-wait:"}) {
      dropped = dropped || line.rfind(prefix, 0) == 0;
    }
    if (!dropped) kept += line + "\n";
  }
  return kept;
}

TEST(ExecWithWorker, TheProfileEqualsTheInlineOne) {
  std::string profiles[2];
  for (int threads = 0; threads < 2; ++threads) {
    const std::string dir = scratch_directory("exec_same_" + std::to_string(threads));
    RunResult result = run_ccsim(dir, {"--sim-threads=" + std::to_string(threads), "--ccsim-out-file=" + dir + "/profile"},
                                 test_program("exec_after_work"), {}, true);
    EXPECT_EQ(result.exit_code, 7) << result.stderr_text;
    profiles[threads] = without_run_dependent_lines(dir + "/profile");
  }
  EXPECT_FALSE(profiles[0].empty());
  EXPECT_TRUE(profiles[0] == profiles[1]) << "the worker's profile at the exec differs from the inline one";
}

}  // namespace
