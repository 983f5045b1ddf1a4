// semaphore_tests.cc: POSIX semaphores order the replay (docs/synchronization.md, "Semaphores"):
// semaphore_handoff.c's two workers take turns through two semaphores while main waits on a third. Its
// comment derives the numbers asserted here.
#include <gtest/gtest.h>

#include <cstdio>
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

// ccsim-annotate's default view (the findings, then the Locks section's sentences) of a profile.
std::string annotate(const std::string& profile) {
  std::string output;
  FILE* pipe = popen((std::string(CCSIM_BUILD_DIR) + "/ccsim/annotate/ccsim-annotate " + profile + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return output;
  char buffer[4096];
  for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
  pclose(pipe);
  return output;
}

// In every order, inline and with a worker, pinned to one CPU under Valgrind's own scheduling too: the
// turns alternate whole (the native order is the real run's, which the semaphores order too), and no
// store is called a race: each worker's stores follow the unit it took (docs/model.md, "Unlocked shared
// writes"). (That main's wait holds no replay up is the replay's unit test SemaphoreTest.
// AWaitingThreadHoldsNoReplayUp: here main may be slow to reach its wait on a loaded machine.)
TEST(Semaphores, TurnsTakenThroughSemaphoresAreReplayedInTurn) {
  const unsigned increment = marked_line(kSource, "increment");
  const unsigned own = marked_line(kSource, "own");
  const std::vector<Case> cases = {{"semaphore_interleaved", {"--sim-mode=interleaved"}, false},
                                   {"semaphore_piped", {"--sim-mode=piped"}, false},
                                   {"semaphore_worker", {"--sim-mode=interleaved", "--sim-threads=1"}, false},
                                   {"semaphore_pinned_unfair", {"--fair-sched=no"}, true},
                                   {"semaphore_native", {"--sim-mode=native"}, false},
                                   {"semaphore_native_worker", {"--sim-mode=native", "--sim-threads=1"}, false}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string dir = scratch_directory(c.name);
    std::vector<std::string> options = c.options;
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
    EXPECT_TRUE(profile.unlocked_writes.empty());
    EXPECT_EQ(annotate(dir + "/ccsim.out").find("no lock held"), std::string::npos);
    EXPECT_EQ(result.stderr_text.find("waiting threads past"), std::string::npos) << result.stderr_text;
  }
}

}  // namespace
}  // namespace ccsim_test
