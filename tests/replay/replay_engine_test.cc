// replay_engine_test.cc: the order in which the replay engine hands accesses to the simulator, with
// every expected order derived by hand from the scenario. Notation: tXaY is thread X's access Y.
//
// Rules the derivations use (replay_engine.h): round-robin turns go to threads in processor order; a
// turn replays up to `quantum` accesses and the synchronization events before the next access, and
// ends early when the thread releases a lock; a thread at a barrier, at a lock held by another, or at a
// join of a running thread lets the turn pass; the thread whose arrival releases a barrier ends its turn
// there, and a new round starts with the lowest-numbered thread.
// Region ids are numbered in barrier-release order from 1 (0 is the program's start).
#include "tests/replay/replay_fixture.h"

namespace ccsim {
namespace {

constexpr std::uint64_t kTeam = 0x7ea3;
constexpr std::uint64_t kLockA = 0xa000;
constexpr std::uint64_t kLockB = 0xb000;

// Each thread's accesses must come out in its own program order.
void expect_program_order(const std::vector<Replayed>& replayed) {
  std::vector<std::uint32_t> next_index(8, 0);
  for (const Replayed& r : replayed) {
    SCOPED_TRACE("t" + std::to_string(r.proc) + "a" + std::to_string(r.ref % 100));
    EXPECT_EQ(r.ref % 100, next_index[r.proc]);
    next_index[r.proc] = r.ref % 100 + 1;
  }
}

using RoundRobinTest = ReplayTest;

// Quantum 1: thread 0 and thread 1 alternate one access at a time.
TEST_F(RoundRobinTest, TwoThreadsAlternateOneAccessPerTurn) {
  start(interleaved(1));
  two_threads(3, true);
  EXPECT_EQ(order(), "t0a0 t1a0 t0a1 t1a1 t0a2 t1a2");
}

// The replayed order depends on the threads' streams, not on the order in which Valgrind ran them.
TEST_F(RoundRobinTest, OrderDoesNotDependOnRecordingOrder) {
  start(interleaved(1));
  two_threads(3, false);
  const std::string alternately = order();
  start(interleaved(1));
  two_threads(3, true);
  EXPECT_EQ(order(), alternately);
}

// How many accesses the replay lets a thread record before resuming changes when the replay runs,
// not what it replays.
TEST_F(RoundRobinTest, ResumeBatchDoesNotChangeTheOrder) {
  start(interleaved(1));
  two_threads(50, false);
  const std::string resumed_at_every_access = order();
  ReplayConfig batched = interleaved(1);
  batched.accesses_per_resume = 64;
  start(batched);
  two_threads(50, false);
  EXPECT_EQ(order(), resumed_at_every_access);
}

// Quantum 2: each turn replays two accesses of one thread.
TEST_F(RoundRobinTest, QuantumTwoReplaysPairs) {
  start(interleaved(2));
  two_threads(4, true);
  EXPECT_EQ(order(), "t0a0 t0a1 t1a0 t1a1 t0a2 t0a3 t1a2 t1a3");
}

// A created thread's accesses come after the creation point of its creator's stream.
TEST_F(RoundRobinTest, ThreadStartsAfterItsCreation) {
  start(interleaved(1));
  // Thread 0 runs alone for a0..a2 (one access per turn, nobody else exists); the creation after a2
  // is replayed in the same turn, so thread 1 takes the next turn before t0a3.
  accesses(0, 0, 3);
  create(0, 1);
  access(1, 0);
  access(0, 3);
  exit_thread(1);
  exit_thread(0);
  finish();
  EXPECT_EQ(order(), "t0a0 t0a1 t0a2 t1a0 t0a3");
  EXPECT_EQ(started_, std::vector<ProcId>{1});
}

// A join holds the joiner until the joined thread has replayed its last access.
TEST_F(RoundRobinTest, JoinWaitsForTheJoinedThread) {
  start(interleaved(1));
  // t0: a0, create t1, a1, join t1, a2.  t1: a0 a1 a2.
  // Turns: t0a0 (+create) | t1a0 | t0a1 (+join: t1 runs, wait) | t1a1 | t0 waits | t1a2, ends | t0a2.
  access(0, 0);
  const StreamId child = create(0, 1);
  access(0, 1);
  join(0, child);
  access(0, 2);
  accesses(1, 0, 3);
  exit_thread(1);
  exit_thread(0);
  finish();
  EXPECT_EQ(order(), "t0a0 t1a0 t0a1 t1a1 t1a2 t0a2");
}

// Outside any team a join ends the joiner's region: its accesses after the join, and a thread it
// creates after the join, are in region 1; the joined thread's were in region 0.
TEST_F(RoundRobinTest, JoinEndsTheJoinersRegion) {
  start(interleaved(1));
  // t0: a0, create t1, join t1, a1, create t2.  t1: a0.  t2: a0.
  access(0, 0);
  const StreamId first = create(0, 1);
  join(0, first);
  access(0, 1);
  create(0, 2);
  access(1, 0);
  exit_thread(1);
  access(2, 0);
  exit_thread(2);
  exit_thread(0);
  finish();
  std::vector<std::pair<ProcId, RegionId>> regions;
  for (const Replayed& r : replayed_) regions.emplace_back(r.proc, r.region);
  EXPECT_EQ(regions, (std::vector<std::pair<ProcId, RegionId>>{{0, 0}, {1, 0}, {0, 1}, {2, 1}}));
}

// A barrier holds the thread that reaches it first until the other team member arrives, whichever
// thread's events were recorded first.
TEST_F(RoundRobinTest, BarrierHoldsTheFastThread) {
  // t0: enter, a0, barrier, a1, leave.  t1: enter, a0 a1 a2, barrier, a3, leave.
  // Turns: t0 creates t1 and waits to enter | t1 enters, the last: a new round | t0a0, at barrier |
  // t1a0 | t0 waits | t1a1 | t0 waits | t1a2, barrier releases: a new round | t0a1, waits to leave |
  // t1a3, leaves.
  auto record_thread0 = [this] {
    enter_team(0, kTeam, 0, 2);
    access(0, 0);
    barrier(0);
    access(0, 1);
    leave_team(0);
    exit_thread(0);
  };
  auto record_thread1 = [this] {
    enter_team(1, kTeam, 1, 2);
    accesses(1, 0, 3);
    barrier(1);
    access(1, 3);
    leave_team(1);
    exit_thread(1);
  };
  for (bool thread1_first : {false, true}) {
    SCOPED_TRACE(thread1_first ? "thread 1 recorded first" : "thread 0 recorded first");
    start(interleaved(1));
    create(0, 1);
    if (thread1_first) record_thread1();
    record_thread0();
    if (!thread1_first) record_thread1();
    finish();
    EXPECT_EQ(order(), "t0a0 t1a0 t1a1 t1a2 t0a1 t1a3");
  }
}

// Every barrier release starts a new region; accesses carry the region of their thread's position.
TEST_F(RoundRobinTest, RegionIdsFollowBarrierEpochs) {
  start(interleaved(1));
  // Releases, in order: the team's entry (region 1), the barrier (2), the team's exit (3). t0a0 is
  // before the team (region 0), t0a3 after it (region 3).
  access(0, 0);
  create(0, 1);
  enter_team(0, kTeam, 0, 2);
  access(0, 1);
  barrier(0, 0x400100);
  access(0, 2);
  leave_team(0, 0x400200);
  access(0, 3);
  enter_team(1, kTeam, 1, 2);
  access(1, 0);
  barrier(1, 0x400100);
  access(1, 1);
  leave_team(1);
  exit_thread(1);
  exit_thread(0);
  finish();
  EXPECT_EQ(replayed(0, 0).region, 0u);
  EXPECT_EQ(replayed(0, 1).region, 1u);
  EXPECT_EQ(replayed(1, 0).region, 1u);
  EXPECT_EQ(replayed(0, 2).region, 2u);
  EXPECT_EQ(replayed(1, 1).region, 2u);
  EXPECT_EQ(replayed(0, 3).region, 3u);
  // The barrier call closed region 1, the team's exit region 2.
  EXPECT_EQ(engine_->model().region_close(1), 0x400100u);
  EXPECT_EQ(engine_->model().region_close(2), 0x400200u);
}

// Two threads contending for one lock never interleave their critical sections, and only accesses
// made while holding the lock are critical.
TEST_F(RoundRobinTest, LockExcludesTheOtherThread) {
  start(interleaved(1));
  // Both: lock L, a0, a1, unlock L, a2.
  // Turns: t0 locks, t0a0 | t1 waits for L | t0a1, unlocks | t1 locks, t1a0 | t0a2 ends | t1a1,
  // unlocks | t1a2.
  create(0, 1);
  for (ProcId t : {0u, 1u}) {
    lock(t, kLockA);
    accesses(t, 0, 2);
    unlock(t, kLockA);
    access(t, 2);
    exit_thread(t);
  }
  finish();
  EXPECT_EQ(order(), "t0a0 t0a1 t1a0 t0a2 t1a1 t1a2");
  for (ProcId t : {0u, 1u}) {
    SCOPED_TRACE("thread " + std::to_string(t));
    EXPECT_TRUE(replayed(t, 0).critical);
    EXPECT_TRUE(replayed(t, 1).critical);
    EXPECT_FALSE(replayed(t, 2).critical);
  }
}

// Releasing a lock ends the releaser's turn: a thread waiting for the lock takes it before the releaser
// can take it back, so contended critical sections alternate (the ping-pong interleaving exists to show).
TEST_F(RoundRobinTest, ReleasedLockGoesToTheWaitingThread) {
  start(interleaved(1));
  // Both: three times lock L, one access, unlock L. Each turn: lock, access, unlock, turn over.
  create(0, 1);
  for (ProcId t : {0u, 1u}) {
    for (std::uint32_t i = 0; i < 3; ++i) {
      lock(t, kLockA);
      access(t, i);
      unlock(t, kLockA);
    }
    exit_thread(t);
  }
  finish();
  EXPECT_EQ(order(), "t0a0 t1a0 t0a1 t1a1 t0a2 t1a2");
}

// A thread stays critical until it has released every acquisition of a lock it took twice.
TEST_F(RoundRobinTest, RecursiveLockStaysCriticalUntilLastRelease) {
  start(interleaved(1));
  lock(0, kLockA);
  lock(0, kLockA);
  unlock(0, kLockA);
  access(0, 0);
  unlock(0, kLockA);
  access(0, 1);
  exit_thread(0);
  finish();
  EXPECT_TRUE(replayed(0, 0).critical);
  EXPECT_FALSE(replayed(0, 1).critical);
}

// A thread that has started but recorded nothing holds the replay: its next access may belong
// between the others' accesses.
TEST_F(RoundRobinTest, ThreadWithoutEventsHoldsTheReplay) {
  start(interleaved(1));
  create(0, 1);
  accesses(0, 0, 4);
  // t0a0 is replayed at once; t0a1 would follow t1's turn, whose event is not known yet.
  EXPECT_EQ(order(), "t0a0");
  access(1, 0);
  EXPECT_EQ(order(), "t0a0 t1a0");
}

// A mid-run flush (before CCSIM_ZERO_STATS) replays what is buffered past a thread that has recorded
// nothing, and recording goes on afterwards.
TEST_F(RoundRobinTest, FlushReplaysBufferedAccessesAndRecordingContinues) {
  start(interleaved(1));
  create(0, 1);
  accesses(0, 0, 4);
  EXPECT_EQ(order(), "t0a0");
  engine_->flush();
  EXPECT_EQ(order(), "t0a0 t0a1 t0a2 t0a3");
  access(1, 0);
  access(0, 4);
  exit_thread(0);
  exit_thread(1);
  finish();
  EXPECT_EQ(replayed_.size(), 6u);
  EXPECT_EQ(engine_->early_flushes(), 0u);
}

// A worker parked between parallel regions holds nothing up: the master's serial code after the region
// is replayed as it is recorded.
TEST_F(RoundRobinTest, ParkedWorkerDoesNotHoldTheReplay) {
  start(interleaved(1));
  // t0: enter, a0, leave, a1 a2 a3.  t1 (worker): enter, a0, leave, then nothing.
  // t1 enters last, which ends its turn: a new round, t0a0 t1a0; after the exit t1 is parked.
  create(0, 1);
  enter_team(0, kTeam, 0, 2);
  enter_team(1, kTeam, 1, 2);
  access(0, 0);
  access(1, 0);
  leave_team(0);
  leave_team(1);
  accesses(0, 1, 3);
  EXPECT_EQ(order(), "t0a0 t1a0 t0a1 t0a2 t0a3");
}

// Memory one thread freed and another got back from the allocator (ReplayEngine::record_reuse): Valgrind
// ran t1's three accesses and its free before t0 allocated, so t1 is recorded first. t0's accesses after
// its allocation wait until t1's three are replayed: t0 creates t1 and waits | t1a0 | t0 waits | t1a1 |
// t0 waits | t1a2 | t0a0 | t1 ends | t0a1. (Without the wait: t0a0 t1a0 t0a1 t1a1 t1a2, the two threads'
// uses of the same memory interleaved.)
TEST_F(RoundRobinTest, MemoryReusedFromAnotherThreadWaitsForItsAccessesBeforeTheFree) {
  start(interleaved(1));
  create(0, 1);
  accesses(1, 0, 3);
  const ReplayEngine::RecordingMark freed = engine_->recording_mark(1);
  exit_thread(1);
  engine_->record_reuse(0, freed);
  accesses(0, 0, 2);
  exit_thread(0);
  finish();
  EXPECT_EQ(order(), "t1a0 t1a1 t1a2 t0a0 t0a1");
  EXPECT_EQ(engine_->forced_orderings(), 0u);
}

// The wait is soft: t0 allocates inside a critical section of lock L, reusing memory t1 freed after its
// own critical section of L. In the replay t0 takes L first, and t1 is blocked at L, so t0 does not wait
// for t1 (they would wait for each other): t0 creates t1, locks L, goes on, t0a0 | t1 waits for L |
// t0 unlocks, which ends its turn | t1 locks L, t1a0, unlocks. No forced ordering.
TEST_F(RoundRobinTest, MemoryReuseDoesNotWaitForAThreadBlockedAtALock) {
  start(interleaved(1));
  create(0, 1);
  lock(1, kLockA);
  access(1, 0);
  unlock(1, kLockA);
  const ReplayEngine::RecordingMark freed = engine_->recording_mark(1);
  exit_thread(1);
  lock(0, kLockA);
  engine_->record_reuse(0, freed);
  access(0, 0);
  unlock(0, kLockA);
  exit_thread(0);
  finish();
  EXPECT_EQ(order(), "t0a0 t1a0");
  EXPECT_EQ(engine_->forced_orderings(), 0u);
}

// Memory a thread frees and allocates again itself orders nothing: t0a0 t1a0 t0a1 t1a1, round-robin.
TEST_F(RoundRobinTest, MemoryReusedByTheSameThreadOrdersNothing) {
  start(interleaved(1));
  create(0, 1);
  access(0, 0);
  engine_->record_reuse(0, engine_->recording_mark(0));
  access(0, 1);
  accesses(1, 0, 2);
  exit_thread(0);
  exit_thread(1);
  finish();
  EXPECT_EQ(order(), "t0a0 t1a0 t0a1 t1a1");
}

// A thread id reused by Valgrind is a new thread: it starts (cold caches) after the old one has ended.
TEST_F(RoundRobinTest, ReusedProcessorRunsAfterThePreviousThread) {
  start(interleaved(1));
  create(0, 1);
  access(1, 0);
  exit_thread(1);
  create(0, 1);
  access(1, 5);
  exit_thread(1);
  exit_thread(0);
  finish();
  EXPECT_EQ(order(), "t1a0 t1a5");
  EXPECT_EQ(started_, (std::vector<ProcId>{1, 1}));
}

// Two threads taking two locks in opposite orders deadlock in the replay although the client did not;
// the end of the run breaks it once and replays everything.
TEST_F(RoundRobinTest, LockOrderDeadlockIsBrokenAtTheEnd) {
  start(interleaved(1));
  // t0: lock A, a0, a1, lock B, a2, unlock B, unlock A.  t1: lock B, a0, a1, lock A, a2, unlock A, unlock B.
  // Turns: t0 takes A, t0a0 | t1 takes B, t1a0 | t0a1, waits for B | t1a1, waits for A: deadlock.
  // At the end the lowest-numbered waiter (t0) takes B: one forced ordering.
  create(0, 1);
  const std::uint64_t first[2] = {kLockA, kLockB};
  const std::uint64_t second[2] = {kLockB, kLockA};
  for (ProcId t : {0u, 1u}) {
    lock(t, first[t]);
    accesses(t, 0, 2);
    lock(t, second[t]);
    access(t, 2);
    unlock(t, second[t]);
    unlock(t, first[t]);
    exit_thread(t);
  }
  EXPECT_EQ(order(), "t0a0 t1a0 t0a1 t1a1");
  finish();
  EXPECT_EQ(engine_->forced_orderings(), 1u);
  EXPECT_EQ(replayed_.size(), 6u);
}

// Buffers stay under the cap: when a chunk would pass it, what can be replayed is replayed early
// (skipping a thread that has recorded nothing), and the flush is counted.
TEST_F(RoundRobinTest, CapForcesOneEarlyFlush) {
  ReplayConfig config = interleaved(1);
  config.max_buffer_bytes = 2 * EventQueue::kChunkBytes;
  start(config);
  // A chunk is 4096 bytes: a 16-byte header and 1020 words; an access takes 3 words, so a chunk holds
  // 340 accesses and the cap of two chunks 680. Thread 1 runs but records nothing, so from t0a1 on
  // thread 0's accesses pile up: t0a681 needs a third chunk and forces one flush of a1..a680. The
  // remaining a681..a999 (319 accesses) fit in one chunk.
  create(0, 1);
  for (std::uint32_t i = 0; i < 1000; ++i) {
    engine_->record_access(0, i, 0x10000 + 8 * i, 8, AccessKind::Read);
    ASSERT_LE(engine_->buffered_bytes(), config.max_buffer_bytes) << "after access " << i;
  }
  EXPECT_EQ(engine_->early_flushes(), 1u);
  EXPECT_EQ(replayed_.size(), 681u);  // a0, then a1..a680 by the flush
  finish();
  EXPECT_EQ(replayed_.size(), 1000u);
}

using LayoutChangeTest = ReplayTest;

// Thread 0: a0, change 1, a1; thread 1: a0, a1. Round-robin, quantum 1: thread 0's first turn replays
// its creation of thread 1 and a0, then the change in front of a1 (a change takes no turn), and ends at
// a1: the change lies between thread 0's two accesses and before thread 1's first.
TEST_F(LayoutChangeTest, RoundRobinAppliesAChangeBetweenTheAccessesAroundIt) {
  start(interleaved(1));
  create(0, 1);
  access(0, 0);
  change_layout(0, 1);
  access(0, 1);
  accesses(1, 0, 2);
  exit_thread(0);
  exit_thread(1);
  finish();
  EXPECT_EQ(order_with_changes(), "t0a0 c1 t1a0 t0a1 t1a1");
}

// The same streams in piped order: thread 0's whole segment (a0, the change, a1), then thread 1's.
TEST_F(LayoutChangeTest, PipedAppliesAChangeWithinItsThreadsSegment) {
  start(piped());
  create(0, 1);
  access(0, 0);
  change_layout(0, 1);
  access(0, 1);
  accesses(1, 0, 2);
  exit_thread(0);
  exit_thread(1);
  finish();
  EXPECT_EQ(order_with_changes(), "t0a0 c1 t0a1 t1a0 t1a1");
}

// Thread 1 records 1000 accesses and, after each tenth, a change numbered 0..99, while thread 0 records
// nothing after creating it: in every order the replay waits for thread 0, so thread 1's events pile
// up. Ten accesses and a change take 10 x 3 + 2 = 32 words, so the 900 accesses before the mid-run
// flush at access 900 take 2880 words, more than the two-chunk cap's 2040: an early flush comes first.
// Each change reaches the sink exactly once, in thread 1's order, change c after exactly
// t1a0..t1a(10c+9): 10c + 10 accesses.
TEST_F(LayoutChangeTest, EveryChangeIsAppliedOnceInStreamOrderAcrossFlushes) {
  const std::vector<std::pair<const char*, ReplayConfig>> orders = {
      {"interleaved", interleaved(1)}, {"piped", piped()}, {"random", random_order(3)}};
  for (const auto& [name, order_config] : orders) {
    SCOPED_TRACE(name);
    ReplayConfig config = order_config;
    config.max_buffer_bytes = 2 * EventQueue::kChunkBytes;
    start(config);
    create(0, 1);
    for (std::uint32_t i = 0; i < 1000; ++i) {
      access(1, i);
      if (i % 10 == 9) change_layout(1, i / 10);
      if (i == 900) engine_->flush();
    }
    EXPECT_GE(engine_->early_flushes(), 1u);  // the scenario does go through the cap's flush
    exit_thread(0);
    exit_thread(1);
    finish();
    ASSERT_EQ(changes_.size(), 100u);
    for (std::uint32_t c = 0; c < 100; ++c) {
      SCOPED_TRACE("change " + std::to_string(c));
      EXPECT_EQ(changes_[c].change, c);
      EXPECT_EQ(changes_[c].after_accesses, 10u * c + 10);
    }
  }
}

// Thread 1 records a change and an access, but the replay waits for thread 0, which records nothing
// more: nothing of thread 1 is replayed during the run. The end of the run replays it: the change,
// then the access.
TEST_F(LayoutChangeTest, ChangesOfAThreadNeverReplayedDuringTheRunAreAppliedAtFinish) {
  start(interleaved(1));
  create(0, 1);
  change_layout(1, 7);
  access(1, 0);
  EXPECT_EQ(order_with_changes(), "");
  finish();
  EXPECT_EQ(order_with_changes(), "c7 t1a0");
}

// Thread 1 exits without events and its stream ends at its first turn (after t0a0); a change recorded
// for its processor afterwards (an exit reported twice) has no stream to wait in: it applies at once,
// after t0a1, the last access replayed so far.
TEST_F(LayoutChangeTest, ChangeOfAThreadWhoseStreamEndedAppliesAtOnce) {
  start(interleaved(1));
  create(0, 1);
  exit_thread(1);
  accesses(0, 0, 2);
  change_layout(1, 9);
  EXPECT_EQ(order_with_changes(), "t0a0 t0a1 c9");
  exit_thread(0);
  finish();
  EXPECT_EQ(changes_.size(), 1u);
}

using PipedTest = ReplayTest;

// Without synchronization, piped order replays thread 0's whole stream, then thread 1's.
TEST_F(PipedTest, ReplaysOneThreadAfterTheOther) {
  start(piped());
  two_threads(3, false);
  EXPECT_EQ(order(), "t0a0 t0a1 t0a2 t1a0 t1a1 t1a2");
}

// Within each region, thread 0's segment is replayed whole, then thread 1's, whichever thread's events
// were recorded first (thread 1's arrival releases the team, yet thread 0 goes first in the region).
TEST_F(PipedTest, ReplaysEachRegionThreadByThread) {
  // Both: enter, a0 a1, barrier, a2 a3, leave. Region 1: t0's a0 a1, then t1's; region 2 likewise.
  for (bool thread1_first : {false, true}) {
    SCOPED_TRACE(thread1_first ? "thread 1 recorded first" : "thread 0 recorded first");
    start(piped());
    create(0, 1);
    for (ProcId t : {thread1_first ? 1u : 0u, thread1_first ? 0u : 1u}) {
      enter_team(t, kTeam, t, 2);
      accesses(t, 0, 2);
      barrier(t);
      accesses(t, 2, 2);
      leave_team(t);
      exit_thread(t);
    }
    finish();
    EXPECT_EQ(order(), "t0a0 t0a1 t1a0 t1a1 t0a2 t0a3 t1a2 t1a3");
  }
}

using RandomScheduleTest = ReplayTest;

// Two runs with the same seed replay the same order, each thread's accesses in program order.
TEST_F(RandomScheduleTest, SameSeedReplaysTheSameOrder) {
  start(random_order(42));
  two_threads(50, false);
  const std::vector<Replayed> first = replayed_;
  start(random_order(42));
  two_threads(50, true);
  ASSERT_EQ(replayed_.size(), first.size());
  for (std::size_t i = 0; i < first.size(); ++i) {
    SCOPED_TRACE("access " + std::to_string(i));
    EXPECT_EQ(replayed_[i].ref, first[i].ref);
  }
  expect_program_order(replayed_);
}

// The first turn goes where xorshift64 seeded with 1 says: x = 1; x ^= x << 13 gives 8193;
// x ^= x >> 7 gives 8193 ^ 64 = 8257; x ^= x << 17 gives 8257 + 8257 * 131072 = 1082269761, odd, so
// of the two candidates (t0, t1) the second is drawn.
TEST_F(RandomScheduleTest, FirstDrawFollowsTheSeed) {
  start(random_order(1));
  two_threads(2, true);
  ASSERT_FALSE(replayed_.empty());
  EXPECT_EQ(replayed_.front().proc, 1u);
  EXPECT_EQ(replayed_.front().ref, 100u);
}

// A random order is not round-robin: among 2 x 200 accesses, strict alternation has probability 2^-399.
TEST_F(RandomScheduleTest, DiffersFromStrictAlternation) {
  start(random_order(7));
  two_threads(200, true);
  const std::string random = order();
  start(interleaved(1));
  two_threads(200, true);
  EXPECT_NE(random, order());
}

}  // namespace
}  // namespace ccsim
