// handoff_tests.cc: the hand-offs that order the replay without a lock (docs/synchronization.md, its
// paragraphs "Semaphores" and "Condition variables"): semaphore_handoff.c's two workers taking turns
// through POSIX semaphores while main waits on a third, and condition_handoff.c's consumer going on after
// the broadcast that woke it; and that a thread blocked in pthread_cond_wait holds no replay up
// (condition_handoff.c with an argument, idle_pool_thread.c). Each program's comment derives the numbers
// asserted here.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/tool/profile_reader.h"
#include "tests/tool/run_valgrind.h"

namespace ccsim_test {
namespace {

const char kSemaphoreProgram[] = "semaphore_handoff";
const char kSemaphoreSource[] = "semaphore_handoff.c";

struct Case {
  const char* name;
  std::vector<std::string> options;
  bool one_cpu;
};

// Every order, inline and with a worker, and pinned to one CPU under Valgrind's own scheduling.
const std::vector<Case> kCases = {{"interleaved", {"--sim-mode=interleaved"}, false},
                                  {"piped", {"--sim-mode=piped"}, false},
                                  {"worker", {"--sim-mode=interleaved", "--sim-threads=1"}, false},
                                  {"pinned_unfair", {"--fair-sched=no"}, true},
                                  {"native", {"--sim-mode=native"}, false},
                                  {"native_worker", {"--sim-mode=native", "--sim-threads=1"}, false}};

// Runs `program` with `args` in `test`'s scratch directory (`*dir`) with `c`'s options and `more_options`;
// its profile in `profile`.
RunResult run_case(const std::string& test, const std::string& program, const Case& c, Profile* profile,
                   std::string* dir_out = nullptr, const std::vector<std::string>& more_options = {},
                   const std::vector<std::string>& args = {}) {
  const std::string dir = scratch_directory(test);
  if (dir_out != nullptr) *dir_out = dir;
  std::vector<std::string> options = c.options;
  options.insert(options.end(), more_options.begin(), more_options.end());
  options.push_back("--ccsim-out-file=ccsim.out");
  RunResult result;
  if (c.one_cpu) {
    OneCpuOnly pinned;
    result = run_ccsim(dir, options, test_program(program), args);
  } else {
    result = run_ccsim(dir, options, test_program(program), args);
  }
  EXPECT_EQ(result.exit_code, 0) << result.stderr_text;
  std::string error;
  EXPECT_TRUE(read_profile(dir + "/ccsim.out", profile, &error)) << error;
  return result;
}

// In every order (kCases): the turns alternate whole (the native order is the real run's, which the
// semaphores order too), and no store is called a race: each worker's stores follow the unit it took
// (docs/model.md, "Unlocked shared writes"). (That main's wait holds no replay up is the replay's unit
// test SemaphoreTest.AWaitingThreadHoldsNoReplayUp: here main may be slow to reach its wait on a loaded
// machine.)
TEST(Semaphores, TurnsTakenThroughSemaphoresAreReplayedInTurn) {
  const unsigned increment = marked_line(kSemaphoreSource, "increment");
  const unsigned own = marked_line(kSemaphoreSource, "own");
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.name);
    Profile profile;
    std::string dir;
    const RunResult result = run_case(std::string("semaphore_") + c.name, kSemaphoreProgram, c, &profile, &dir);
    const Invalidations received = invalidations_at(profile, kSemaphoreSource, increment, "received");
    EXPECT_EQ(received.true_in, 199u);
    EXPECT_EQ(received.true_across, 0u);
    EXPECT_EQ(received.false_sharing(), 0u);
    EXPECT_EQ(invalidations_at(profile, kSemaphoreSource, increment, "caused").true_in, 199u);
    EXPECT_EQ(profile.at_line(kSemaphoreSource, increment, "coherence_miss_true"), 198u);
    EXPECT_EQ(profile.at_line(kSemaphoreSource, increment, "coherence_miss_false"), 0u);
    EXPECT_EQ(invalidations_at(profile, kSemaphoreSource, own, "received").total(), 0u);
    EXPECT_TRUE(profile.unlocked_writes.empty());
    // The default view: its findings, then the Locks section's sentences.
    EXPECT_EQ(annotator_output(dir + "/ccsim.out").find("no lock held"), std::string::npos);
    EXPECT_EQ(result.stderr_text.find("waiting threads past"), std::string::npos) << result.stderr_text;
  }
}

// In every order the consumer reads what main wrote: every read a transfer from main's Modified copy,
// none an invalidation.
TEST(ConditionVariables, AWaiterGoesOnAfterTheSignalThatWokeIt) {
  const char file[] = "condition_handoff.c";
  const unsigned read = marked_line(file, "read");
  const unsigned write = marked_line(file, "write");
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.name);
    Profile p;
    run_case(std::string("condition_") + c.name, "condition_handoff", c, &p);
    EXPECT_EQ(p.at_line(file, read, "L1_read_misses"), 16u);
    EXPECT_EQ(p.at_line(file, read, "L1_miss_compulsory"), 0u);
    EXPECT_EQ(p.at_line(file, read, "L1_miss_transfer"), 16u);
    EXPECT_EQ(p.at_line(file, read, "served_by_transfer_from_modified"), 16u);
    EXPECT_EQ(p.at_line(file, read, "downgrades_caused"), 16u);
    EXPECT_EQ(p.at_line(file, write, "L1_miss_compulsory"), 16u);
    EXPECT_EQ(p.at_line(file, write, "served_by_memory"), 16u);
    EXPECT_EQ(p.at_line(file, write, "downgrades_received"), 16u);
    EXPECT_EQ(invalidations_at(p, file, read, "received").total(), 0u);
    EXPECT_EQ(invalidations_at(p, file, write, "caused").total(), 0u);
  }
}

// The orders that replay (the native order replays nothing), for the tests of what holds a replay up.
bool replays(const Case& c) { return c.name != std::string("native") && c.name != std::string("native_worker"); }

// A run at --max-buffer=1 that nothing held up: no early replay (said at exit and counted in the profile
// in `dir`), and no thread let past a wait at the end.
void expect_nothing_held_up(const RunResult& result, const std::string& dir) {
  EXPECT_EQ(result.stderr_text.find("early replays"), std::string::npos) << result.stderr_text;
  EXPECT_EQ(result.stderr_text.find("waiting threads past"), std::string::npos) << result.stderr_text;
  EXPECT_NE(file_contents(dir + "/ccsim.out").find("replay: early-flushes 0\n"), std::string::npos);
}

// A thread blocked in pthread_cond_wait holds no replay up: condition_handoff.c's consumer reports its
// second wait before it blocks, then main does 500 x 1,000 scratch stores (about 6 MB of records, at 12
// bytes each) before the broadcast that wakes it. The replay goes on with main's stores while the
// consumer waits for that broadcast, so --max-buffer=1 (MiB) forces no early replay, and the hand-off
// is the same as with 1,000 stores. (Had the consumer recorded nothing until it returned, the replay
// would have waited for it, with main's stores piling up past the cap.) The replay orders: the native
// order replays nothing.
TEST(ConditionVariables, AThreadBlockedInAWaitHoldsNoReplayUp) {
  const char file[] = "condition_handoff.c";
  const unsigned read = marked_line(file, "read");
  for (const Case& c : kCases) {
    if (!replays(c)) continue;
    SCOPED_TRACE(c.name);
    Profile p;
    std::string dir;
    const RunResult result = run_case(std::string("condition_blocked_") + c.name, "condition_handoff", c, &p, &dir,
                                      {"--max-buffer=1"}, {"500"});
    expect_nothing_held_up(result, dir);
    EXPECT_EQ(p.at_line(file, read, "L1_miss_transfer"), 16u);
    EXPECT_EQ(p.at_line(file, read, "served_by_transfer_from_modified"), 16u);
  }
}

// A pool thread that waits for work that never comes (idle_pool_thread.c): the replay goes on with main's
// 500,000 stores without waiting for it (no early replay at --max-buffer=1), and at the end it is let past
// its wait without the forced-ordering sentence. main's store line: 500,000 writes, 125 compulsory L1
// write misses (the program's comment).
TEST(ConditionVariables, APoolThreadStillWaitingAtTheEndHoldsNothingUpAndIsNoForcedOrdering) {
  const char file[] = "idle_pool_thread.c";
  const unsigned store = marked_line(file, "store");
  for (const Case& c : kCases) {
    if (!replays(c)) continue;
    SCOPED_TRACE(c.name);
    Profile p;
    std::string dir;
    const RunResult result =
        run_case(std::string("idle_pool_") + c.name, "idle_pool_thread", c, &p, &dir, {"--max-buffer=1"});
    expect_nothing_held_up(result, dir);
    EXPECT_EQ(p.at_line(file, store, "writes"), 500000u);
    EXPECT_EQ(p.at_line(file, store, "L1_write_misses"), 125u);
    EXPECT_EQ(p.at_line(file, store, "L1_miss_compulsory"), 125u);
  }
}

}  // namespace
}  // namespace ccsim_test
