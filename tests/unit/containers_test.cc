// containers_test.cc: the core's own containers (it cannot use the standard library's), each checked
// against the standard container it replaces.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include "ccsim/core/growable_array.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/core/line_chunks.h"
#include "ccsim/core/shadow_cache.h"
#include "ccsim/core/sharer_set.h"
#include "ccsim/core/sparse_line_set.h"
#include "tests/unit/scenario.h"

namespace ccsim::test {
namespace {

// Elements survive the growth of the array (from 8 to 2048 slots here), in order.
TEST(GrowableArrayTest, KeepsElementsAcrossGrowth) {
  GrowableArray<std::uint64_t> array("test");
  for (std::uint64_t i = 0; i < 1500; ++i) array.push_back(i * i);
  ASSERT_EQ(array.size(), 1500u);
  for (std::uint32_t i = 0; i < 1500; ++i) {
    SCOPED_TRACE(i);
    ASSERT_EQ(array[i], std::uint64_t(i) * i);
  }
}

// resize() zero-fills the new elements, including ones that held values before a shrink.
TEST(GrowableArrayTest, ResizeZeroFills) {
  GrowableArray<int> array("test");
  for (int i = 1; i <= 4; ++i) array.push_back(i);
  array.resize(2);
  array.resize(6);
  const int expected[] = {1, 2, 0, 0, 0, 0};
  for (std::uint32_t i = 0; i < 6; ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(array[i], expected[i]);
  }
}

// 200,000 random inserts, lookups and erasures over 3,000 keys (many collisions, long probe runs, many
// backward shifts) leave the map agreeing with std::unordered_map after every operation.
TEST(HashMapTest, AgreesWithUnorderedMapUnderRandomOperations) {
  HashMap<std::uint64_t, std::uint64_t> map("test");
  std::unordered_map<std::uint64_t, std::uint64_t> expected;
  std::mt19937_64 random(99);
  std::uniform_int_distribution<std::uint64_t> key(0, 2999);
  std::uniform_int_distribution<int> operation(0, 2);
  for (int i = 0; i < 200000; ++i) {
    SCOPED_TRACE("operation " + std::to_string(i));
    const std::uint64_t k = key(random) * 64;  // line-like keys: multiples of a power of two
    switch (operation(random)) {
      case 0:
        map.find_or_add(k) = i;
        expected[k] = i;
        break;
      case 1:
        ASSERT_EQ(map.erase(k), expected.erase(k) == 1);
        break;
      default: {
        const std::uint64_t* found = map.find(k);
        const auto it = expected.find(k);
        ASSERT_EQ(found != nullptr, it != expected.end());
        if (found != nullptr) {
          ASSERT_EQ(*found, it->second);
        }
      }
    }
    ASSERT_EQ(map.size(), expected.size());
  }
  std::size_t visited = 0;
  map.for_each([&](std::uint64_t k, std::uint64_t value) {
    ++visited;
    EXPECT_EQ(expected.at(k), value);
  });
  EXPECT_EQ(visited, expected.size());
}

// A set answers membership and says whether an insertion was new.
TEST(HashMapTest, SetTracksMembership) {
  HashSet<std::uint64_t> set("test");
  EXPECT_TRUE(set.add(5));
  EXPECT_FALSE(set.add(5));
  EXPECT_TRUE(set.contains(5));
  EXPECT_FALSE(set.contains(6));
  EXPECT_TRUE(set.erase(5));
  EXPECT_FALSE(set.contains(5));
}

// The shadow is fully-associative LRU: with room for 3 lines, A B C A D evicts B (least recently used),
// so B misses afterwards while A, C and D hit.
TEST(ShadowCacheTest, EvictsTheLeastRecentlyUsedLine) {
  ShadowCache shadow;
  shadow.init(3);
  for (Addr line : {1, 2, 3}) {
    SCOPED_TRACE("first access to line " + std::to_string(line));
    EXPECT_FALSE(shadow.access(line));
  }
  EXPECT_TRUE(shadow.access(1));
  EXPECT_FALSE(shadow.access(4));
  EXPECT_TRUE(shadow.access(3));
  EXPECT_TRUE(shadow.access(1));
  EXPECT_TRUE(shadow.access(4));
  EXPECT_FALSE(shadow.access(2));
}

// A removed line misses next time and frees its slot: after removing B from {A, B, C}, D fits without
// evicting A.
TEST(ShadowCacheTest, RemovedLineFreesItsSlot) {
  ShadowCache shadow;
  shadow.init(3);
  for (Addr line : {1, 2, 3}) shadow.access(line);
  shadow.remove(2);
  EXPECT_EQ(shadow.size(), 2u);
  EXPECT_FALSE(shadow.access(4));
  EXPECT_TRUE(shadow.access(1));
  EXPECT_FALSE(shadow.access(2));
}

// The storage of one sharer set as the directory keeps it: the summary and processors 0-63 in one place
// (its record of the line), the words of processors 64 and up in another.
struct SharerStorage {
  explicit SharerStorage(std::uint32_t processors) : far(SharerSet::far_words_for(processors), 0) {}
  SharerSet set() { return SharerSet(&near, far.data()); }

  NearSharers near{0, 0};
  std::vector<std::uint64_t> far;
};

// A sharer set of 4096 processors visits exactly its members, lowest first, across its 64 words.
TEST(SharerSetTest, VisitsMembersAcrossWords) {
  SharerStorage storage(4096);
  SharerSet sharers = storage.set();
  const std::vector<ProcId> members = {0, 63, 64, 1000, 4095};
  for (ProcId proc : members) sharers.add(proc);
  std::vector<ProcId> visited;
  sharers.for_each([&](ProcId proc) { visited.push_back(proc); });
  EXPECT_EQ(visited, members);
}

// Members may be removed while visiting (a write invalidating every sharer does that); the set ends empty.
TEST(SharerSetTest, RemovalDuringVisitIsSafe) {
  SharerStorage storage(256);
  SharerSet sharers = storage.set();
  for (ProcId proc = 0; proc < 256; proc += 3) sharers.add(proc);
  int visits = 0;
  sharers.for_each([&](ProcId proc) {
    ++visits;
    sharers.remove(proc);
  });
  EXPECT_EQ(visits, 86);  // 0, 3, ..., 255: 255 / 3 + 1
  EXPECT_TRUE(sharers.empty());
}

// The far words cover processors 64 and up only: none up to 64 processors, one word per further 64.
TEST(SharerSetTest, FarWordsStartAtProcessorSixtyFour) {
  EXPECT_EQ(SharerSet::far_words_for(1), 0u);
  EXPECT_EQ(SharerSet::far_words_for(64), 0u);
  EXPECT_EQ(SharerSet::far_words_for(65), 1u);     // processor 64 alone in word 1
  EXPECT_EQ(SharerSet::far_words_for(500), 7u);    // processors 64-511: words 1-7
  EXPECT_EQ(SharerSet::far_words_for(4096), 63u);  // processors 64-4095: words 1-63
}

// Processors 0-63 live entirely in the near part: a set of a 64-processor machine has no far words at
// all (a null pointer here), and adding, finding, visiting and removing 0 and 63 never reach for one.
TEST(SharerSetTest, FirstSixtyFourProcessorsNeedOnlyTheNearPart) {
  NearSharers near{0, 0};
  SharerSet sharers(&near, nullptr);
  sharers.add(0);
  sharers.add(63);
  EXPECT_EQ(near.first, (std::uint64_t(1) << 63) | 1u);
  EXPECT_EQ(near.summary, 1u);  // only word 0 has members
  EXPECT_TRUE(sharers.contains(63));
  EXPECT_FALSE(sharers.contains(62));
  std::vector<ProcId> visited;
  sharers.for_each([&](ProcId proc) { visited.push_back(proc); });
  EXPECT_EQ(visited, (std::vector<ProcId>{0, 63}));
  sharers.remove(0);
  sharers.remove(63);
  EXPECT_TRUE(sharers.empty());
}

// Members on both sides of 64 and the last processor, 4095: each is found in its own word, the others
// are not, size() counts them, and removing the only member of a far word clears that word's summary
// bit (so visiting skips it) while the near part is untouched.
TEST(SharerSetTest, MembersOnBothSidesOfSixtyFourAndTheLastProcessor) {
  SharerStorage storage(4096);
  SharerSet sharers = storage.set();
  const std::vector<ProcId> members = {0, 63, 64, 4095};
  for (ProcId proc : members) sharers.add(proc);
  for (ProcId proc : members) {
    SCOPED_TRACE("member " + std::to_string(proc));
    EXPECT_TRUE(sharers.contains(proc));
  }
  for (ProcId proc : {1u, 62u, 65u, 127u, 128u, 4032u, 4094u}) {
    SCOPED_TRACE("non-member " + std::to_string(proc));
    EXPECT_FALSE(sharers.contains(proc));
  }
  EXPECT_EQ(sharers.size(), 4u);
  // Words 0 (processors 0 and 63), 1 (64) and 63 (4095) have members.
  EXPECT_EQ(storage.near.summary, (std::uint64_t(1) << 63) | 0b11u);
  sharers.remove(64);
  EXPECT_EQ(storage.near.summary, (std::uint64_t(1) << 63) | 0b1u);
  EXPECT_EQ(storage.far[0], 0u);  // word 1, processors 64-127
  EXPECT_EQ(storage.near.first, (std::uint64_t(1) << 63) | 1u);
  std::vector<ProcId> visited;
  sharers.for_each([&](ProcId proc) { visited.push_back(proc); });
  EXPECT_EQ(visited, (std::vector<ProcId>{0, 63, 4095}));
  EXPECT_EQ(sharers.size(), 3u);
}

// A chunk of the test tables below: one value per line of a 16-line chunk.
struct TestChunk {
  std::uint64_t value[16];
};
using TestChunks = LineChunks<TestChunk, 4>;

// 100,000 random stores, reads and chunk erasures over 4,000 lines (250 chunks, visited in runs and at
// random, so the two remembered chunks are hit, missed and erased) agree with std::unordered_map after
// every operation; an erased chunk comes back zero-filled.
TEST(LineChunksTest, AgreesWithUnorderedMapUnderRandomOperations) {
  TestChunks chunks("test");
  std::unordered_map<Addr, std::uint64_t> expected;  // line -> value; absent lines read 0
  std::mt19937_64 random(5);
  std::uniform_int_distribution<Addr> line(0, 3999);
  std::uniform_int_distribution<int> operation(0, 9);
  Addr run = 0;
  for (int i = 0; i < 100000; ++i) {
    SCOPED_TRACE("operation " + std::to_string(i));
    const Addr l = operation(random) < 5 ? (run = (run + 1) % 4000) : line(random);
    const int what = operation(random);
    if (what < 4) {
      chunks.find_or_add(l).value[TestChunks::slot_of(l)] = i;
      expected[l] = i;
    } else if (what < 9) {
      const TestChunk* chunk = chunks.find(l);
      const auto value = expected.find(l);
      ASSERT_EQ(chunk == nullptr ? 0 : chunk->value[TestChunks::slot_of(l)],
                value == expected.end() ? 0 : value->second);
    } else if (chunks.find(l) != nullptr) {
      chunks.erase(l);
      for (Addr first = l & ~Addr(15), other = first; other < first + 16; ++other) expected.erase(other);
    }
  }
}

// A chunk's place names the chunk a lookup of any of its lines finds, and keeps naming it while 200 other
// chunks are added (the pool grows and moves its chunks), until the chunk is erased.
TEST(LineChunksTest, PlaceNamesTheChunkUntilItIsErased) {
  TestChunks chunks("test");
  const std::uint32_t place = chunks.find_or_add_place(100);  // the chunk of lines 96-111
  chunks.at(place).value[TestChunks::slot_of(100)] = 7;
  for (Addr line = 1600; line < 1600 + 200 * 16; line += 16) chunks.find_or_add(line).value[0] = 1;
  EXPECT_EQ(chunks.find_or_add_place(111), place);
  EXPECT_EQ(chunks.find(96), &chunks.at(place));
  EXPECT_EQ(chunks.at(place).value[TestChunks::slot_of(100)], 7u);
  chunks.erase(100);
  EXPECT_EQ(chunks.find(100), nullptr);
}

// Adding a line reports whether it was there before, across chunk boundaries (lines 1023 and 1024 fall
// in different 1024-line chunks) and far apart; clear() forgets every line.
TEST(SparseLineSetTest, ReportsEachLineOnceUntilCleared) {
  SparseLineSet set("test");
  const Addr lines[] = {0, 1023, 1024, 5000000, Addr(1) << 50};
  for (Addr line : lines) {
    SCOPED_TRACE("line " + std::to_string(line));
    EXPECT_FALSE(set.add_was_present(line));
  }
  for (Addr line : lines) {
    SCOPED_TRACE("line " + std::to_string(line));
    EXPECT_TRUE(set.add_was_present(line));
  }
  EXPECT_FALSE(set.add_was_present(1));
  set.clear();
  EXPECT_FALSE(set.add_was_present(0));
}

}  // namespace
}  // namespace ccsim::test
