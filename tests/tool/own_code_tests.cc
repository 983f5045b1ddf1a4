// own_code_tests.cc: ccsim's own preload (its wrappers, trampolines, report helpers and PLT stubs) is
// not simulated, counted or listed: a profile names none of its files, code or memory.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tests/tool/run_valgrind.h"

namespace ccsim_test {
namespace {

// pthread_mutex_counter.c with 2 workers of 2,000 increments each under a mutex: every lock, unlock,
// barrier, thread start and malloc goes through the preload's wrappers. The profile has no line naming
// the preload's object file or one of its sources, in every order (before: the wrappers' own accesses
// were 4.0 M of a 4-thread mutex loop's 4.56 M, and `wrapped_calls.c` a source of the export).
TEST(CcsimsOwnCode, IsNeverInAProfile) {
  for (const char* mode : {"native", "interleaved", "piped"}) {
    SCOPED_TRACE(mode);
    const std::string directory = scratch_directory(std::string("own_code_") + mode);
    const RunResult result = run_ccsim(directory, {std::string("--sim-mode=") + mode, "--ccsim-out-file=ccsim.out"},
                                       test_program("pthread_mutex_counter"), {"2", "2000"});
    ASSERT_EQ(result.exit_code, 0) << result.stderr_text;
    std::ifstream in(directory + "/ccsim.out");
    std::string line;
    std::size_t lines = 0;
    while (std::getline(in, line)) {
      ++lines;
      for (const char* own : {"vgpreload_ccsim", "wrapped_calls.c", "report.h", "pthread_intercepts.c",
                              "malloc_intercepts.c", "gomp_intercepts.c", "ompt_tool.c"}) {
        EXPECT_EQ(line.find(own), std::string::npos) << line;
      }
    }
    EXPECT_GT(lines, 10u);
  }
}

}  // namespace
}  // namespace ccsim_test
