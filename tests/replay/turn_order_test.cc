// turn_order_test.cc: the replayed order of three threads where the turns stop going round in step: a
// lock released part-way through a turn, a barrier in the middle of the streams, a turn stalled because
// its thread has not recorded its next access yet, a thread finishing in the middle of a round. The
// round-robin order replays runs of plain turns in a fast lane (replay_schedule.cc): these are the
// cases where it must hand the turn on exactly. When every thread has more than a turn's budget of
// accesses before its next other event, it replays whole rounds at once; the second half of the file
// puts an event, a stall, an end or an early flush where such rounds must stop. Every expected order is
// derived by hand; notation and rules as in replay_engine_test.cc (tXaY is thread X's access Y; a turn
// replays up to `quantum` accesses and the synchronization events before its next access, and ends
// early at a lock release).
#include <functional>
#include <initializer_list>

#include "tests/replay/replay_fixture.h"

namespace ccsim {
namespace {

constexpr std::uint64_t kTeam = 0x7ea3;
constexpr std::uint64_t kLock = 0xa000;

// One thread's events in program order, one recording step each.
using Script = std::vector<std::function<void()>>;

// The orders in which the threads' steps can reach the engine; the replayed order must not depend on
// it (the engine resumes after every access here, so each order stalls the replay at other points).
enum class Recording { ThreadByThread, LastThreadFirst, StepByStep };
const char* name_of(Recording recording) {
  switch (recording) {
    case Recording::ThreadByThread: return "threads recorded 0, 1, 2";
    case Recording::LastThreadFirst: return "threads recorded 2, 1, 0";
    case Recording::StepByStep: return "one step of each thread in turn";
  }
  return "";
}

class TurnOrderTest : public ReplayTest {
 protected:
  // Thread 0 creates threads 1 and 2, then the scripts are recorded `recording`'s way, and the run ends.
  void replay_three_threads(const ReplayConfig& config, const std::vector<Script>& scripts, Recording recording) {
    start(config);
    create(0, 1);
    create(0, 2);
    if (recording == Recording::StepByStep) {
      for (std::size_t step = 0; has_step(scripts, step); ++step) {
        for (const Script& script : scripts) {
          if (step < script.size()) script[step]();
        }
      }
    } else {
      for (std::size_t i = 0; i < scripts.size(); ++i) {
        const Script& script = scripts[recording == Recording::ThreadByThread ? i : scripts.size() - 1 - i];
        for (const auto& step : script) step();
      }
    }
    finish();
  }

  // Steps that record accesses first..first+count-1 of `thread`, one each.
  Script accesses_of(ProcId thread, std::uint32_t first, std::uint32_t count) {
    Script steps;
    for (std::uint32_t i = first; i < first + count; ++i) steps.push_back([this, thread, i] { access(thread, i); });
    return steps;
  }
  Script exit_of(ProcId thread) {
    return Script{[this, thread] { exit_thread(thread); }};
  }

 private:
  static bool has_step(const std::vector<Script>& scripts, std::size_t step) {
    for (const Script& script : scripts) {
      if (step < script.size()) return true;
    }
    return false;
  }
};

Script operator+(Script first, const Script& second) {
  first.insert(first.end(), second.begin(), second.end());
  return first;
}

constexpr Recording kRecordings[] = {Recording::ThreadByThread, Recording::LastThreadFirst, Recording::StepByStep};

// Quantum 2. t0: a0..a3; t1: lock, a0, unlock, a1..a3; t2: a0..a3; each then exits.
// Turns: t0 creates t1 and t2, a0 a1 | t1 locks, a0, unlocks: the release ends the turn with one access
// of its budget unused | t2 a0 a1 | t0 a2 a3, and ends (it leaves the round) | t1 a1 a2 | t2 a2 a3, ends |
// t1 a3. Only t1a0 is critical.
TEST_F(TurnOrderTest, LockReleaseEndsATurnWithBudgetLeft) {
  for (Recording recording : kRecordings) {
    SCOPED_TRACE(name_of(recording));
    const Script thread0 = accesses_of(0, 0, 4) + Script{[this] { exit_thread(0); }};
    const Script thread1 = Script{[this] { lock(1, kLock); }} + accesses_of(1, 0, 1) +
                           Script{[this] { unlock(1, kLock); }} + accesses_of(1, 1, 3) +
                           Script{[this] { exit_thread(1); }};
    const Script thread2 = accesses_of(2, 0, 4) + Script{[this] { exit_thread(2); }};
    replay_three_threads(interleaved(2), {thread0, thread1, thread2}, recording);
    EXPECT_EQ(order(), "t0a0 t0a1 t1a0 t2a0 t2a1 t0a2 t0a3 t1a1 t1a2 t2a2 t2a3 t1a3");
    EXPECT_TRUE(replayed(1, 0).critical);
    EXPECT_FALSE(replayed(1, 1).critical);
  }
}

// Quantum 1, a team of three. t0: enter, a0, barrier, a1 a2, leave; t1: enter, a0 a1, barrier, a2,
// leave; t2: enter, a0 a1 a2, barrier, a3, leave; each then exits.
// Turns: t0 creates t1 and t2 and waits to enter | t1 waits to enter | t2 enters last (region 1), which
// ends its turn: a new round | t0 a0, reaches the barrier | t1 a0 | t2 a0 | t0 waits | t1 a1, reaches the
// barrier | t2 a1 | t0 waits | t1 waits | t2 a2, arrives last (region 2): a new round | t0 a1 | t1 a2,
// waits to leave | t2 a3, waits to leave | t0 a2, leaves last.
TEST_F(TurnOrderTest, BarrierInTheMiddleOfTheStreamsHoldsTheTurns) {
  for (Recording recording : kRecordings) {
    SCOPED_TRACE(name_of(recording));
    auto team_thread = [this](ProcId thread, std::uint32_t before_barrier, std::uint32_t after_barrier) {
      return Script{[this, thread] { enter_team(thread, kTeam, thread, 3); }} + accesses_of(thread, 0, before_barrier) +
             Script{[this, thread] { barrier(thread); }} + accesses_of(thread, before_barrier, after_barrier) +
             Script{[this, thread] { leave_team(thread); }, [this, thread] { exit_thread(thread); }};
    };
    replay_three_threads(interleaved(1), {team_thread(0, 1, 2), team_thread(1, 2, 1), team_thread(2, 3, 1)}, recording);
    EXPECT_EQ(order(), "t0a0 t1a0 t2a0 t1a1 t2a1 t2a2 t0a1 t1a2 t2a3 t0a2");
    EXPECT_EQ(replayed(2, 2).region, 1u);
    EXPECT_EQ(replayed(2, 3).region, 2u);
    EXPECT_EQ(replayed(0, 1).region, 2u);
  }
}

// Quantum 1, two parallel regions of a team of three (an OpenMP program's second parallel loop). After the
// first, the workers t1 and t2 are parked in the runtime: they record nothing until they join the next
// team, and the replay does not wait for them (nobody waits for a parked worker). In the second region
// each thread makes accesses a1 and a2. In which order the three record their arrival at the second team
// depends on real time, and with it which one the replay sees arrive last: when the master is there
// first, whichever worker Valgrind runs last. Whatever the order, the release starts a new round with
// t0: t0a1 t1a1 t2a1 t0a2 t1a2 t2a2. (When the last arrival went on in its own turn, the second region
// started t2a1 t0a1 or t1a1 t2a1 from run to run, and so did every region after the first.)
TEST_F(TurnOrderTest, EveryParallelRegionStartsWithTheLowestThreadWhateverArrivesLast) {
  constexpr std::uint64_t kSecondTeam = 0x7ea4;
  for (const std::vector<ProcId>& arrivals : std::vector<std::vector<ProcId>>{{0, 1, 2}, {0, 2, 1}, {2, 1, 0}}) {
    SCOPED_TRACE("threads arrive at the second team in the order " + std::to_string(arrivals[0]) + ", " +
                 std::to_string(arrivals[1]) + ", " + std::to_string(arrivals[2]));
    start(interleaved(1));
    create(0, 1);
    create(0, 2);
    for (ProcId t = 0; t < 3; ++t) {
      enter_team(t, kTeam, t, 3);
      access(t, 0);
      leave_team(t);
    }
    for (ProcId t : arrivals) enter_team(t, kSecondTeam, t, 3);
    for (ProcId t = 0; t < 3; ++t) {
      accesses(t, 1, 2);
      leave_team(t);
      exit_thread(t);
    }
    finish();
    EXPECT_EQ(order(), "t0a0 t1a0 t2a0 t0a1 t1a1 t2a1 t0a2 t1a2 t2a2");
  }
}

// Quantum 1. A thread with a single access finishes at its second turn and leaves the round; the
// others keep taking turns in processor order, whether it was in the middle of active processors or at
// the end. t1 with one access: t0a0 t1a0 t2a0 | t0a1 (t1 ends) t2a1 | t0a2 t2a2 | t0a3 t2a3. t2 with one:
// t0a0 t1a0 t2a0 | t0a1 t1a1 (t2 ends) | t0a2 t1a2 | t0a3 t1a3.
TEST_F(TurnOrderTest, ThreadFinishingMidRoundLeavesTheOthersInTurn) {
  const struct {
    ProcId short_thread;
    const char* order;
  } cases[] = {
      {1, "t0a0 t1a0 t2a0 t0a1 t2a1 t0a2 t2a2 t0a3 t2a3"},
      {2, "t0a0 t1a0 t2a0 t0a1 t1a1 t0a2 t1a2 t0a3 t1a3"},
  };
  for (const auto& c : cases) {
    for (Recording recording : kRecordings) {
      SCOPED_TRACE("thread " + std::to_string(c.short_thread) + " has one access; " + name_of(recording));
      std::vector<Script> scripts;
      for (ProcId thread = 0; thread < 3; ++thread) {
        scripts.push_back(accesses_of(thread, 0, thread == c.short_thread ? 1 : 4) +
                          Script{[this, thread] { exit_thread(thread); }});
      }
      replay_three_threads(interleaved(1), scripts, recording);
      EXPECT_EQ(order(), c.order);
    }
  }
}

// Quantum 2, watched after each recording step: a turn stalled for its thread's next access resumes
// with the budget it had left, so a turn's two accesses stay together even with a stall between them.
TEST_F(TurnOrderTest, StalledTurnResumesWithItsRemainingBudget) {
  start(interleaved(2));
  create(0, 1);
  create(0, 2);
  // t0's turn: the creations, a0 a1; a2 is beyond the budget, so t1's turn comes, and t1 has nothing.
  accesses(0, 0, 3);
  EXPECT_EQ(order(), "t0a0 t0a1");
  // t1's turn replays a0 and waits with one access of its budget left.
  access(1, 0);
  EXPECT_EQ(order(), "t0a0 t0a1 t1a0");
  // t2's accesses wait for t1's turn to end.
  accesses(2, 0, 3);
  EXPECT_EQ(order(), "t0a0 t0a1 t1a0");
  // t1's a1 is the second access of the same turn; the turn ends only at an access beyond the budget.
  access(1, 1);
  EXPECT_EQ(order(), "t0a0 t0a1 t1a0 t1a1");
  // t1's a2 ends the turn: t2 a0 a1 | t0 a2, then waits for t0's next event with one access left.
  access(1, 2);
  EXPECT_EQ(order(), "t0a0 t0a1 t1a0 t1a1 t2a0 t2a1 t0a2");
  // Exits, one after another: t0 ends | t1 a2 | t2 a2.
  exit_thread(0);
  exit_thread(1);
  exit_thread(2);
  finish();
  EXPECT_EQ(order(), "t0a0 t0a1 t1a0 t1a1 t2a0 t2a1 t0a2 t1a2 t2a2");
}

// Piped, watched after each recording step: a thread's segment replayed across stalls stays whole and
// in front of the next thread's, and its accesses take the critical flag of the lock taken in between.
TEST_F(TurnOrderTest, PipedSegmentResumesAfterStallsWithItsLockState) {
  start(piped());
  create(0, 1);
  create(0, 2);
  // t0 replays its creations, a0 a1, and waits for its next event.
  accesses(0, 0, 2);
  EXPECT_EQ(order(), "t0a0 t0a1");
  // t1's and t2's accesses wait behind t0's segment.
  accesses(1, 0, 2);
  access(2, 0);
  EXPECT_EQ(order(), "t0a0 t0a1");
  access(0, 2);
  EXPECT_EQ(order(), "t0a0 t0a1 t0a2");
  // t0 ends: t1's segment a0 a1, then t1 waits.
  exit_thread(0);
  EXPECT_EQ(order(), "t0a0 t0a1 t0a2 t1a0 t1a1");
  // t1 takes the lock, a2 inside it, releases it.
  lock(1, kLock);
  access(1, 2);
  unlock(1, kLock);
  EXPECT_EQ(order(), "t0a0 t0a1 t0a2 t1a0 t1a1 t1a2");
  // t1 ends: t2's a0.
  exit_thread(1);
  exit_thread(2);
  finish();
  EXPECT_EQ(order(), "t0a0 t0a1 t0a2 t1a0 t1a1 t1a2 t2a0");
  EXPECT_FALSE(replayed(1, 1).critical);
  EXPECT_TRUE(replayed(1, 2).critical);
}

// --- Whole rounds -----------------------------------------------------------------------------------
// The tests below replay longer streams, so that whole rounds can run at once, with the replay resumed
// after every access, every fourth and only at synchronization events and exits (kResumeEvery): the
// replayed order must be the same whichever points the rounds start from.
constexpr std::uint32_t kResumeEvery[] = {1, 4, 1000};

ReplayConfig interleaved_resuming_every(std::uint32_t quantum, std::uint32_t accesses_per_resume) {
  ReplayConfig config = interleaved(quantum);
  config.accesses_per_resume = accesses_per_resume;
  return config;
}

// The order of plain round-robin turns: in each round, each of `threads` in the order given replays its
// next `quantum` accesses, from access `first` up to access `end` (excluded).
std::string plain_rounds(std::initializer_list<ProcId> threads, std::uint32_t first, std::uint32_t end,
                         std::uint32_t quantum) {
  std::string text;
  for (std::uint32_t round_start = first; round_start < end; round_start += quantum) {
    for (ProcId thread : threads) {
      for (std::uint32_t i = round_start; i < round_start + quantum && i < end; ++i) {
        if (!text.empty()) text += ' ';
        text += "t" + std::to_string(thread) + "a" + std::to_string(i);
      }
    }
  }
  return text;
}

// Three threads of 12 accesses each and nothing else: every turn is plain, so whole rounds may replay
// them all; the order is the plain round-robin one, t0a0 t1a0 t2a0 t0a1 ... with quantum 1 and
// t0a0 t0a1 t1a0 t1a1 t2a0 t2a1 t0a2 ... with quantum 2.
TEST_F(TurnOrderTest, WholeRoundsKeepTheRoundRobinOrder) {
  for (std::uint32_t quantum : {1u, 2u}) {
    for (std::uint32_t resume : kResumeEvery) {
      for (Recording recording : kRecordings) {
        SCOPED_TRACE("quantum " + std::to_string(quantum) + ", resume every " + std::to_string(resume) + "; " +
                     name_of(recording));
        std::vector<Script> scripts;
        for (ProcId thread = 0; thread < 3; ++thread) scripts.push_back(accesses_of(thread, 0, 12) + exit_of(thread));
        replay_three_threads(interleaved_resuming_every(quantum, resume), scripts, recording);
        EXPECT_EQ(order(), plain_rounds({0, 1, 2}, 0, 12, quantum));
      }
    }
  }
}

// Eight accesses per thread; thread 1 changes the layout (change 7) between its a4 and a5. A change takes
// no turn: it is applied in thread 1's turn, after a4 and before the next access. Quantum 1: rounds
// a0..a3 plain, then t0a4 t1a4 c7 t2a4, then rounds a5..a7 plain. Quantum 2: rounds (a0 a1) and (a2 a3)
// plain, then t0a4 t0a5 t1a4 c7 t1a5 t2a4 t2a5 (the change lies inside thread 1's turn), then (a6 a7).
TEST_F(TurnOrderTest, LayoutChangeInOneStreamIsAppliedWhereTheRoundsReachIt) {
  const struct {
    std::uint32_t quantum;
    std::string order;
  } cases[] = {
      {1, plain_rounds({0, 1, 2}, 0, 4, 1) + " t0a4 t1a4 c7 t2a4 " + plain_rounds({0, 1, 2}, 5, 8, 1)},
      {2, plain_rounds({0, 1, 2}, 0, 4, 2) + " t0a4 t0a5 t1a4 c7 t1a5 t2a4 t2a5 " + plain_rounds({0, 1, 2}, 6, 8, 2)},
  };
  for (const auto& c : cases) {
    for (std::uint32_t resume : kResumeEvery) {
      for (Recording recording : kRecordings) {
        SCOPED_TRACE("quantum " + std::to_string(c.quantum) + ", resume every " + std::to_string(resume) + "; " +
                     name_of(recording));
        const Script thread1 =
            accesses_of(1, 0, 5) + Script{[this] { change_layout(1, 7); }} + accesses_of(1, 5, 3) + exit_of(1);
        replay_three_threads(interleaved_resuming_every(c.quantum, resume),
                             {accesses_of(0, 0, 8) + exit_of(0), thread1, accesses_of(2, 0, 8) + exit_of(2)}, recording);
        EXPECT_EQ(order_with_changes(), c.order);
      }
    }
  }
}

// Quantum 2, eight accesses per thread; thread 1: a0 a1, lock, a2, unlock, a3..a7. Thread 1's first turn
// is a0 a1 and takes the lock (an event before its next access); its second is a2 alone, ended by the
// release; from then on its turns are a3 a4, a5 a6, a7: one access behind the others' pairs.
// Rounds: t0a0 t0a1 t1a0 t1a1 t2a0 t2a1 | t0a2 t0a3 t1a2 t2a2 t2a3 | t0a4 t0a5 t1a3 t1a4 t2a4 t2a5 |
// t0a6 t0a7 t1a5 t1a6 t2a6 t2a7 | t1a7. Only t1a2 is critical.
TEST_F(TurnOrderTest, LockReleaseInOneStreamPutsItOutOfStepWithTheRounds) {
  for (std::uint32_t resume : kResumeEvery) {
    for (Recording recording : kRecordings) {
      SCOPED_TRACE("resume every " + std::to_string(resume) + "; " + name_of(recording));
      const Script thread1 = accesses_of(1, 0, 2) + Script{[this] { lock(1, kLock); }} + accesses_of(1, 2, 1) +
                             Script{[this] { unlock(1, kLock); }} + accesses_of(1, 3, 5) + exit_of(1);
      replay_three_threads(interleaved_resuming_every(2, resume),
                           {accesses_of(0, 0, 8) + exit_of(0), thread1, accesses_of(2, 0, 8) + exit_of(2)}, recording);
      EXPECT_EQ(order(),
                "t0a0 t0a1 t1a0 t1a1 t2a0 t2a1 t0a2 t0a3 t1a2 t2a2 t2a3 t0a4 t0a5 t1a3 t1a4 t2a4 t2a5 "
                "t0a6 t0a7 t1a5 t1a6 t2a6 t2a7 t1a7");
      EXPECT_FALSE(replayed(1, 1).critical);
      EXPECT_TRUE(replayed(1, 2).critical);
      EXPECT_FALSE(replayed(1, 3).critical);
    }
  }
}

// Quantum 1, a team of three with a barrier in the middle. t0: enter, a0..a3, barrier, a4..a7, leave;
// t1: enter, a0..a5, barrier, a6 a7, leave; t2 as t0; each then exits. Turns (- is a waiting thread's):
// t0 creates both and waits to enter | t1 waits to enter | t2 enters last (region 1): a new round |
// t0a0 t1a0 t2a0 | t0a1 t1a1 t2a1 | t0a2 t1a2 t2a2 | t0a3, reaches the barrier; t1a3; t2a3, reaches it |
// -; t1a4; - | -; t1a5, arrives last (region 2): a new round | t0a4 t1a6 t2a4 | t0a5; t1a7, waits to
// leave; t2a5 | t0a6; -; t2a6 | t0a7, waits to leave; -; t2a7, leaves last. The rounds in which only
// thread 1 can run leave the two waiting threads out.
TEST_F(TurnOrderTest, BarrierInTheMiddleStopsTheRoundsUntilItsLastArrival) {
  for (std::uint32_t resume : kResumeEvery) {
    for (Recording recording : kRecordings) {
      SCOPED_TRACE("resume every " + std::to_string(resume) + "; " + name_of(recording));
      auto team_thread = [this](ProcId thread, std::uint32_t before_barrier, std::uint32_t after_barrier) {
        return Script{[this, thread] { enter_team(thread, kTeam, thread, 3); }} + accesses_of(thread, 0, before_barrier) +
               Script{[this, thread] { barrier(thread); }} + accesses_of(thread, before_barrier, after_barrier) +
               Script{[this, thread] { leave_team(thread); }} + exit_of(thread);
      };
      replay_three_threads(interleaved_resuming_every(1, resume),
                           {team_thread(0, 4, 4), team_thread(1, 6, 2), team_thread(2, 4, 4)}, recording);
      EXPECT_EQ(order(),
                "t0a0 t1a0 t2a0 t0a1 t1a1 t2a1 t0a2 t1a2 t2a2 t0a3 t1a3 t2a3 t1a4 t1a5 t0a4 t1a6 t2a4 t0a5 "
                "t1a7 t2a5 t0a6 t2a6 t0a7 t2a7");
      EXPECT_EQ(replayed(1, 5).region, 1u);
      EXPECT_EQ(replayed(1, 6).region, 2u);
      EXPECT_EQ(replayed(2, 3).region, 1u);
      EXPECT_EQ(replayed(2, 4).region, 2u);
    }
  }
}

// Quantum 1, the replay resumed after every fourth access of the thread it waits for, watched after
// each recording step. Threads 0 and 2 make 8 accesses, thread 1 makes 4 and ends in the middle of a
// round; the order is round-robin's: rounds a0..a3 of all three, then t0a4 t2a4 ... t0a7 t2a7.
TEST_F(TurnOrderTest, RoundsStalledForAThreadResumeWhereTheyStopped) {
  start(interleaved_resuming_every(1, 4));
  create(0, 1);
  create(0, 2);
  // t0's fourth access resumes the replay: t0a0, then t1's turn, and t1 has recorded nothing.
  accesses(0, 0, 8);
  EXPECT_EQ(order(), "t0a0");
  // t2's accesses and t1's first three wait for t1's fourth.
  accesses(2, 0, 8);
  accesses(1, 0, 3);
  EXPECT_EQ(order(), "t0a0");
  // From t1's turn: t1a0 t2a0 t0a1 | t1a1 t2a1 t0a2 | t1a2 t2a2 t0a3 | t1a3, and t1's turn waits: its
  // next event may be a synchronization event, which would belong to the same turn.
  access(1, 3);
  EXPECT_EQ(order(), plain_rounds({0, 1, 2}, 0, 3, 1) + " t0a3 t1a3");
  // t1 ends: t2a3 | t0a4 t2a4 | t0a5 t2a5 | t0a6 t2a6 | t0a7, and t0's turn waits likewise.
  exit_thread(1);
  EXPECT_EQ(order(), plain_rounds({0, 1, 2}, 0, 4, 1) + " t0a4 t2a4 t0a5 t2a5 t0a6 t2a6 t0a7");
  exit_thread(0);
  exit_thread(2);
  finish();
  EXPECT_EQ(order(), plain_rounds({0, 1, 2}, 0, 4, 1) + " " + plain_rounds({0, 2}, 4, 8, 1));
}

// Quantum 1, a cap of three chunks. Thread 0 has recorded nothing after creating threads 1 and 2 (its
// creations take its one chunk), so the replay waits for it while threads 1 and 2 record 340 accesses
// each, a chunk each. Thread 1's 341st access would take a fourth chunk: the early flush replays past
// thread 0, in whole rounds of threads 1 and 2: t1a0 t2a0 ... t1a339 t2a339. Afterwards recording goes
// on; thread 0 ends without accesses, and the rest alternates the same way up to a342. (Past a99 the
// references of two threads coincide, so the order is checked by processor and access number.)
TEST_F(TurnOrderTest, EarlyFlushAtTheCapReplaysRoundsPastTheThreadItWaitsFor) {
  auto expect_threads_1_and_2_alternate = [this](std::uint32_t accesses_each) {
    ASSERT_EQ(replayed_.size(), 2 * accesses_each);
    for (std::uint32_t i = 0; i < 2 * accesses_each; ++i) {
      SCOPED_TRACE("replayed access " + std::to_string(i));
      const ProcId thread = 1 + i % 2;
      EXPECT_EQ(replayed_[i].proc, thread);
      EXPECT_EQ(replayed_[i].ref, thread * 100 + i / 2);
    }
  };
  ReplayConfig config = interleaved(1);
  config.max_buffer_bytes = 3 * EventQueue::kChunkBytes;
  start(config);
  create(0, 1);
  create(0, 2);
  accesses(1, 0, 340);
  accesses(2, 0, 340);
  EXPECT_EQ(engine_->early_flushes(), 0u);
  EXPECT_EQ(order(), "");
  access(1, 340);
  EXPECT_EQ(engine_->early_flushes(), 1u);
  expect_threads_1_and_2_alternate(340);
  accesses(2, 340, 3);
  accesses(1, 341, 2);
  exit_thread(0);
  exit_thread(1);
  exit_thread(2);
  finish();
  expect_threads_1_and_2_alternate(343);
}

}  // namespace
}  // namespace ccsim
