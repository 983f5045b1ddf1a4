// sync_model_test.cc: regions, teams, barriers and locks of the synchronization model, in the order the
// client performed the events (Live, the native mode) and in a replay order (Replay). Region ids are
// handed out from 1 in the order they open (0 is the program's start), so each expected id is counted
// from the scenario.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "ccsim/core/host_platform.h"
#include "ccsim/replay/sync_model.h"

namespace ccsim {
namespace {

constexpr std::uint64_t kOuterTeam = 0x0111;
constexpr std::uint64_t kInnerTeam = 0x0222;
constexpr std::uint64_t kLock = 0x5000;

class SyncModelTest : public ::testing::Test {
 protected:
  void SetUp() override {
    install_host_platform();
    for (std::uint32_t i = 0; i < 4; ++i) threads_[i].owner = i;
  }

  // A model in `order` whose threads 1..3 were created by thread 0 at the program's start (region 0).
  void start(EventOrder order) {
    model_ = std::make_unique<SyncModel>(order);
    model_->start_thread(&threads_[0], nullptr);
    for (std::uint32_t i = 1; i < 4; ++i) model_->start_thread(&threads_[i], &threads_[0]);
  }

  bool apply(std::uint32_t thread, const SyncEvent& event) { return model_->apply(&threads_[thread], event); }
  SyncThread& thread(std::uint32_t i) { return threads_[i]; }

  std::unique_ptr<SyncModel> model_;

 private:
  SyncThread threads_[4];
};

// A join ends the joiner's region outside a team (in both orders), and changes nothing in a team, whose
// barriers delimit its regions.
TEST_F(SyncModelTest, JoinEndsTheJoinersRegionOutsideTeams) {
  for (EventOrder order : {EventOrder::Live, EventOrder::Replay}) {
    SCOPED_TRACE(order == EventOrder::Live ? "live" : "replay");
    start(order);
    model_->thread_joined(&thread(0), 0x400100);
    EXPECT_EQ(thread(0).region, 1u);
    EXPECT_EQ(thread(1).region, 0u);
    EXPECT_EQ(model_->region_close(0), 0x400100u);
  }
  start(EventOrder::Live);
  apply(0, make_team_enter(kOuterTeam, 0, 1, 0x400000));
  model_->thread_joined(&thread(0), 0x400100);
  EXPECT_EQ(thread(0).region, 1u);
  EXPECT_EQ(model_->region_count(), 2u);
}

// Live order: the master is in the team's first region as soon as it enters, and a worker that enters
// later joins the same region.
TEST_F(SyncModelTest, LiveEnterPutsEveryMemberInTheTeamsFirstRegion) {
  start(EventOrder::Live);
  apply(0, make_team_enter(kOuterTeam, 0, 2, 0x400000));
  EXPECT_EQ(thread(0).region, 1u);
  EXPECT_EQ(thread(1).region, 0u);
  apply(1, make_team_enter(kOuterTeam, 1, 2, 0x400000));
  EXPECT_EQ(thread(1).region, 1u);
  EXPECT_EQ(thread(0).waiting_at, nullptr);
}

// Replay order: entering a team is a barrier; nobody is in the team's region before the last member.
TEST_F(SyncModelTest, ReplayEnterWaitsForTheWholeTeam) {
  start(EventOrder::Replay);
  apply(0, make_team_enter(kOuterTeam, 0, 2, 0));
  EXPECT_NE(thread(0).waiting_at, nullptr);
  EXPECT_EQ(thread(0).region, 0u);
  apply(1, make_team_enter(kOuterTeam, 1, 2, 0));
  EXPECT_EQ(thread(0).waiting_at, nullptr);
  EXPECT_EQ(thread(0).region, 1u);
  EXPECT_EQ(thread(1).region, 1u);
}

// Replay order: a barrier holds its early arrivals in the old region until the last member arrives;
// then every member is in one new region (team entry opened region 1, the barrier region 2).
TEST_F(SyncModelTest, ReplayBarrierMovesTheTeamOnTheLastArrival) {
  start(EventOrder::Replay);
  apply(0, make_team_enter(kOuterTeam, 0, 2, 0));
  apply(1, make_team_enter(kOuterTeam, 1, 2, 0));
  apply(1, make_team_barrier(0x400100));
  EXPECT_EQ(thread(1).region, 1u);
  EXPECT_NE(thread(1).waiting_at, nullptr);
  apply(0, make_team_barrier(0x400100));
  EXPECT_EQ(thread(0).region, 2u);
  EXPECT_EQ(thread(1).region, 2u);
  EXPECT_EQ(thread(1).waiting_at, nullptr);
  EXPECT_EQ(model_->region_close(1), 0x400100u);
}

// Live order: the first member to report a barrier opens the next region and moves into it; the other
// stays in the old region until it reports the barrier too (entry opened region 1, the barrier 2).
TEST_F(SyncModelTest, LiveMembersMoveIntoTheNextRegionAsTheyReportTheBarrier) {
  start(EventOrder::Live);
  apply(0, make_team_enter(kOuterTeam, 0, 2, 0));
  apply(1, make_team_enter(kOuterTeam, 1, 2, 0));
  apply(1, make_team_barrier(0x400100));
  EXPECT_EQ(thread(1).region, 2u);
  EXPECT_EQ(thread(0).region, 1u);
  EXPECT_EQ(thread(1).waiting_at, nullptr);
  apply(0, make_team_barrier(0x400100));
  EXPECT_EQ(thread(0).region, 2u);
  // The next barrier is a new generation: its first report opens region 3.
  apply(0, make_team_barrier(0x400180));
  EXPECT_EQ(thread(0).region, 3u);
  EXPECT_EQ(thread(1).region, 2u);
}

// Live order: members count their own barriers. A worker that enters first and reports a barrier
// before the others have entered (Valgrind ran it first) does not drag them along: the late member
// starts in the first epoch (region 1) and reaches the second (region 2) at its own barrier report.
TEST_F(SyncModelTest, LiveLateMemberStartsInTheTeamsFirstEpoch) {
  start(EventOrder::Live);
  apply(1, make_team_enter(kOuterTeam, 1, 2, 0));
  apply(1, make_team_barrier(0x400100));
  EXPECT_EQ(thread(1).region, 2u);
  apply(0, make_team_enter(kOuterTeam, 0, 2, 0));
  EXPECT_EQ(thread(0).region, 1u);
  apply(0, make_team_barrier(0x400100));
  EXPECT_EQ(thread(0).region, 2u);
}

// Leaving the team is a barrier; afterwards master and worker are outside any team, in the region the
// exit's release opens (the entry opened region 1, the exit region 2), and the worker is parked.
TEST_F(SyncModelTest, LeavingReturnsToTheRegionAfterTheTeamAndParksTheWorker) {
  start(EventOrder::Replay);
  apply(0, make_team_enter(kOuterTeam, 0, 2, 0));
  apply(1, make_team_enter(kOuterTeam, 1, 2, 0));
  apply(0, make_team_exit(0x400200));
  EXPECT_EQ(thread(0).region, 1u);
  EXPECT_NE(thread(0).waiting_at, nullptr);
  apply(1, make_team_exit(0));
  EXPECT_EQ(thread(0).region, 2u);
  EXPECT_EQ(thread(1).region, 2u);
  EXPECT_EQ(thread(0).teams, nullptr);
  EXPECT_FALSE(thread(0).docked);
  EXPECT_TRUE(thread(1).docked);
  EXPECT_EQ(model_->region_close(1), 0x400200u);
}

// Leaving a nested team brings its master back to the enclosing team's current region, and its worker
// to a region of its own after the inner team.
TEST_F(SyncModelTest, LeavingANestedTeamResumesTheOuterRegion) {
  start(EventOrder::Live);
  // Outer team {0, 1} opens region 1; inner team {0 as master, 2} opens region 2; its exit opens 3.
  apply(0, make_team_enter(kOuterTeam, 0, 2, 0));
  apply(1, make_team_enter(kOuterTeam, 1, 2, 0));
  apply(0, make_team_enter(kInnerTeam, 0, 2, 0));
  apply(2, make_team_enter(kInnerTeam, 1, 2, 0));
  EXPECT_EQ(thread(0).region, 2u);
  apply(0, make_team_exit(0));
  apply(2, make_team_exit(0));
  EXPECT_EQ(thread(0).region, 1u);
  EXPECT_EQ(thread(2).region, 3u);
  EXPECT_TRUE(thread(2).docked);
}

// A pthread barrier object releases when as many threads as it was created for have arrived.
TEST_F(SyncModelTest, BarrierObjectReleasesAtItsParticipantCount) {
  start(EventOrder::Replay);
  const SyncEvent wait = make_object_barrier(1, 3, 0x400300);
  apply(0, wait);
  apply(1, wait);
  EXPECT_NE(thread(1).waiting_at, nullptr);
  apply(2, wait);
  for (std::uint32_t t = 0; t < 3; ++t) {
    SCOPED_TRACE("thread " + std::to_string(t));
    EXPECT_EQ(thread(t).waiting_at, nullptr);
    EXPECT_EQ(thread(t).region, 1u);
  }
  EXPECT_EQ(thread(3).region, 0u);
}

// A barrier outside any team involves only the calling thread: it passes at once into a new region.
TEST_F(SyncModelTest, BarrierOutsideATeamPassesAtOnce) {
  start(EventOrder::Replay);
  apply(0, make_team_barrier(0x400400));
  EXPECT_EQ(thread(0).waiting_at, nullptr);
  EXPECT_EQ(thread(0).region, 1u);
  EXPECT_EQ(model_->region_close(0), 0x400400u);
}

// Live order counts acquisitions and never refuses one: the client already obtained the lock.
TEST_F(SyncModelTest, LiveLocksCountTheCriticalSection) {
  start(EventOrder::Live);
  EXPECT_TRUE(apply(0, make_lock_acquire(kLock)));
  EXPECT_TRUE(apply(1, make_lock_acquire(kLock)));
  EXPECT_EQ(thread(0).locks_held, 1u);
  apply(0, make_lock_release(kLock));
  EXPECT_EQ(thread(0).locks_held, 0u);
  EXPECT_EQ(thread(1).locks_held, 1u);
}

// Replay order: a lock held by one thread refuses another until it is released.
TEST_F(SyncModelTest, ReplayLockExcludesOtherThreads) {
  start(EventOrder::Replay);
  EXPECT_TRUE(apply(0, make_lock_acquire(kLock)));
  EXPECT_FALSE(apply(1, make_lock_acquire(kLock)));
  EXPECT_EQ(thread(1).locks_held, 0u);
  apply(0, make_lock_release(kLock));
  EXPECT_TRUE(apply(1, make_lock_acquire(kLock)));
}

// Replay order: the holder may take its lock again (recursive mutex, nest lock) and keeps it until the
// last release.
TEST_F(SyncModelTest, ReplayLockIsRecursiveForItsHolder) {
  start(EventOrder::Replay);
  EXPECT_TRUE(apply(0, make_lock_acquire(kLock)));
  EXPECT_TRUE(apply(0, make_lock_acquire(kLock)));
  apply(0, make_lock_release(kLock));
  EXPECT_FALSE(apply(1, make_lock_acquire(kLock)));
  apply(0, make_lock_release(kLock));
  EXPECT_TRUE(apply(1, make_lock_acquire(kLock)));
}

// Replay order: readers share a reader-writer lock; a writer waits for the last reader.
TEST_F(SyncModelTest, ReplayReadersShareAndExcludeWriters) {
  start(EventOrder::Replay);
  EXPECT_TRUE(apply(0, make_lock_acquire(kLock, true)));
  EXPECT_TRUE(apply(1, make_lock_acquire(kLock, true)));
  EXPECT_FALSE(apply(2, make_lock_acquire(kLock)));
  apply(0, make_lock_release(kLock));
  EXPECT_FALSE(apply(2, make_lock_acquire(kLock)));
  apply(1, make_lock_release(kLock));
  EXPECT_TRUE(apply(2, make_lock_acquire(kLock)));
  EXPECT_FALSE(apply(0, make_lock_acquire(kLock, true)));
}

// A thread that ends while holding a lock leaves it free for the others.
TEST_F(SyncModelTest, EndedThreadFreesItsLocks) {
  start(EventOrder::Replay);
  EXPECT_TRUE(apply(0, make_lock_acquire(kLock)));
  EXPECT_FALSE(apply(1, make_lock_acquire(kLock)));
  model_->thread_ended(&thread(0));
  EXPECT_TRUE(apply(1, make_lock_acquire(kLock)));
}

// Breaking a replay deadlock: the waiting thread passes its barrier, or takes the lock from its holder.
TEST_F(SyncModelTest, ForcingLetsAWaitingThreadPass) {
  start(EventOrder::Replay);
  apply(0, make_object_barrier(1, 2, 0));
  model_->force_release(&thread(0));
  EXPECT_EQ(thread(0).waiting_at, nullptr);
  EXPECT_EQ(thread(0).region, 1u);
  apply(1, make_lock_acquire(kLock));
  model_->force_acquire(&thread(2), make_lock_acquire(kLock));
  EXPECT_EQ(thread(2).locks_held, 1u);
  apply(2, make_lock_release(kLock));
  EXPECT_TRUE(apply(3, make_lock_acquire(kLock)));
}

}  // namespace
}  // namespace ccsim
