// fair_turns_tests.cc: every thread waiting for a lock gets its turn (issue 13, section 2). Interleaved,
// round-robin, the critical sections of threads contending for one lock go round in turn order, so on
// the thesis' NBF shape each element's T updates follow one another: (T-1) x 4096 true in-region
// critical invalidations, and every thread has coherence misses. The derivations are in the programs'
// header comments (omp_critical_sum.c, pthread_mutex_counter.c).
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "tests/tool/profile_reader.h"
#include "tests/tool/run_valgrind.h"

namespace ccsim_test {
namespace {

// Runs `program args` under ccsim, interleaved (the default order), and reads its profile.
Profile interleaved_profile(const std::string& test, const std::string& program, const std::vector<std::string>& args) {
  std::string dir = scratch_directory(test);
  RunResult run = run_ccsim(dir, {"--sim-mode=interleaved", "--ccsim-out-file=ccsim.out"}, test_program(program), args);
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
  Profile profile;
  std::string error;
  EXPECT_TRUE(read_profile(dir + "/ccsim.out", &profile, &error)) << error;
  return profile;
}

// `event` at source line `line` of `file`, per thread (threads without a count there are absent).
std::map<unsigned, std::uint64_t> per_thread_at_line(const Profile& profile, const std::string& file, unsigned line,
                                                     const std::string& event) {
  std::map<unsigned, std::uint64_t> by_thread;
  const int index = profile.event_index(event);
  if (index < 0) return by_thread;
  for (const auto& [key, values] : profile.counts) {
    auto ref = profile.refs.find(key.first);
    if (ref == profile.refs.end() || ref->second.line != line || ref->second.file.size() < file.size() ||
        ref->second.file.compare(ref->second.file.size() - file.size(), file.size(), file) != 0) {
      continue;
    }
    by_thread[key.second] += values.at(index);
  }
  return by_thread;
}

const std::string kSum = "omp_critical_sum.c";
constexpr std::uint64_t kElements = 4096;
// Elements whose update misses on a line the thread lost: all but the first of each 8-element line.
constexpr std::uint64_t kElementsAfterALinesFirst = kElements - kElements / 8;  // 3584

// One NBF run with `threads` threads: (T-1) x 4096 true in-region critical invalidations at the add line
// and 3584 false ones (p1 removing pT's copy of the previous element's line), nothing else; and each of
// the T threads has 3584 coherence misses there (omp_critical_sum.c derives all three).
void expect_every_thread_takes_its_turn(const std::string& program, unsigned threads) {
  SCOPED_TRACE(program + " with " + std::to_string(threads) + " threads");
  Profile p = interleaved_profile(program + "_" + std::to_string(threads), program, {std::to_string(threads)});
  const unsigned line = marked_line(kSum, "add");
  Invalidations received = invalidations_at(p, kSum, line, "received");
  EXPECT_EQ(received.true_in_critical, (threads - 1) * kElements);
  EXPECT_EQ(received.true_in, received.true_in_critical);
  EXPECT_EQ(received.false_in, kElementsAfterALinesFirst);
  EXPECT_EQ(received.true_across + received.false_across, 0u);
  EXPECT_EQ(invalidations_at(p, kSum, line, "caused").true_in_critical, (threads - 1) * kElements);
  std::map<unsigned, std::uint64_t> true_misses = per_thread_at_line(p, kSum, line, "coherence_miss_true");
  std::map<unsigned, std::uint64_t> false_misses = per_thread_at_line(p, kSum, line, "coherence_miss_false");
  ASSERT_EQ(true_misses.size(), threads);
  for (const auto& [thread, misses] : true_misses) {
    SCOPED_TRACE("thread " + std::to_string(thread));
    EXPECT_EQ(misses + false_misses[thread], kElementsAfterALinesFirst);
  }
}

TEST(FairTurns, EveryCriticalContenderTakesItsTurnWithLibgomp) {
  for (unsigned threads : {2u, 3u, 4u}) expect_every_thread_takes_its_turn("omp_critical_sum", threads);
}

// Linked as users link, for lazy binding: the dynamic linker's lookup of GOMP_critical_start and the
// others on their first call, by whichever thread gets there first, is runtime code and changes nothing.
TEST(FairTurns, LazyBindingPutsNoThreadBehind) {
  for (unsigned threads : {2u, 3u, 4u}) expect_every_thread_takes_its_turn("omp_critical_sum_lazy", threads);
}

// libomp creates a critical section's lock in the first thread to enter it and binds its own functions
// lazily: neither is the program's work, and the numbers are libgomp's.
TEST(FairTurns, EveryCriticalContenderTakesItsTurnWithLibomp) {
  if (!std::ifstream(test_program("omp_critical_sum_libomp")).good()) GTEST_SKIP() << "clang's libomp build is absent";
  for (unsigned threads : {2u, 3u, 4u}) expect_every_thread_takes_its_turn("omp_critical_sum_libomp", threads);
}

// pthread mutexes with 3 and 4 workers x 20,000 increments of one counter. The workers leave a start
// barrier together, at the same code, so they reach the lock in the same round; from then on the
// critical sections go round in turn order (as in omp_critical_sum.c), so each reads the counter from the
// previous holder's Modified copy and its write removes that copy: every section but the very first
// removes one, W x 20,000 - 1 true in-region critical invalidations. Each worker receives one after each
// of its sections but the run's last: 20,000 each, and 19,999 for the worker that ends the run.
TEST(FairTurns, EveryMutexContenderTakesItsTurn) {
  const std::string file = "pthread_mutex_counter.c";
  constexpr std::uint64_t kIterations = 20000;
  for (unsigned workers : {3u, 4u}) {
    SCOPED_TRACE(std::to_string(workers) + " workers");
    Profile p = interleaved_profile("mutex_turns_" + std::to_string(workers), "pthread_mutex_counter",
                                    {std::to_string(workers), std::to_string(kIterations)});
    const unsigned line = marked_line(file, "increment");
    Invalidations received = invalidations_at(p, file, line, "received");
    EXPECT_EQ(received.true_in_critical, workers * kIterations - 1);
    EXPECT_EQ(received.total(), received.true_in_critical);
    std::map<unsigned, std::uint64_t> by_thread =
        per_thread_at_line(p, file, line, "invalidations_received_true_in_region_critical");
    std::vector<std::uint64_t> counts;
    for (const auto& [thread, count] : by_thread) {
      if (count > 0) counts.push_back(count);
    }
    ASSERT_EQ(counts.size(), workers);
    std::uint64_t last = 0;
    for (std::uint64_t count : counts) {
      EXPECT_TRUE(count == kIterations || count == kIterations - 1) << count;
      last += count == kIterations - 1;
    }
    EXPECT_EQ(last, 1u);
  }
}

}  // namespace
}  // namespace ccsim_test
