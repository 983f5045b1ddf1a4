// semaphore_test.cc: a POSIX semaphore orders the replay: a wait takes a unit that the semaphore's
// initial value or a post replayed before it gave, and waits (holding no other thread up) while there is
// none.
#include "tests/replay/replay_fixture.h"

namespace ccsim {
namespace {

constexpr std::uint64_t kSemaphore = 0x7000;
constexpr std::uint64_t kUnknownSemaphore = 0x7100;

class SemaphoreTest : public ReplayTest {
 protected:
  void init(ProcId thread, std::uint32_t units) {
    engine_->record_sync(thread, make_semaphore_init(kSemaphore, units));
  }
  void post(ProcId thread) { engine_->record_sync(thread, make_semaphore_post(kSemaphore)); }
  void wait(ProcId thread, std::uint64_t semaphore = kSemaphore) {
    engine_->record_sync(thread, make_semaphore_wait(semaphore));
  }
};

// Interleaved: thread 1 waits on a semaphore of no units until thread 0 posts it after its third access,
// although thread 1 recorded its wait and accesses first (it ran ahead in the real run). Without the
// semaphore the two would alternate (t0a0 t1a0 t0a1 t1a1 t0a2).
TEST_F(SemaphoreTest, InterleavedWaiterTakesTheUnitOfThePost) {
  start(interleaved(1));
  create(0, 1);
  init(0, 0);
  wait(1);
  accesses(1, 0, 2);
  exit_thread(1);
  accesses(0, 0, 3);
  post(0);
  exit_thread(0);
  finish();
  EXPECT_EQ(order(), "t0a0 t0a1 t0a2 t1a0 t1a1");
  EXPECT_EQ(engine_->forced_orderings(), 0u);
}

// Piped, the main thread waiting: thread 1 replays up to its post, then thread 0 goes on.
TEST_F(SemaphoreTest, PipedWaiterTakesTheUnitOfThePost) {
  start(piped());
  init(0, 0);
  create(0, 1);
  wait(0);
  accesses(0, 0, 2);
  exit_thread(0);
  accesses(1, 0, 3);
  post(1);
  exit_thread(1);
  finish();
  EXPECT_EQ(order(), "t1a0 t1a1 t1a2 t0a0 t0a1");
}

// An initial unit lets the first wait through at once (the threads alternate); the second wait takes the
// unit of thread 0's post, after t0a2 (without it, t1a1 would follow t0a1).
TEST_F(SemaphoreTest, InitialUnitsAreTakenFirst) {
  start(interleaved(1));
  create(0, 1);
  init(0, 1);
  wait(1);
  access(1, 0);
  wait(1);
  access(1, 1);
  exit_thread(1);
  accesses(0, 0, 3);
  post(0);
  access(0, 3);
  exit_thread(0);
  finish();
  EXPECT_EQ(order(), "t0a0 t1a0 t0a1 t0a2 t1a1 t0a3");
  EXPECT_EQ(engine_->forced_orderings(), 0u);
}

// A semaphore whose sem_init the replay never saw (made before ccsim followed, or in runtime code)
// holds nobody: the threads alternate as without it.
TEST_F(SemaphoreTest, UnknownSemaphoreHoldsNobody) {
  start(interleaved(1));
  create(0, 1);
  wait(1, kUnknownSemaphore);
  accesses(1, 0, 2);
  exit_thread(1);
  accesses(0, 0, 2);
  exit_thread(0);
  finish();
  EXPECT_EQ(order(), "t0a0 t1a0 t0a1 t1a1");
  EXPECT_EQ(engine_->forced_orderings(), 0u);
}

// A wait that no post ever satisfies (a post in runtime code, not reported) is let through at the end
// of the run, and counted as a forced ordering.
TEST_F(SemaphoreTest, MissingPostIsAForcedOrdering) {
  start(interleaved(1));
  create(0, 1);
  init(0, 0);
  wait(1);
  access(1, 0);
  exit_thread(1);
  access(0, 0);
  exit_thread(0);
  finish();
  EXPECT_EQ(order(), "t0a0 t1a0");
  EXPECT_EQ(engine_->forced_orderings(), 1u);
}

// A thread still blocked in sem_wait when the program ended (no post ever came, and it recorded nothing
// after its wait) is let through at the end without a forced ordering: nothing it did is reordered.
TEST_F(SemaphoreTest, AWaitThatNeverReturnedIsNoForcedOrdering) {
  start(interleaved(1));
  create(0, 1);
  init(0, 0);
  wait(1);
  access(0, 0);
  exit_thread(0);
  finish();
  EXPECT_EQ(order(), "t0a0");
  EXPECT_EQ(engine_->forced_orderings(), 0u);
}

// A thread waiting on a semaphore holds no replay up: thread 0 (main) records its wait and blocks, while
// thread 1 records 1,000 accesses, three times what a cap of two chunks holds (680: replay_engine_test's
// CapForcesOneEarlyFlush), then posts. Thread 0's turns pass over it (no unit), so thread 1's accesses
// are replayed as they come: no early flush. Had thread 0 recorded nothing (a wait the tool does not
// see, a thread blocked in the kernel), the cap would force flushes, as the second run shows.
TEST_F(SemaphoreTest, AWaitingThreadHoldsNoReplayUp) {
  for (const bool wait_recorded : {true, false}) {
    SCOPED_TRACE(wait_recorded ? "wait recorded" : "nothing recorded");
    ReplayConfig config = interleaved(1);
    config.max_buffer_bytes = 2 * EventQueue::kChunkBytes;
    start(config);
    create(0, 1);
    init(0, 0);
    if (wait_recorded) wait(0);
    accesses(1, 0, 1000);
    post(1);
    exit_thread(1);
    if (!wait_recorded) wait(0);
    access(0, 0);
    exit_thread(0);
    finish();
    EXPECT_EQ(replayed_.size(), 1001u);
    if (wait_recorded) {
      EXPECT_EQ(engine_->early_flushes(), 0u);
      EXPECT_EQ(order().substr(order().size() - 4), "t0a0");  // after thread 1's post
    } else {
      EXPECT_GE(engine_->early_flushes(), 1u);
    }
    EXPECT_EQ(engine_->forced_orderings(), 0u);
  }
}

}  // namespace
}  // namespace ccsim
