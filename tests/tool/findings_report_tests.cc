// findings_report_tests.cc: what a user sees first, end to end on the bundled example
// (docs/examples/histogram.c, as scripts/demo.sh runs it): the findings, the graphs rendered by dot, the
// sentence a piped profile adds, and the exit messages of the tool.
//
// The example: 4 OpenMP threads (Valgrind threads 1-4 are OpenMP threads 0-3) each increment the 4
// longs of their own 32-byte row of per_thread_counts (64 rows, 2,048 B, aligned to 64). Rows 0 and 1
// share the first line, rows 2 and 3 the second, so threads 1 and 2 invalidate each other, and so do
// threads 3 and 4, and no thread ever touches another's bytes: all invalidations are false sharing,
// inside the one parallel region, at the increment line, with no thread pair across the two lines.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "tests/tool/run_valgrind.h"

namespace ccsim_test {
namespace {

std::string command_output(const std::string& command) {
  std::string output;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  char buffer[4096];
  while (pipe && fgets(buffer, sizeof buffer, pipe)) output += buffer;
  if (pipe) pclose(pipe);
  return output;
}

std::string annotate(const std::string& arguments) {
  return command_output(std::string(CCSIM_BUILD_DIR) + "/ccsim/annotate/ccsim-annotate " + arguments);
}

std::string example_source() { return std::string(CCSIM_SOURCE_DIR) + "/docs/examples/histogram.c"; }

// The line of the example that increments a thread's bucket.
unsigned increment_line() {
  std::ifstream in(example_source());
  std::string text;
  for (unsigned number = 1; std::getline(in, text); ++number) {
    if (text.find("mine->count[") != std::string::npos) return number;
  }
  return 0;
}

// Runs the example with 4 threads once per test suite, in `mode`; returns the profile's path.
std::string example_profile(const std::string& mode) {
  std::string dir = scratch_directory("findings_report_" + mode);
  RunResult run = run_ccsim(dir, {"--sim-mode=" + mode, "--ccsim-out-file=ccsim.out"},
                            test_program("histogram_example"), {"4"});
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
  return dir + "/ccsim.out";
}

class FindingsReportTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { profile_ = new std::string(example_profile("interleaved")); }
  static void TearDownTestSuite() { delete profile_; }
  static std::string* profile_;
};
std::string* FindingsReportTest::profile_ = nullptr;

// The overview opens with the finding: per_thread_counts, false sharing in the parallel region, the
// increment line on threads 1-4 as both culprit and victim, and the advice to pad each thread's 32 bytes
// (4 longs) to the 64-byte line. The runtime's objects are no finding.
TEST_F(FindingsReportTest, OverviewOpensWithTheFalseSharingFinding) {
  std::string overview = annotate(*profile_);
  std::size_t findings = overview.find("-- Findings:");
  ASSERT_NE(findings, std::string::npos) << overview;
  EXPECT_LT(findings, overview.find("-- L1 misses by cause"));
  std::string section = overview.substr(findings, overview.find("-- L1 misses by cause") - findings);
  EXPECT_NE(section.find("\n1. per_thread_counts (global, 2,048 B): false sharing in parallel regions, about "),
            std::string::npos)
      << section;
  EXPECT_EQ(section.find("\n2. "), std::string::npos) << section;
  EXPECT_NE(section.find("fix: each thread writes its own 32 bytes of per_thread_counts (2,048 B), and threads' "
                         "parts share 64-byte lines: pad each thread's part to 64 bytes and align it (alignas(64))"),
            std::string::npos)
      << section;
  std::string site = "histogram.c:" + std::to_string(increment_line()) + " (main._omp_fn.0) threads 1-4";
  EXPECT_NE(section.find(site), section.rfind(site)) << section;  // culprit and victim
  for (const char* runtime : {"libc", "ld-linux", "libgomp", "mapping"})
    EXPECT_EQ(section.find(runtime), std::string::npos) << runtime << "\n" << section;
}

// The default invalidator graph is the one edge that matters: the increment line invalidating itself,
// its label listing the heaviest thread pairs first, all among 1<->2 and 3<->4, three of the four
// shown, each thread with its label. dot renders it.
TEST_F(FindingsReportTest, InvalidatorGraphIsTheOneEdgeThatMatters) {
  std::string dot_file = *profile_ + ".dot";
  annotate("--graph=invalidators --output=" + dot_file + " " + *profile_);
  std::string plain = command_output("dot -Tplain " + dot_file);
  std::string node = "histogram.c:" + std::to_string(increment_line()) + "\\nmain._omp_fn.0\\nper_thread_counts";
  std::regex node_line("^node ");
  std::regex edge_line("^edge ");
  std::size_t nodes = 0, edges = 0;
  std::string label;
  std::istringstream lines(plain);
  for (std::string text; std::getline(lines, text);) {
    if (text.rfind("node ", 0) == 0) {
      ++nodes;
      EXPECT_NE(text.find(node), std::string::npos) << text;
    }
    if (text.rfind("edge ", 0) == 0) {
      ++edges;
      label = text;
      // dot -Tplain continues a long label on the next line after a backslash.
      while (!label.empty() && label.back() == '\\' && std::getline(lines, text)) {
        label.pop_back();
        label += text;
      }
    }
  }
  EXPECT_EQ(nodes, 1u) << plain;
  EXPECT_EQ(edges, 1u) << plain;
  EXPECT_NE(label.find("+1 more thread pairs"), std::string::npos) << label;
  // "thread 2 (omp thread 1 of 4) -> 1 (main): 50,000": numbers and labels (thread: records).
  std::regex pair("thread ([0-9]+) \\([^)]*\\) -> ([0-9]+) \\([^)]*\\): ([0-9,]+)");
  std::set<std::string> allowed = {"1>2", "2>1", "3>4", "4>3"};
  unsigned long previous = ~0ul;
  std::size_t pairs = 0;
  for (std::sregex_iterator it(label.begin(), label.end(), pair), end; it != end; ++it, ++pairs) {
    EXPECT_TRUE(allowed.count((*it)[1].str() + ">" + (*it)[2].str())) << label;
    std::string digits;
    for (char c : (*it)[3].str()) {
      if (c != ',') digits += c;
    }
    unsigned long count = std::stoul(digits);
    EXPECT_LE(count, previous) << label;
    previous = count;
  }
  EXPECT_EQ(pairs, 3u) << label;
  std::string svg = command_output("dot -Tsvg " + dot_file);
  EXPECT_NE(svg.find("<svg"), std::string::npos) << svg;
  EXPECT_NE(svg.find("per_thread_counts"), std::string::npos);
}

// A piped profile of the same program says, in the overview and in the findings, what piped order
// cannot show and how to see it.
TEST(FindingsReportPipedTest, PipedProfileSaysWhatItCannotShow) {
  std::string profile = example_profile("piped");
  std::string sentence = "This profile was simulated in piped order, which replays one thread at a time up to each "
                         "synchronization event and then lets the lowest-numbered thread that can run go on, so a "
                         "thread keeps running through its lock hand-offs and runs all its critical sections before "
                         "the next one goes: data that threads pass back and forth, true sharing under a lock and "
                         "false sharing in their loops alike, mostly does not show here; rerun with "
                         "--sim-mode=interleaved to see it.";
  EXPECT_NE(annotate(profile).find(sentence), std::string::npos);
  EXPECT_NE(annotate("--view=findings " + profile).find(sentence), std::string::npos);
}

// The exit messages: nothing about stacks when none were skipped; a replay-buffer hint that names
// --fair-sched only to a user who turned it off (ccsim's default is on). A 1 MiB buffer cannot hold the
// example's 665 K accesses of the parallel region, so early replays happen even when threads take turns.
TEST(FindingsReportExitTest, ExitMessagesSayWhatHappened) {
  std::string dir = scratch_directory("findings_report_exit");
  RunResult plain = run_ccsim(dir, {"--max-buffer=1", "--ccsim-out-file=plain.out"}, test_program("histogram_example"),
                              {"4"});
  EXPECT_EQ(plain.stderr_text.find("to threads' own stacks"), std::string::npos) << plain.stderr_text;
  EXPECT_NE(plain.stderr_text.find("inside synchronization code (--trace-runtime=yes simulates them)"),
            std::string::npos)
      << plain.stderr_text;
  EXPECT_NE(plain.stderr_text.find("early replays: raise it for exact interleaving"), std::string::npos)
      << plain.stderr_text;
  EXPECT_EQ(plain.stderr_text.find("--fair-sched"), std::string::npos) << plain.stderr_text;
  // The summary's counts have thousands separators: the example makes 200,000 increments and more.
  EXPECT_TRUE(std::regex_search(plain.stderr_text, std::regex("total +[0-9]{1,3},[0-9]{3},?[0-9]* ")))
      << plain.stderr_text;
  RunResult unfair = run_ccsim(dir, {"--max-buffer=1", "--fair-sched=no", "--ccsim-out-file=unfair.out"},
                               test_program("histogram_example"), {"4"});
  EXPECT_NE(unfair.stderr_text.find("early replays: raise it, or leave out --fair-sched=no so that threads take "
                                    "turns evenly, for exact interleaving"),
            std::string::npos)
      << unfair.stderr_text;
}

// Threads take turns under ccsim unless the user says otherwise: Valgrind, asked to be verbose, names the
// lock its scheduler uses, the ticket lock of --fair-sched by default and its own generic lock with
// --fair-sched=no. --help says so.
TEST(FindingsReportExitTest, ThreadsTakeTurnsUnlessTheUserSaysNo) {
  std::string dir = scratch_directory("findings_report_turns");
  RunResult turns = run_ccsim(dir, {"-v", "--ccsim-out-file=turns.out"}, test_program("histogram_example"), {"4"});
  EXPECT_NE(turns.stderr_text.find("Scheduler: using ticket lock scheduler lock"), std::string::npos)
      << turns.stderr_text;
  RunResult own = run_ccsim(dir, {"-v", "--fair-sched=no", "--ccsim-out-file=own.out"},
                            test_program("histogram_example"), {"4"});
  EXPECT_NE(own.stderr_text.find("Scheduler: using generic scheduler lock"), std::string::npos) << own.stderr_text;
  std::string help = command_output(std::string(CCSIM_BUILD_DIR) + "/vg-in-place --tool=ccsim --help");
  EXPECT_NE(help.find("Valgrind's --fair-sched is try under ccsim"), std::string::npos) << help;
}

// --help says where ccsim's bugs go, before Valgrind's own address.
TEST(FindingsReportExitTest, HelpSaysWhereCcsimBugsGo) {
  std::string help = command_output(std::string(CCSIM_BUILD_DIR) + "/vg-in-place --tool=ccsim --help");
  std::size_t ours = help.find("Report ccsim's bugs on the ccsim issue tracker (see its README.md)");
  EXPECT_NE(ours, std::string::npos) << help;
  EXPECT_LT(ours, help.find("www.valgrind.org")) << help;
}

}  // namespace
}  // namespace ccsim_test
