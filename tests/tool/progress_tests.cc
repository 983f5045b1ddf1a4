// progress_tests.cc: a long run says it is alive (--ccsim-progress-interval, issue 16; progress.h), and
// --ccsim-version names ccsim's version. The program is tests/programs/long_run.c: two threads that
// each sweep an array of their own for the given number of seconds of the program's own clock.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tool/run_valgrind.h"

namespace ccsim_test {
namespace {

// One progress line, as progress.h documents it (after Valgrind's "==pid== " prefix).
const std::regex kProgressLine(
    R"(==\d+== ccsim progress: (\d+) s, ([\d,]+) accesses simulated \(([\d,]+)/s\), (\d+) threads, )"
    R"((replay buffer (\d+) of (\d+) MiB|no replay buffer \(native order\)|)"
    R"((\d+) simulation workers?, (its|their) queue (\d+) of (\d+) MiB))");

std::vector<std::smatch> progress_lines(const std::string& text, std::vector<std::string>* storage) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.find("ccsim progress") != std::string::npos) storage->push_back(line);
  }
  std::vector<std::smatch> matches;
  for (const std::string& line : *storage) {
    std::smatch match;
    EXPECT_TRUE(std::regex_match(line, match, kProgressLine)) << "not a progress line as documented: " << line;
    matches.push_back(match);
  }
  return matches;
}

std::uint64_t number(const std::string& text) {
  std::string digits;
  for (char c : text) {
    if (c != ',') digits += c;
  }
  return std::stoull(digits);
}

// --ccsim-progress-interval=1 on a run of 2.5 s of client time: the tool's clock starts before the
// client does, so whole seconds 1 and 2 both pass while the client runs, each giving one line. Their
// elapsed seconds grow, the simulated accesses grow (the threads never stop sweeping), the rate is not 0,
// both threads have started by then (the second is created first thing), and the default interleaved
// order shows its buffer against the default --max-buffer of 256 MiB.
TEST(Progress, OneLinePerIntervalWithTheDocumentedFields) {
  std::string dir = scratch_directory("progress_interval");
  RunResult run = run_ccsim(dir, {"--ccsim-progress-interval=1", "--ccsim-out-file=ccsim.out"},
                            test_program("long_run"), {"2.5"});
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  std::vector<std::string> lines;
  std::vector<std::smatch> matches = progress_lines(run.stderr_text, &lines);
  ASSERT_GE(matches.size(), 2u) << run.stderr_text;
  for (std::size_t i = 0; i < matches.size(); ++i) {
    SCOPED_TRACE(lines[i]);
    EXPECT_GE(number(matches[i][1]), i + 1);
    EXPECT_GT(number(matches[i][3]), 0u);
    EXPECT_EQ(matches[i][4], "2");
    EXPECT_EQ(matches[i][7], "256");
    if (i > 0) {
      EXPECT_GT(number(matches[i][1]), number(matches[i - 1][1]));
      EXPECT_GT(number(matches[i][2]), number(matches[i - 1][2]));
    }
  }
}

// The native order simulates as the program runs: there is no replay buffer, and the line says so.
TEST(Progress, NativeOrderHasNoReplayBuffer) {
  std::string dir = scratch_directory("progress_native");
  RunResult run = run_ccsim(dir, {"--ccsim-progress-interval=1", "--sim-mode=native", "--ccsim-out-file=ccsim.out"},
                            test_program("long_run"), {"1.5"});
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  std::vector<std::string> lines;
  std::vector<std::smatch> matches = progress_lines(run.stderr_text, &lines);
  ASSERT_GE(matches.size(), 1u) << run.stderr_text;
  EXPECT_EQ(matches[0][5], "no replay buffer (native order)");
}

// With simulation workers the line names how many and the ring they read, a quarter of --max-buffer
// (64 MiB of the default 256) capped at 8 MiB: "1 simulation worker, its queue ... of 8 MiB", and with
// --sim-threads=2 "2 simulation workers, their queue ... of 8 MiB": the queue is the ring's chunks (the
// header, the messages' room and the placement queues beside them are not the stream's).
TEST(Progress, WorkersAreNamedWithTheirQueue) {
  for (const int workers : {1, 2}) {
    std::string dir = scratch_directory("progress_workers_" + std::to_string(workers));
    RunResult run = run_ccsim(dir, {"--ccsim-progress-interval=1", "--data-objects=no",
                                    "--sim-threads=" + std::to_string(workers), "--ccsim-out-file=ccsim.out"},
                              test_program("long_run"), {"1.5"});
    ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
    std::vector<std::string> lines;
    std::vector<std::smatch> matches = progress_lines(run.stderr_text, &lines);
    ASSERT_GE(matches.size(), 1u) << run.stderr_text;
    EXPECT_EQ(matches[0][8], std::to_string(workers));
    EXPECT_EQ(matches[0][9], workers == 1 ? "its" : "their");
    EXPECT_EQ(matches[0][11], "8");
  }
}

// 0 turns progress off, and so does the default when stderr is not a terminal (here a file) and with -q:
// the same 1.5 s run prints no progress line.
TEST(Progress, ZeroAndTheDefaultOffATerminalPrintNone) {
  for (const std::vector<std::string>& options :
       {std::vector<std::string>{"--ccsim-progress-interval=0"}, std::vector<std::string>{},
        std::vector<std::string>{"-q"}}) {
    std::string dir = scratch_directory("progress_off");
    std::vector<std::string> all = options;
    all.push_back("--ccsim-out-file=ccsim.out");
    RunResult run = run_ccsim(dir, all, test_program("long_run"), {"1.5"});
    SCOPED_TRACE(options.empty() ? "(default)" : options[0]);
    ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
    EXPECT_EQ(run.stderr_text.find("ccsim progress"), std::string::npos) << run.stderr_text;
  }
}

// A value that is not a whole number from 0 to 86400 stops Valgrind with rc 1 and one sentence.
TEST(Progress, BadValuesAreRejected) {
  for (const char* value : {"-1", "ten", "", "86401", "1.5"}) {
    SCOPED_TRACE(value);
    std::string dir = scratch_directory("progress_bad");
    RunResult run = run_ccsim(dir, {std::string("--ccsim-progress-interval=") + value}, test_program("long_run"), {"0"});
    EXPECT_EQ(run.exit_code, 1) << run.stderr_text;
    EXPECT_NE(run.stderr_text.find(std::string("Bad option: --ccsim-progress-interval=") + value), std::string::npos)
        << run.stderr_text;
    EXPECT_NE(run.stderr_text.find("expected a whole number from 0 to 86400."), std::string::npos)
        << run.stderr_text;
  }
}

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// --ccsim-version prints "ccsim-" and configure.ac's version (CCSIM_EXPECTED_VERSION, from AC_INIT) on stdout, like
// `valgrind --version`, and exits 0 without running the program; --help names the version, the manual
// and the installed documents.
TEST(Version, ToolOptionPrintsTheConfiguredVersion) {
  std::string dir = scratch_directory("tool_version");
  RunResult run = run_ccsim(dir, {"--ccsim-version"}, test_program("long_run"), {"5"});
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
  EXPECT_EQ(file_text(dir + "/stdout.txt"), std::string("ccsim-") + CCSIM_EXPECTED_VERSION + "\n");
  RunResult help = run_ccsim(dir, {"--help"}, test_program("long_run"));
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(file_text(dir + "/stdout.txt").find(std::string("ccsim ") + CCSIM_EXPECTED_VERSION +
                                                ": the manual is ccsim(1), the documents " + CCSIM_DOCDIR),
            std::string::npos);
}

}  // namespace
}  // namespace ccsim_test
