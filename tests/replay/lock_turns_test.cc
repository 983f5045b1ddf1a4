// lock_turns_test.cc: the turns of threads contending for one lock (docs/synchronization.md, "The
// orders of simulation"). Four threads of a team each update elements 0..N-1 of a shared array with
// one critical section per element, the thesis' NBF shape (tests/programs/omp_critical_sum.c end to
// end). Releasing a lock ends the releaser's turn and the lock goes to the next waiting thread in turn
// order, so the critical sections go round all four threads: each element's four updates follow one
// another. A thread that does more work of its own before the loop (as a thread did when the runtime's
// one-time work - creating the critical section's lock, binding a lazily linked function - was
// simulated as its own) reaches the lock late, keeps its place in the turns, and updates each element
// only after the others have moved on: the replay cannot tell that work from the program's, which is
// why the runtime's must not be simulated.
//
// Notation as in replay_engine_test.cc; here only the updates are shown, "tXeY" for thread X's update
// of element Y: its read (access 10+Y) and its write (access 30+Y) inside the critical section. Between
// two critical sections a thread makes one access (its loop step, access 50+Y). Quantum 1.
#include <string>

#include "tests/replay/replay_fixture.h"

namespace ccsim {
namespace {

constexpr std::uint64_t kTeam = 0x7ea3;
constexpr std::uint64_t kLock = 0xc5;
constexpr std::uint32_t kThreads = 4;
constexpr std::uint32_t kElements = 4;
constexpr std::uint32_t kRead = 10;      // access index of the update's read of element 0
constexpr std::uint32_t kWrite = 30;     // access index of the update's write of element 0
constexpr std::uint32_t kLoopStep = 50;  // access index of the loop step after element 0
constexpr std::uint32_t kExtra = 80;     // access index of the first access of work before the loop

class LockTurnsTest : public ReplayTest {
 protected:
  // Thread 0 creates threads 1..3; all enter one team; thread `slow` first makes `extra` accesses of its
  // own; then each updates the elements and leaves the team. The threads are recorded one after the
  // other, in `recording_order`, or one step of each in turn (`step_by_step`): the replayed order must
  // not depend on it.
  void replay_nbf(ProcId slow, std::uint32_t extra, const std::vector<ProcId>& recording_order, bool step_by_step) {
    start(interleaved());
    for (ProcId t = 1; t < kThreads; ++t) create(0, t);
    std::vector<std::vector<std::function<void()>>> scripts(kThreads);
    for (ProcId t = 0; t < kThreads; ++t) {
      auto& script = scripts[t];
      script.push_back([this, t] { enter_team(t, kTeam, t, kThreads); });
      if (t == slow) {
        for (std::uint32_t i = 0; i < extra; ++i) script.push_back([this, t, i] { access(t, kExtra + i); });
      }
      for (std::uint32_t e = 0; e < kElements; ++e) {
        script.push_back([this, t] { lock(t, kLock); });
        script.push_back([this, t, e] { access(t, kRead + e); });
        script.push_back([this, t, e] { access(t, kWrite + e); });
        script.push_back([this, t] { unlock(t, kLock); });
        script.push_back([this, t, e] { access(t, kLoopStep + e); });
      }
      script.push_back([this, t] { leave_team(t); });
      script.push_back([this, t] { exit_thread(t); });
    }
    if (step_by_step) {
      for (std::size_t step = 0;; ++step) {
        bool any = false;
        for (const auto& script : scripts) {
          if (step < script.size()) script[step](), any = true;
        }
        if (!any) break;
      }
    } else {
      for (ProcId t : recording_order) {
        for (const auto& step : scripts[t]) step();
      }
    }
    finish();
  }

  // The updates in replay order, "tXeY" separated by spaces; each must be its read and its write with
  // no other thread's update in between (the lock excludes), inside the critical section.
  std::string updates() const {
    std::string text;
    const Replayed* read = nullptr;
    for (const Replayed& r : replayed_) {
      const std::uint32_t index = r.ref % 100;
      const bool is_read = index >= kRead && index < kRead + kElements;
      const bool is_write = index >= kWrite && index < kWrite + kElements;
      if (!is_read && !is_write) continue;
      EXPECT_TRUE(r.critical) << text;
      if (is_read) {
        EXPECT_EQ(read, nullptr) << "two reads without a write between them after: " << text;
        read = &r;
        if (!text.empty()) text += ' ';
        text += "t" + std::to_string(r.proc) + "e" + std::to_string(index - kRead);
      } else {
        EXPECT_TRUE(read != nullptr && read->proc == r.proc && read->ref % 100 + kWrite - kRead == index)
            << "a write that does not follow its own read after: " << text;
        read = nullptr;
      }
    }
    return text;
  }

  // The same scenario under each recording order gives `expected`.
  void expect_updates(ProcId slow, std::uint32_t extra, const std::string& expected) {
    const std::vector<std::vector<ProcId>> orders = {{0, 1, 2, 3}, {3, 2, 1, 0}};
    for (const auto& order : orders) {
      SCOPED_TRACE("recorded thread by thread, thread " + std::to_string(order[0]) + " first");
      replay_nbf(slow, extra, order, false);
      EXPECT_EQ(updates(), expected);
    }
    SCOPED_TRACE("recorded one step of each thread in turn");
    replay_nbf(slow, extra, {}, true);
    EXPECT_EQ(updates(), expected);
  }
};

// The team's last arrival, thread 3, releases the entry barrier, which ends its turn; a new round starts
// with t0, which takes the lock and reads e0; t1, t2 and t3 wait at the lock. t0 writes and releases,
// which ends its turn, and the lock goes to the next waiting thread in turn order, t1; then t2, then t3.
// Meanwhile t0 makes its loop step and waits at the lock again, so the lock comes back to it after t3.
// Every element is updated by t0, t1, t2, t3 before the next element is.
TEST_F(LockTurnsTest, CriticalSectionsGoRoundEveryContender) {
  expect_updates(kThreads, 0,
                 "t0e0 t1e0 t2e0 t3e0 t0e1 t1e1 t2e1 t3e1 t0e2 t1e2 t2e2 t3e2 t0e3 t1e3 t2e3 t3e3");
}

// Thread 1 makes four accesses of its own (x0..x3) before the loop. Turns, from the new round that the
// entry barrier's release starts: t0 locks, reads e0 | t1 x0 | t2 waits | t3 waits | t0 writes e0,
// unlocks | t1 x1 | t2 locks, reads e0 | t3 waits | t0 step, waits | t1 x2 | t2 writes, unlocks | t3 locks,
// reads e0 | t0 waits | t1 x3, waits at the lock | t2 step, waits | t3 writes, unlocks | t0 locks, reads e1
// | t1 waits | t2 waits | t3 step, waits | t0 writes, unlocks | t1 locks, reads e0 | ... In turn order
// thread 1 comes after t0, so it updates element 0 after t0 has updated element 1, and it keeps that
// place: one element behind the others to the end, its last update alone. (With two accesses of its own
// it takes the lock right after x1, in the turn in which t0 released it, and keeps up.)
TEST_F(LockTurnsTest, ThreadWithMoreWorkBeforeTheLoopStaysBehind) {
  expect_updates(1, 4,
                 "t0e0 t2e0 t3e0 t0e1 t1e0 t2e1 t3e1 t0e2 t1e1 t2e2 t3e2 t0e3 t1e2 t2e3 t3e3 t1e3");
  expect_updates(1, 2,
                 "t0e0 t1e0 t2e0 t3e0 t0e1 t1e1 t2e1 t3e1 t0e2 t1e2 t2e2 t3e2 t0e3 t1e3 t2e3 t3e3");
}

}  // namespace
}  // namespace ccsim
