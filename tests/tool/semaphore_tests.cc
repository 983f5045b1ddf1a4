// semaphore_tests.cc: POSIX semaphores order the replay (docs/synchronization.md, "Semaphores"):
// semaphore_handoff.c's two workers take turns through two semaphores while main waits on a third. Its
// comment derives the numbers asserted here.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tool/profile_reader.h"
#include "tests/tool/run_valgrind.h"

namespace ccsim_test {
namespace {

const char kProgram[] = "semaphore_handoff";
const char kSource[] = "semaphore_handoff.c";

struct Case {
  const char* name;
  std::vector<std::string> options;
  bool one_cpu;
};

// The profile's text, for the records the reader does not keep (`replay:`).
std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// In the replay orders, inline and with a worker, pinned to one CPU under Valgrind's own scheduling too:
// the turns alternate whole, and main's wait holds no replay up, even at a 1 MiB buffer cap that the
// workers' 210,000 accesses overflow twice over.
TEST(Semaphores, TurnsTakenThroughSemaphoresAreReplayedInTurn) {
  const unsigned increment = marked_line(kSource, "increment");
  const unsigned own = marked_line(kSource, "own");
  const std::vector<Case> cases = {{"semaphore_interleaved", {"--sim-mode=interleaved"}, false},
                                   {"semaphore_piped", {"--sim-mode=piped"}, false},
                                   {"semaphore_worker", {"--sim-mode=interleaved", "--sim-threads=1"}, false},
                                   {"semaphore_pinned_unfair", {"--fair-sched=no"}, true}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string dir = scratch_directory(c.name);
    std::vector<std::string> options = c.options;
    options.push_back("--max-buffer=1");
    options.push_back("--ccsim-out-file=ccsim.out");
    RunResult result;
    if (c.one_cpu) {
      OneCpuOnly pinned;
      result = run_ccsim(dir, options, test_program(kProgram));
    } else {
      result = run_ccsim(dir, options, test_program(kProgram));
    }
    ASSERT_EQ(result.exit_code, 0) << result.stderr_text;
    Profile profile;
    std::string error;
    ASSERT_TRUE(read_profile(dir + "/ccsim.out", &profile, &error)) << error;
    const Invalidations received = invalidations_at(profile, kSource, increment, "received");
    EXPECT_EQ(received.true_in, 199u);
    EXPECT_EQ(received.true_across, 0u);
    EXPECT_EQ(received.false_sharing(), 0u);
    EXPECT_EQ(invalidations_at(profile, kSource, increment, "caused").true_in, 199u);
    EXPECT_EQ(profile.at_line(kSource, increment, "coherence_miss_true"), 198u);
    EXPECT_EQ(profile.at_line(kSource, increment, "coherence_miss_false"), 0u);
    EXPECT_EQ(invalidations_at(profile, kSource, own, "received").total(), 0u);
    EXPECT_NE(file_text(dir + "/ccsim.out").find("replay: early-flushes 0\n"), std::string::npos);
    EXPECT_EQ(result.stderr_text.find("early replays"), std::string::npos) << result.stderr_text;
    EXPECT_EQ(result.stderr_text.find("waiting threads past"), std::string::npos) << result.stderr_text;
  }
}

}  // namespace
}  // namespace ccsim_test
