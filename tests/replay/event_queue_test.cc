// event_queue_test.cc: a thread's event buffer gives back exactly what was recorded, in order, and
// accounts for its memory chunk by chunk.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ccsim/core/host_platform.h"
#include "ccsim/replay/event_queue.h"

namespace ccsim {
namespace {

RecordedAccess make_access(RefId ref, Addr addr, std::uint32_t size, AccessKind kind) {
  return RecordedAccess{ref, addr, size, kind};
}

class EventQueueTest : public ::testing::Test {
 protected:
  void SetUp() override { install_host_platform(); }

  void push(const RecordedAccess& a) {
    if (!queue_.has_room(EventQueue::access_words(a.addr))) queue_.add_chunk();
    queue_.push_access(a.ref, a.addr, a.size, a.kind);
  }
  void push(const SyncEvent& e) {
    if (!queue_.has_room(EventQueue::kSyncWords)) queue_.add_chunk();
    queue_.push_sync(e);
  }
  void push_layout_change(std::uint32_t change) {
    if (!queue_.has_room(EventQueue::kLayoutChangeWords)) queue_.add_chunk();
    queue_.push_layout_change(change);
  }
  RecordedAccess pop_access() {
    EXPECT_EQ(queue_.head(), EventQueue::Head::Access);
    const RecordedAccess a = queue_.front_access();
    queue_.pop();
    return a;
  }

  BufferMemory memory_;
  EventQueue queue_{&memory_};
};

void expect_same(const RecordedAccess& got, const RecordedAccess& want) {
  EXPECT_EQ(got.ref, want.ref);
  EXPECT_EQ(got.addr, want.addr);
  EXPECT_EQ(got.size, want.size);
  EXPECT_EQ(got.kind, want.kind);
}

// Every field of an access survives the packing, at the edges of each bit field: sizes 1 and 4096,
// addresses 0 and 2^48 - 1 (the 3-word form), 2^48 and 2^64 - 1 (the 5-word form), every kind.
TEST_F(EventQueueTest, AccessFieldsRoundTrip) {
  const std::vector<RecordedAccess> accesses = {
      make_access(0, 0, 1, AccessKind::Read),
      make_access(0xffffffffu, (Addr(1) << 48) - 1, 4096, AccessKind::Write),
      make_access(7, Addr(1) << 48, 8, AccessKind::Modify),
      make_access(8, ~Addr(0), 4096, AccessKind::Read),
      make_access(9, 0x7ffc12345678, 64, AccessKind::Modify),
  };
  for (const RecordedAccess& a : accesses) push(a);
  for (const RecordedAccess& a : accesses) {
    SCOPED_TRACE("ref " + std::to_string(a.ref));
    expect_same(pop_access(), a);
  }
  EXPECT_EQ(queue_.head(), EventQueue::Head::Empty);
}

// A synchronization event comes back field for field.
TEST_F(EventQueueTest, SyncEventRoundTrips) {
  push(make_team_enter(0x123456789abcull, 3, 8, 0x401234));
  ASSERT_EQ(queue_.head(), EventQueue::Head::Sync);
  const SyncEvent e = queue_.front_sync();
  EXPECT_EQ(e.kind, SyncKind::TeamEnter);
  EXPECT_EQ(e.key, 0x123456789abcull);
  EXPECT_EQ(e.member, 3u);
  EXPECT_EQ(e.participants, 8u);
  EXPECT_EQ(e.address, 0x401234u);
}

// A layout change's number comes back whole, all 32 bits of it (0 and 2^32 - 1 included), between the
// accesses recorded around it.
TEST_F(EventQueueTest, LayoutChangeRoundTripsBetweenAccesses) {
  for (std::uint32_t change : {0u, 0xffffffffu, 0x80000001u}) {
    SCOPED_TRACE("change " + std::to_string(change));
    push(make_access(1, 0x1000, 8, AccessKind::Read));
    push_layout_change(change);
    push(make_access(2, 0x2000, 8, AccessKind::Write));
    expect_same(pop_access(), make_access(1, 0x1000, 8, AccessKind::Read));
    ASSERT_EQ(queue_.head(), EventQueue::Head::LayoutChange);
    EXPECT_EQ(queue_.front_layout_change(), change);
    queue_.pop();
    expect_same(pop_access(), make_access(2, 0x2000, 8, AccessKind::Write));
    EXPECT_TRUE(queue_.empty());
  }
}

// A layout change takes 2 words: 510 of them fill one chunk of 1020 words exactly, the 511th takes a
// second chunk, and all 511 come back in order.
TEST_F(EventQueueTest, LayoutChangesTakeTwoWordsEach) {
  for (std::uint32_t i = 0; i < 510; ++i) push_layout_change(i);
  EXPECT_EQ(memory_.bytes, EventQueue::kChunkBytes);
  push_layout_change(510);
  EXPECT_EQ(memory_.bytes, 2u * EventQueue::kChunkBytes);
  for (std::uint32_t i = 0; i <= 510; ++i) {
    SCOPED_TRACE("change " + std::to_string(i));
    ASSERT_EQ(queue_.head(), EventQueue::Head::LayoutChange);
    EXPECT_EQ(queue_.front_layout_change(), i);
    queue_.pop();
  }
  EXPECT_TRUE(queue_.empty());
}

// Accesses and synchronization events mixed over several chunks come out in the order they went in.
TEST_F(EventQueueTest, EventsComeOutInOrderAcrossChunks) {
  // 1000 accesses (3 words each) and 10 events (10 words each) need 3100 words: more than three chunks
  // of 1020, and an event never splits, leaving at most 9 words unused per chunk: exactly four.
  for (std::uint32_t i = 0; i < 1000; ++i) {
    if (i % 100 == 0) push(make_lock_acquire(i));
    push(make_access(i, 0x1000 + i, 4, AccessKind::Read));
  }
  EXPECT_EQ(memory_.bytes, 4u * EventQueue::kChunkBytes);
  for (std::uint32_t i = 0; i < 1000; ++i) {
    SCOPED_TRACE("access " + std::to_string(i));
    if (i % 100 == 0) {
      ASSERT_EQ(queue_.head(), EventQueue::Head::Sync);
      EXPECT_EQ(queue_.front_sync().key, i);
      queue_.pop();
    }
    expect_same(pop_access(), make_access(i, 0x1000 + i, 4, AccessKind::Read));
  }
  EXPECT_TRUE(queue_.empty());
}

// Memory: 340 accesses fill a chunk (1020 words / 3), the 341st takes a second; a drained queue keeps
// one chunk for its next event and gives it back only when asked.
TEST_F(EventQueueTest, MemoryIsCountedPerChunk) {
  for (std::uint32_t i = 0; i < 340; ++i) push(make_access(i, 0x1000, 8, AccessKind::Read));
  EXPECT_EQ(memory_.bytes, EventQueue::kChunkBytes);
  push(make_access(340, 0x1000, 8, AccessKind::Read));
  EXPECT_EQ(memory_.bytes, 2u * EventQueue::kChunkBytes);
  while (!queue_.empty()) queue_.pop();
  EXPECT_EQ(memory_.bytes, EventQueue::kChunkBytes);
  EXPECT_TRUE(queue_.has_room(EventQueue::kSyncWords));
  queue_.release_storage_if_empty();
  EXPECT_EQ(memory_.bytes, 0u);
}

// front_is_access() is true exactly when the oldest event is an access: not for an empty queue, a
// synchronization event or a layout change.
TEST_F(EventQueueTest, FrontIsAccessOnlyForAnAccess) {
  EXPECT_FALSE(queue_.front_is_access());
  push(make_access(1, 0x1000, 8, AccessKind::Read));
  push(make_lock_acquire(0xa000));
  push_layout_change(7);
  EXPECT_TRUE(queue_.front_is_access());
  queue_.pop();
  EXPECT_FALSE(queue_.front_is_access());
  queue_.pop();
  EXPECT_FALSE(queue_.front_is_access());
  queue_.pop();
  EXPECT_FALSE(queue_.front_is_access());
}

// pop_access() steps over exactly the words its access took, 3 or 5 by its address, and gives back
// each chunk it has read: 1000 accesses, every 7th in the 5-word form (143 of them: 857 x 3 + 143 x 5 =
// 3286 words, four chunks of 1020), come back in order, and the drained queue keeps one chunk.
TEST_F(EventQueueTest, PopAccessStepsOverEitherFormAcrossChunks) {
  auto access_number = [](std::uint32_t i) {
    const Addr addr = i % 7 == 0 ? (Addr(1) << 48) + 8 * i : 0x1000 + 8 * i;
    return make_access(i, addr, 1 + i % 64, i % 2 == 0 ? AccessKind::Read : AccessKind::Modify);
  };
  for (std::uint32_t i = 0; i < 1000; ++i) push(access_number(i));
  EXPECT_EQ(memory_.bytes, 4u * EventQueue::kChunkBytes);
  for (std::uint32_t i = 0; i < 1000; ++i) {
    SCOPED_TRACE("access " + std::to_string(i));
    ASSERT_TRUE(queue_.front_is_access());
    const RecordedAccess a = queue_.front_access();
    expect_same(a, access_number(i));
    queue_.pop_access(a);
  }
  EXPECT_TRUE(queue_.empty());
  EXPECT_EQ(memory_.bytes, EventQueue::kChunkBytes);
}

// accesses_at_front() counts the accesses before the oldest queued synchronization event or layout
// change. Queue: 3 accesses, a lock, 2 accesses, two layout changes, 4 accesses. Read in order, the
// front holds 3 accesses, then 0 at the lock, 2 after it, 0 at each change, then 4; an access pushed
// while the last run is read adds to it (5).
TEST_F(EventQueueTest, AccessesAtFrontCountTheRunBeforeTheNextOtherEvent) {
  for (std::uint32_t i = 0; i < 3; ++i) push(make_access(i, 0x1000, 8, AccessKind::Read));
  push(make_lock_acquire(0xa000));
  for (std::uint32_t i = 3; i < 5; ++i) push(make_access(i, 0x1000, 8, AccessKind::Read));
  push_layout_change(1);
  push_layout_change(2);
  for (std::uint32_t i = 5; i < 9; ++i) push(make_access(i, 0x1000, 8, AccessKind::Read));
  EXPECT_EQ(queue_.accesses_at_front(), 3u);
  pop_access();
  EXPECT_EQ(queue_.accesses_at_front(), 2u);
  pop_access();
  pop_access();
  EXPECT_EQ(queue_.accesses_at_front(), 0u);
  queue_.pop();  // the lock
  EXPECT_EQ(queue_.accesses_at_front(), 2u);
  pop_access();
  pop_access();
  EXPECT_EQ(queue_.accesses_at_front(), 0u);
  queue_.pop();  // change 1
  EXPECT_EQ(queue_.accesses_at_front(), 0u);
  queue_.pop();  // change 2
  EXPECT_EQ(queue_.accesses_at_front(), 4u);
  pop_access();
  push(make_access(9, 0x1000, 8, AccessKind::Read));
  EXPECT_EQ(queue_.accesses_at_front(), 4u);
}

// The count stays right when the reader catches up with the writer between events: 1 access read
// away (0 left), then a lock and 2 accesses pushed: 0 at the lock, 2 after it.
TEST_F(EventQueueTest, AccessesAtFrontFollowEventsPushedAfterTheReaderCaughtUp) {
  push(make_access(0, 0x1000, 8, AccessKind::Read));
  pop_access();
  EXPECT_EQ(queue_.accesses_at_front(), 0u);
  push(make_lock_acquire(0xa000));
  push(make_access(1, 0x1000, 8, AccessKind::Read));
  push(make_access(2, 0x1000, 8, AccessKind::Read));
  EXPECT_EQ(queue_.accesses_at_front(), 0u);
  queue_.pop();
  EXPECT_EQ(queue_.accesses_at_front(), 2u);
}

// pop_accesses(n) hands over exactly the next n accesses in order, over either form and a chunk
// boundary, and leaves the rest: 400 accesses (every 7th in the 5-word form), taken 150 then 250.
TEST_F(EventQueueTest, PopAccessesHandsOverTheNextAccessesInOrder) {
  auto access_number = [](std::uint32_t i) {
    return make_access(i, i % 7 == 0 ? (Addr(1) << 48) + 8 * i : 0x1000 + 8 * i, 8, AccessKind::Write);
  };
  for (std::uint32_t i = 0; i < 400; ++i) push(access_number(i));
  std::vector<RecordedAccess> taken;
  auto take = [&taken](const RecordedAccess& a) { taken.push_back(a); };
  queue_.pop_accesses(150, take);
  EXPECT_EQ(taken.size(), 150u);
  EXPECT_EQ(queue_.accesses_at_front(), 250u);
  queue_.pop_accesses(250, take);
  ASSERT_EQ(taken.size(), 400u);
  for (std::uint32_t i = 0; i < 400; ++i) {
    SCOPED_TRACE("access " + std::to_string(i));
    expect_same(taken[i], access_number(i));
  }
  EXPECT_TRUE(queue_.empty());
}

// A chunk a queue has read to its end becomes a spare, outside the counted bytes, and the next chunk
// any queue needs is that spare: 341 accesses take two chunks; reading them leaves the second (the one
// being written, started over once read to its end) and one spare; 341 more accesses fill the second
// and take the spare back.
TEST_F(EventQueueTest, FinishedChunksAreReusedAsSpares) {
  for (std::uint32_t i = 0; i < 341; ++i) push(make_access(i, 0x1000, 8, AccessKind::Read));
  EXPECT_EQ(memory_.bytes, 2u * EventQueue::kChunkBytes);
  EXPECT_EQ(memory_.spare_count, 0u);
  while (!queue_.empty()) queue_.pop();
  EXPECT_EQ(memory_.bytes, EventQueue::kChunkBytes);
  EXPECT_EQ(memory_.spare_count, 1u);
  for (std::uint32_t i = 0; i < 341; ++i) push(make_access(i, 0x1000, 8, AccessKind::Read));
  EXPECT_EQ(memory_.bytes, 2u * EventQueue::kChunkBytes);
  EXPECT_EQ(memory_.spare_count, 0u);
  for (std::uint32_t i = 0; i < 341; ++i) {
    SCOPED_TRACE("access " + std::to_string(i));
    expect_same(pop_access(), make_access(i, 0x1000, 8, AccessKind::Read));
  }
}

}  // namespace
}  // namespace ccsim
