// annotate_e2e_tests.cc: ccsim-annotate on profiles the tool itself wrote (the annotator's own tests use
// hand-written profiles; these check that the two agree on a real run).
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

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

}  // namespace
}  // namespace ccsim_test
