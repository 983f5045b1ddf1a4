// lock_tests.cc: end-to-end tests of the per-lock records (`lock:`, `lock-thread:`, `lock-section:`) and
// the unlocked shared writes (`unlocked-write:`), interleaved order (mutex_calls.c's test also native).
// Each program's header comment derives the numbers asserted here from docs/synchronization.md's order
// rules.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "tests/tool/profile_reader.h"
#include "tests/tool/run_valgrind.h"

namespace ccsim_test {
namespace {

Profile run_and_read(const std::string& test, const std::string& program, const std::vector<std::string>& args,
                     std::vector<std::string> options = {}) {
  const std::string dir = scratch_directory(test);
  options.push_back("--sim-mode=interleaved");
  options.push_back("--ccsim-out-file=ccsim.out");
  RunResult run = run_ccsim(dir, options, test_program(program), args);
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
  Profile profile;
  std::string error;
  EXPECT_TRUE(read_profile(dir + "/ccsim.out", &profile, &error)) << error;
  return profile;
}

// The number of the lock whose object is named `name` (0: none).
unsigned lock_named(const Profile& p, const std::string& name) {
  for (const auto& [id, lock] : p.locks) {
    if (lock.name == name) return id;
  }
  return 0;
}

const LockThreadRow* lock_thread(const Profile& p, unsigned lock, unsigned thread) {
  for (const LockThreadRow& row : p.lock_threads) {
    if (row.lock == lock && row.thread == thread) return &row;
  }
  return nullptr;
}

struct SectionTotals {
  std::uint64_t true_in = 0, other_invalidations = 0, transfers = 0;
};

// A lock's section counts, those at one source line and those elsewhere.
SectionTotals sections_at(const Profile& p, unsigned lock, const std::string& file, unsigned line,
                          SectionTotals* elsewhere = nullptr) {
  SectionTotals at;
  for (const LockSectionRow& row : p.lock_sections) {
    if (row.lock != lock) continue;
    const ProfileRef& ref = p.refs.at(row.ref);
    const bool here = ref.line == line && ref.file.size() >= file.size() &&
                      ref.file.compare(ref.file.size() - file.size(), file.size(), file) == 0;
    SectionTotals& totals = here ? at : *elsewhere;
    if (!here && elsewhere == nullptr) continue;
    totals.true_in += row.true_in;
    totals.other_invalidations += row.false_in + row.true_across + row.false_across;
    totals.transfers += row.transfers;
  }
  return at;
}

std::uint64_t unlocked_writes_at(const Profile& p, const std::string& file, unsigned line, unsigned thread) {
  std::uint64_t stores = 0;
  for (const UnlockedWriteRow& row : p.unlocked_writes) {
    const ProfileRef& ref = p.refs.at(row.ref);
    if (row.thread == thread && ref.line == line && ref.file.find(file) != std::string::npos) stores += row.stores;
  }
  return stores;
}

// text_domains.c: threads 2 and 3, one after the other, each call bindtextdomain 3 times; glibc releases
// its reader-writer lock there by a jump into pthread_rwlock_unlock after popping registers. The rwlock
// both threads took: 3 acquisitions each, none found held, thread 3's first a hand-off (the program
// derives them). Interleaved and native, the program's thread simulating and one worker.
TEST(Locks, ALockReleasedByAJumpIntoTheUnlockFunctionIsReleased) {
  for (const char* mode : {"interleaved", "native"}) {
    for (const char* workers : {"0", "1"}) {
      SCOPED_TRACE(std::string(mode) + " --sim-threads=" + workers);
      const std::string dir = scratch_directory(std::string("locks_text_domains_") + mode + workers);
      const RunResult run =
          run_ccsim(dir, {std::string("--sim-mode=") + mode, std::string("--sim-threads=") + workers,
                          "--ccsim-out-file=ccsim.out"},
                    test_program("text_domains"));
      ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
      Profile p;
      std::string error;
      ASSERT_TRUE(read_profile(dir + "/ccsim.out", &p, &error)) << error;
      unsigned found = 0;
      for (const auto& [id, lock] : p.locks) {
        if (lock.kind != "rwlock" || lock_thread(p, id, 2) == nullptr || lock_thread(p, id, 3) == nullptr) continue;
        ++found;
        const LockThreadRow* first = lock_thread(p, id, 2);
        const LockThreadRow* second = lock_thread(p, id, 3);
        EXPECT_EQ(first->acquisitions, 3u);
        EXPECT_EQ(second->acquisitions, 3u);
        EXPECT_EQ(first->hand_offs, 0u);
        EXPECT_EQ(second->hand_offs, 1u);
        EXPECT_EQ(first->contended + second->contended, 0u);
      }
      EXPECT_EQ(found, 1u);
    }
  }
}

// pthread_mutex_counter.c, 2 workers x 1000: the mutex goes to the workers in turn, so 1000 acquisitions
// each and every one but the first a hand-off found held; the invalidations inside its critical
// sections are the profile's critical true-sharing count, 1999. The transfers inside them: every
// increment but the very first reads the counter from the other worker's Modified copy, 1999, all at the
// increment.
TEST(Locks, MutexCounterAcquisitionsAndHandOffsFollowTheReplayedOrder) {
  const std::string file = "pthread_mutex_counter.c";
  Profile p = run_and_read("locks_mutex_counter", "pthread_mutex_counter", {"2", "1000"});
  const unsigned lock = lock_named(p, "lock");
  ASSERT_NE(lock, 0u);
  EXPECT_EQ(p.locks.at(lock).kind, "mutex");
  EXPECT_EQ(p.locks.at(lock).line, marked_line(file, "lock"));
  const LockThreadRow* first = lock_thread(p, lock, 2);
  const LockThreadRow* second = lock_thread(p, lock, 3);
  ASSERT_NE(first, nullptr);
  ASSERT_NE(second, nullptr);
  EXPECT_EQ(first->acquisitions, 1000u);
  EXPECT_EQ(second->acquisitions, 1000u);
  EXPECT_EQ(first->hand_offs, 999u);
  EXPECT_EQ(second->hand_offs, 1000u);
  EXPECT_EQ(first->contended, 999u);
  EXPECT_EQ(second->contended, 1000u);
  EXPECT_GT(first->waited_accesses, 0u);
  SectionTotals elsewhere;
  SectionTotals at = sections_at(p, lock, file, marked_line(file, "increment"), &elsewhere);
  EXPECT_EQ(at.true_in, 1999u);
  EXPECT_EQ(at.true_in, p.total("invalidations_caused_true_in_region_critical"));
  EXPECT_EQ(at.other_invalidations + elsewhere.true_in + elsewhere.other_invalidations, 0u);
  EXPECT_EQ(at.transfers, 1999u);
  EXPECT_EQ(elsewhere.transfers, 0u);
  EXPECT_EQ(unlocked_writes_at(p, file, marked_line(file, "increment"), 2) +
                unlocked_writes_at(p, file, marked_line(file, "increment"), 3),
            0u);
}

// A run of a program whose one thread takes the mutex `lock` (its line marked "lock" in `file`)
// `acquisitions` times, never finding it held, and writes each of `counters` n times and reads it n + 1
// times, all after its lock calls (none of them simulated when the run was not `instrumented`).
void expect_lone_thread_mutex(const RunResult& run, const std::string& dir, const std::string& file,
                              std::uint64_t acquisitions, std::initializer_list<const char*> counters, std::uint64_t n,
                              bool instrumented) {
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  Profile p;
  std::string error;
  ASSERT_TRUE(read_profile(dir + "/ccsim.out", &p, &error)) << error;
  const unsigned lock = lock_named(p, "lock");
  ASSERT_NE(lock, 0u);
  EXPECT_EQ(p.locks.at(lock).line, marked_line(file, "lock"));
  const LockThreadRow* main_thread = lock_thread(p, lock, 1);
  ASSERT_NE(main_thread, nullptr);
  EXPECT_EQ(main_thread->acquisitions, acquisitions);
  EXPECT_EQ(main_thread->hand_offs, 0u);
  EXPECT_EQ(main_thread->contended, 0u);
  for (const char* counter : counters) {
    const std::vector<unsigned> objects = p.objects_named(counter);
    if (!instrumented) {
      EXPECT_TRUE(objects.empty() || p.object_total(objects[0], "writes") == 0) << counter;
      continue;
    }
    ASSERT_EQ(objects.size(), 1u) << counter;
    EXPECT_EQ(p.object_total(objects[0], "reads"), n + 1) << counter;
    EXPECT_EQ(p.object_total(objects[0], "writes"), n) << counter;
  }
}

// mutex_calls.c, N = 1000 (its header derives the numbers): one thread takes the mutex 4N = 4000 times in
// the ways whose reports the preload merges with the runtime's entry or exit (a lock, a trylock that takes
// it, the wait's taking it again; the trylock that fails is not one), never found held, never handed off;
// each counter is written N times and read N + 1 times (the last by the program's printf), after its
// section's lock calls. In the interleaved and native orders, inline and with a simulation worker.
TEST(Locks, EachWayOfTakingAMutexIsCountedOnceAndItsCallLeavesTheRuntime) {
  for (const char* order : {"interleaved", "native"}) {
    for (const char* workers : {"0", "1"}) {
      SCOPED_TRACE(std::string(order) + " --sim-threads=" + workers);
      const std::string dir = scratch_directory("locks_mutex_calls");
      RunResult run = run_ccsim(dir, {std::string("--sim-mode=") + order, std::string("--sim-threads=") + workers,
                                      "--ccsim-out-file=ccsim.out"},
                                test_program("mutex_calls"), {"1000"});
      expect_lone_thread_mutex(run, dir, "mutex_calls.c", 4000, {"locked_count", "tried_count", "waited_count"}, 1000,
                               true);
    }
  }
}

// mutex_entries.c, N = 1000 (its header derives the numbers): one thread takes the mutex 3N = 3000 times,
// through the PLT, through function pointers and through functions that jump to pthread_mutex_lock and
// pthread_mutex_unlock, whose wrappers the instrumentation enters from their first instruction
// (entry_wrappers.h); each counter is written N times and read N + 1 times. Interleaved and native, inline
// and with a simulation worker; and with the instrumentation off from the start, when no access is
// simulated but the wrappers are still entered: the same 3000 acquisitions.
TEST(Locks, EveryCallOfAMutexFunctionEntersItsWrapper) {
  struct Case {
    const char* order;
    const char* workers;
    bool instrumented;
  };
  for (const Case& c : {Case{"interleaved", "0", true}, Case{"interleaved", "1", true}, Case{"native", "0", true},
                        Case{"interleaved", "0", false}}) {
    SCOPED_TRACE(std::string(c.order) + " --sim-threads=" + c.workers + (c.instrumented ? "" : " --instr-atstart=no"));
    const std::string dir = scratch_directory("locks_mutex_entries");
    RunResult run = run_ccsim(dir, {std::string("--sim-mode=") + c.order, std::string("--sim-threads=") + c.workers,
                                    std::string("--instr-atstart=") + (c.instrumented ? "yes" : "no"),
                                    "--ccsim-out-file=ccsim.out"},
                              test_program("mutex_entries"), {"1000"});
    expect_lone_thread_mutex(run, dir, "mutex_entries.c", 3000, {"called_count", "pointer_count", "jumped_count"},
                             1000, c.instrumented);
  }
}

// gomp_reloaded.c, N = 10 (its header derives the numbers): libgomp loaded after the start with dlopen,
// unloaded, loaded again; its lock functions' wrappers are entered both times: 2N = 20 acquisitions of
// the lock, 20 writes of the counter after them and 21 reads.
TEST(Locks, ALibraryLoadedAgainHasItsFunctionsWrappedAgain) {
  const std::string dir = scratch_directory("locks_gomp_reloaded");
  RunResult run = run_ccsim(dir, {"--ccsim-out-file=ccsim.out"}, test_program("gomp_reloaded"), {"10"});
  ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
  Profile p;
  std::string error;
  ASSERT_TRUE(read_profile(dir + "/ccsim.out", &p, &error)) << error;
  const unsigned lock = lock_named(p, "reloaded_lock");
  ASSERT_NE(lock, 0u);
  EXPECT_EQ(p.locks.at(lock).kind, "omp-lock");
  EXPECT_EQ(p.locks.at(lock).line, marked_line("gomp_reloaded.c", "set"));
  const LockThreadRow* main_thread = lock_thread(p, lock, 1);
  ASSERT_NE(main_thread, nullptr);
  EXPECT_EQ(main_thread->acquisitions, 20u);
  const std::vector<unsigned> objects = p.objects_named("counter");
  ASSERT_EQ(objects.size(), 1u);
  EXPECT_EQ(p.object_total(objects[0], "writes"), 20u);
  EXPECT_EQ(p.object_total(objects[0], "reads"), 21u);
}

// omp_critical_sum.c with 2 threads: the critical sections go round the team, element by element, so
// 4096 acquisitions each of the OpenMP critical lock, all but the first hand-offs; inside them the
// 4096 true and 3584 false in-region invalidations the program derives.
TEST(Locks, OpenMPCriticalGoesRoundTheTeam) {
  const std::string file = "omp_critical_sum.c";
  Profile p = run_and_read("locks_omp_critical", "omp_critical_sum", {"2"});
  unsigned lock = 0;
  for (const auto& [id, row] : p.locks) {
    if (row.kind == "omp-critical") lock = id;
  }
  ASSERT_NE(lock, 0u);
  EXPECT_EQ(p.locks.at(lock).name, "-");
  std::uint64_t acquisitions = 0, hand_offs = 0;
  for (unsigned thread : {1u, 2u}) {
    const LockThreadRow* row = lock_thread(p, lock, thread);
    ASSERT_NE(row, nullptr) << thread;
    EXPECT_EQ(row->acquisitions, 4096u) << thread;
    acquisitions += row->acquisitions;
    hand_offs += row->hand_offs;
  }
  EXPECT_EQ(hand_offs, acquisitions - 1);
  SectionTotals at = sections_at(p, lock, file, marked_line(file, "add"));
  EXPECT_EQ(at.true_in, 4096u);
  EXPECT_EQ(at.true_in, p.total("invalidations_caused_true_in_region_critical"));
  EXPECT_EQ(at.other_invalidations, 3584u);
}

// omp_critical_counter.c built with clang for LLVM's libomp, whose locks ccsim learns through OMPT's
// callbacks (ccsim/preload/ompt_tool.c), with the critical construct and with the lock API: the two
// threads alternate (the program's header), so each takes the lock 1000 times and every acquisition but
// the very first is a hand-off, 1999; each increment is one read-modify-write of the counter, 2000
// writes, counted after the lock's callbacks leave the runtime again; the printf and the exit status
// read it once each (volatile), 2 reads.
TEST(Locks, LibOmpLocksAreCountedOnceEachAndTheirCallbacksLeaveTheRuntime) {
  using ProgramAndKind = std::pair<std::string, std::string>;
  for (const auto& [program, kind] :
       {ProgramAndKind{"omp_critical_counter_libomp", "omp-critical"}, {"omp_lock_counter_libomp", "omp-lock"}}) {
    SCOPED_TRACE(program);
    if (!std::ifstream(test_program(program)).good()) GTEST_SKIP() << "clang's libomp build is absent";
    Profile p = run_and_read("locks_" + program, program, {});
    unsigned lock = 0;
    for (const auto& [id, row] : p.locks) {
      if (row.kind == kind) lock = id;
    }
    ASSERT_NE(lock, 0u);
    std::uint64_t hand_offs = 0;
    unsigned threads = 0;
    for (const LockThreadRow& row : p.lock_threads) {
      if (row.lock != lock) continue;
      EXPECT_EQ(row.acquisitions, 1000u) << "thread " << row.thread;
      hand_offs += row.hand_offs;
      ++threads;
    }
    EXPECT_EQ(threads, 2u);
    EXPECT_EQ(hand_offs, 1999u);
    const std::vector<unsigned> counter = p.objects_named("shared");
    ASSERT_EQ(counter.size(), 1u);
    EXPECT_EQ(p.object_total(counter[0], "writes"), 2000u);
    EXPECT_EQ(p.object_total(counter[0], "reads"), 2u);
  }
}


// two_locks.c: each lock alternates between the workers, and each one's critical sections invalidate
// only its own counter.
TEST(Locks, TwoLocksAreCountedApart) {
  const std::string file = "two_locks.c";
  Profile p = run_and_read("locks_two", "two_locks", {});
  for (const auto& [name, tag] : {std::pair<std::string, std::string>{"lock_a", "a"}, {"lock_b", "b"}}) {
    SCOPED_TRACE(name);
    const unsigned lock = lock_named(p, name);
    ASSERT_NE(lock, 0u);
    const LockThreadRow* first = lock_thread(p, lock, 2);
    const LockThreadRow* second = lock_thread(p, lock, 3);
    ASSERT_NE(first, nullptr);
    ASSERT_NE(second, nullptr);
    EXPECT_EQ(first->acquisitions, 1000u);
    EXPECT_EQ(second->acquisitions, 1000u);
    EXPECT_EQ(first->hand_offs + second->hand_offs, 1999u);
    SectionTotals elsewhere;
    SectionTotals at = sections_at(p, lock, file, marked_line(file, tag), &elsewhere);
    EXPECT_EQ(at.true_in, 1999u);
    EXPECT_EQ(at.other_invalidations + elsewhere.true_in + elsewhere.other_invalidations, 0u);
  }
}

// unlocked_counter.c: two workers writing one word with no lock are flagged on every store but the
// first; the same under a mutex are not.
TEST(Locks, UnlockedWritesToOneWordAreFlaggedAndLockedOnesAreNot) {
  const std::string file = "unlocked_counter.c";
  const unsigned line = marked_line(file, "increment");
  Profile unlocked = run_and_read("locks_unlocked", "unlocked_counter", {});
  EXPECT_EQ(unlocked_writes_at(unlocked, file, line, 2), 999u);
  EXPECT_EQ(unlocked_writes_at(unlocked, file, line, 3), 1000u);
  Profile locked = run_and_read("locks_locked", "unlocked_counter", {"locked"});
  EXPECT_EQ(unlocked_writes_at(locked, file, line, 2) + unlocked_writes_at(locked, file, line, 3), 0u);
  EXPECT_EQ(locked.at_line(file, line, "invalidations_caused_true_in_region_critical"), 1999u);
}

}  // namespace
}  // namespace ccsim_test
