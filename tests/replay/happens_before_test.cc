// happens_before_test.cc: an annotated hand-off (HappensBefore / HappensAfter, e.g. ANNOTATE_HAPPENS_*
// around a flag) orders the replay: the receiver's accesses after its HappensAfter come after the
// sender's accesses before the matching HappensBefore, in every order.
#include "tests/replay/replay_fixture.h"

namespace ccsim {
namespace {

constexpr std::uint64_t kFlag = 0x6000;

class HappensBeforeTest : public ReplayTest {
 protected:
  void signal(ProcId thread) { engine_->record_sync(thread, make_happens_before(kFlag)); }
  void receive(ProcId thread, std::uint32_t signals) {
    engine_->record_sync(thread, make_happens_after(kFlag, signals));
  }

  // Thread 0 creates thread 1, makes 3 accesses and signals; thread 1 receives the first signal and
  // then makes 2 accesses. Recorded with thread 1 first, as when it ran ahead in the real run.
  void hand_off() {
    create(0, 1);
    receive(1, 1);
    accesses(1, 0, 2);
    exit_thread(1);
    accesses(0, 0, 3);
    signal(0);
    exit_thread(0);
    finish();
  }
};

// Interleaved: without the hand-off the two threads would alternate (t0a0 t1a0 t0a1 t1a1 t0a2); with
// it thread 1 waits at its HappensAfter until thread 0's signal, after t0a2, is replayed.
TEST_F(HappensBeforeTest, InterleavedReceiverWaitsForTheSignal) {
  start(interleaved(1));
  hand_off();
  EXPECT_EQ(order(), "t0a0 t0a1 t0a2 t1a0 t1a1");
  EXPECT_EQ(engine_->forced_orderings(), 0u);
}

// Piped, with the roles swapped: the main thread (0) receives what thread 1 sends. Without the hand-off
// the lowest-numbered thread, 0, would replay its accesses first; with it, thread 0 waits at its
// HappensAfter, thread 1 replays up to its signal, then thread 0 goes on.
TEST_F(HappensBeforeTest, PipedReceiverWaitsForTheSignal) {
  start(piped());
  create(0, 1);
  receive(0, 1);
  accesses(0, 0, 2);
  exit_thread(0);
  accesses(1, 0, 3);
  signal(1);
  exit_thread(1);
  finish();
  EXPECT_EQ(order(), "t1a0 t1a1 t1a2 t0a0 t0a1");
}

// A receiver that had seen two signals waits for the second: thread 0 signals after a0 and after a2;
// thread 1 (which received when both had happened) starts after t0a2, not after t0a0.
TEST_F(HappensBeforeTest, ReceiverWaitsForAsManySignalsAsTheClientHadSeen) {
  start(interleaved(1));
  create(0, 1);
  receive(1, 2);
  accesses(1, 0, 1);
  exit_thread(1);
  access(0, 0);
  signal(0);
  accesses(0, 1, 2);
  signal(0);
  exit_thread(0);
  finish();
  EXPECT_EQ(order(), "t0a0 t0a1 t0a2 t1a0");
}

// A receive whose signal never comes (an annotation without its partner) is let through at the end
// of the run, and counted as a forced ordering.
TEST_F(HappensBeforeTest, MissingSignalIsAForcedOrdering) {
  start(interleaved(1));
  create(0, 1);
  receive(1, 1);
  accesses(1, 0, 1);
  exit_thread(1);
  accesses(0, 0, 1);
  exit_thread(0);
  finish();
  EXPECT_EQ(order(), "t0a0 t1a0");
  EXPECT_EQ(engine_->forced_orderings(), 1u);
}

// A thread still blocked in a wait when the program ended (a pool thread waiting for work that never
// came: its wait recorded before it blocked, and after it only the end of its stack, a layout change the
// tool records at the end) is let through at the end without a forced ordering, since nothing it did is
// reordered; the other thread's accesses are all replayed. One that made an access after the wait is a
// forced ordering.
TEST_F(HappensBeforeTest, AWaitThatNeverReturnedIsNoForcedOrdering) {
  start(interleaved(1));
  create(0, 1);
  accesses(1, 0, 1);
  receive(1, 1);
  change_layout(1, 7);
  accesses(0, 0, 2);
  exit_thread(0);
  finish();
  EXPECT_EQ(order(), "t0a0 t1a0 t0a1");
  EXPECT_EQ(engine_->forced_orderings(), 0u);
}

TEST_F(HappensBeforeTest, AWaitPassedAtTheEndBeforeAnAccessIsAForcedOrdering) {
  start(interleaved(1));
  create(0, 1);
  receive(1, 1);
  change_layout(1, 7);
  accesses(1, 0, 1);
  accesses(0, 0, 1);
  exit_thread(0);
  finish();
  EXPECT_EQ(order(), "t0a0 t1a0");
  EXPECT_EQ(engine_->forced_orderings(), 1u);
}

}  // namespace
}  // namespace ccsim
