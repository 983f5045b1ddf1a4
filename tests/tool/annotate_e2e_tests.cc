// annotate_e2e_tests.cc: ccsim-annotate on profiles the tool itself wrote (the annotator's own tests use
// hand-written profiles; these check that the two agree on a real run).
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>

#include "tests/tool/run_valgrind.h"

namespace ccsim_test {
namespace {

std::string annotate(const std::string& arguments) {
  std::string command = std::string(CCSIM_BUILD_DIR) + "/ccsim/annotate/ccsim-annotate " + arguments + " 2>&1";
  std::string output;
  FILE* pipe = popen(command.c_str(), "r");
  char buffer[4096];
  while (pipe && fgets(buffer, sizeof buffer, pipe)) output += buffer;
  if (pipe) pclose(pipe);
  return output;
}

// The first ranked row after "(all lines)" in a lines view.
std::string top_line(const std::string& view) {
  size_t all = view.find("(all lines)");
  if (all == std::string::npos) return "";
  size_t begin = view.find('\n', all) + 1;
  return view.substr(begin, view.find('\n', begin) - begin);
}

// Two threads falsely share one line at the increment; no other line of the program is written by two
// threads, so ranked by invalidations received the increment line comes first.
TEST(AnnotateEndToEnd, FalseSharingProgramRanksTheIncrementLineFirst) {
  std::string dir = scratch_directory("annotate_false_sharing");
  RunResult run = run_ccsim(dir, {"--sim-mode=native", "--ccsim-out-file=ccsim.out"}, test_program("pthread_false_sharing"));
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  std::string view = annotate("--view=lines --sort=invalidations_received --top=5 " + dir + "/ccsim.out");
  std::string expected = "pthread_false_sharing.c:" + std::to_string(marked_line("pthread_false_sharing.c", "increment"));
  EXPECT_NE(top_line(view).find(expected), std::string::npos) << view;
}

// The first two cells (reads, writes) of the row of a drill-down table whose label ends the line with
// `label`, after `section`; empty when there is none.
std::pair<std::string, std::string> reads_and_writes(const std::string& view, const std::string& section,
                                                     const std::string& label) {
  size_t begin = view.find(section);
  while (begin != std::string::npos) {
    begin = view.find('\n', begin);
    if (begin == std::string::npos) break;
    ++begin;
    const std::string line = view.substr(begin, view.find('\n', begin) - begin);
    if (line.size() >= label.size() && line.compare(line.size() - label.size(), label.size(), label) == 0) {
      char reads[32] = {};
      char writes[32] = {};
      if (std::sscanf(line.c_str(), "%31s %31s", reads, writes) == 2) return {reads, writes};
    }
  }
  return {};
}

// two_functions_one_array.c: fill() writes table's 64 elements once (main); sum() reads them 3 times on the
// worker and 3 times on main: --object=table's rows by line carry 0 reads and 64 writes at fill's line,
// 192 + 192 = 384 reads and no write at sum's, and their total row is the object's own: 384 reads, 64
// writes.
TEST(AnnotateEndToEnd, ObjectDrillDownGivesEachLinesReadsAndWrites) {
  std::string dir = scratch_directory("annotate_object_cells");
  RunResult run = run_ccsim(dir, {"--sim-mode=interleaved", "--ccsim-out-file=ccsim.out"},
                            test_program("two_functions_one_array"));
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  const std::string view = annotate("--object=table " + dir + "/ccsim.out");
  const std::string file = "two_functions_one_array.c:";
  const std::string fill = file + std::to_string(marked_line("two_functions_one_array.c", "fill")) + " (fill)";
  const std::string sum = file + std::to_string(marked_line("two_functions_one_array.c", "sum")) + " (sum)";
  using Cells = std::pair<std::string, std::string>;
  EXPECT_EQ(reads_and_writes(view, "By line:", fill), (Cells{"0", "64"})) << view;
  EXPECT_EQ(reads_and_writes(view, "By line:", sum), (Cells{"384", "0"})) << view;
  EXPECT_EQ(reads_and_writes(view, "By line:", "(all lines)"), (Cells{"384", "64"})) << view;
  EXPECT_NE(view.find("In all (its object-counts: records): reads 384, writes 64,"), std::string::npos) << view;
}

// omp_barrier_phases.c's header derives it: 100 rounds, each closing one region at the barrier after "own"
// and one at the barrier after "other". The own writes remove the copies the other thread wrote in the
// previous round's other phase (none in round 0): 99 x 2 = 198, all true across regions, in the regions
// closed after "own"; the other writes remove the copies written in the same round's own phase: 100 x 2 =
// 200, in the regions closed after "other". The regions view, by barrier, has one row for each barrier
// with its 100 epochs.
TEST(AnnotateEndToEnd, RegionsViewSumsEachBarriersEpochs) {
  std::string dir = scratch_directory("annotate_barrier_phases");
  RunResult run = run_ccsim(dir, {"--sim-mode=interleaved", "--ccsim-out-file=ccsim.out"}, test_program("omp_barrier_phases"));
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  const std::string view = annotate("--view=regions " + dir + "/ccsim.out");
  for (const auto& [marker, invalidations] : {std::pair<const char*, const char*>{"barrier after own", "198"},
                                              std::pair<const char*, const char*>{"barrier after other", "200"}}) {
    SCOPED_TRACE(marker);
    const std::string site = "omp_barrier_phases.c:" + std::to_string(marked_line("omp_barrier_phases.c", marker));
    const std::size_t at = view.find(site);
    ASSERT_NE(at, std::string::npos) << view;
    const std::size_t begin = view.rfind('\n', at) + 1;
    const std::string row = view.substr(begin, at - begin);
    // epochs, true in, critical, false in, true across, false across, total
    const std::string expected = std::string("100 0 0 0 ") + invalidations + " 0 " + invalidations + " ";
    std::string squeezed;
    for (char c : row) {
      if (c != ' ' || (!squeezed.empty() && squeezed.back() != ' ')) squeezed += c;
    }
    EXPECT_EQ(squeezed.substr(0, expected.size()), expected) << view;
  }
}

// The exit status of ccsim-annotate `arguments`, with its standard error in `error`.
int annotate_status(const std::string& arguments, std::string& error) {
  const std::string error_file = scratch_directory("annotate_status") + "/stderr";
  const std::string command =
      std::string(CCSIM_BUILD_DIR) + "/ccsim/annotate/ccsim-annotate " + arguments + " >/dev/null 2>" + error_file;
  const int status = std::system(command.c_str());
  error.clear();
  if (FILE* file = std::fopen(error_file.c_str(), "r")) {
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, file)) > 0;) error.append(buffer, n);
    std::fclose(file);
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// thread_counters.c's header derives it: run `serial`, the program has exactly 1 invalidation at its
// increment line, on `counters`. So a gate at "more than 0" there holds (exit 3, one sentence naming the
// line's count and its object) and one at "more than 1" does not (exit 0, nothing said).
TEST(AnnotateEndToEnd, FailIfGatesTheInvalidationsOfTheCountersProgram) {
  const std::string dir = scratch_directory("annotate_fail_if");
  RunResult run = run_ccsim(dir, {"--ccsim-out-file=ccsim.out"}, test_program("thread_counters"), {"1000", "serial"});
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  const std::string line = "thread_counters.c:" + std::to_string(marked_line("thread_counters.c", "increment"));
  const std::string profile = dir + "/ccsim.out";
  std::string error;
  EXPECT_EQ(annotate_status("--view=lines '--fail-if=invalidations(" + line + ") > 0' " + profile, error), 3);
  EXPECT_EQ(error, "ccsim-annotate: --fail-if=invalidations(" + line + ") > 0 holds: line " + line +
                       " has invalidations = 1, more than 0; most of it in counters with 1\n");
  EXPECT_EQ(annotate_status("--view=lines '--fail-if=invalidations(" + line + ") > 1' " + profile, error), 0);
  EXPECT_EQ(error, "");
  EXPECT_EQ(annotate_status("--view=lines '--fail-if=invalidations(obj=counters) > 1' " + profile, error), 0);
}

// --view=locks on the mutex counter (pthread_mutex_counter.c, 2 workers x 1000, interleaved): the mutex
// passes between the workers on all but the first of its 2,000 acquisitions, so its finding names it,
// its first acquiring line and the share (1,999 of 2,000: 100.0% to one decimal).
TEST(AnnotateEndToEnd, LocksViewGivesTheHandOffFinding) {
  std::string dir = scratch_directory("locks_annotate");
  RunResult run = run_ccsim(dir, {"--sim-mode=interleaved", "--ccsim-out-file=ccsim.out"},
                            test_program("pthread_mutex_counter"), {"2", "1000"});
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  std::string view = annotate("--view=locks " + dir + "/ccsim.out");
  EXPECT_NE(view.find("The lock at 0x"), std::string::npos) << view;
  EXPECT_NE(view.find("(mutex lock, first taken at pthread_mutex_counter.c:" +
                      std::to_string(marked_line("pthread_mutex_counter.c", "lock")) +
                      ") passed between threads on 100.0% of 2,000 acquisitions"),
            std::string::npos)
      << view;
}

}  // namespace
}  // namespace ccsim_test
