// heap_shadow_tests.cc: the heap layer's shadow table (ccsim/tool/data_objects/heap_shadow.h) on the host:
// which blocks it answers for, that it forgets a block entirely when the block ends, that the memory it
// holds follows the live small blocks, and the answers a set of blocks (heap_block_set.h) asks of it
// without a tree: the block at a start, the first block over a range, and the gap around an address. Addresses are made up; the table never dereferences them.
#include <gtest/gtest.h>

#include <utility>

#include "ccsim/core/host_platform.h"
#include "ccsim/tool/data_objects/heap_shadow.h"

namespace ccsim {
namespace {

class HeapShadowTest : public ::testing::Test {
 protected:
  void SetUp() override { install_host_platform(); }
  // A table per test, made after the platform is installed.
  HeapShadow& shadow() {
    if (shadow_ == nullptr) shadow_ = create_object<HeapShadow>("test");
    return *shadow_;
  }
  void TearDown() override { destroy_object(shadow_); }

  // The object of the block the table gives for `address`, or kUnknownObject when it does not know.
  ObjectId object_at(Addr address) {
    const Extent* block = shadow().block_at(address);
    return block != nullptr ? block->object : kUnknownObject;
  }

 private:
  HeapShadow* shadow_ = nullptr;
};

// A 40-byte block at 0x10010 covers granules 0x10010-0x1003f: every one of its bytes finds it, with its
// start, size and allocation number; the byte before it and the 24 bytes after it in its last granule do not.
TEST_F(HeapShadowTest, SmallBlockIsFoundAtEachOfItsBytesAndNowhereElse) {
  shadow().add(Extent{0x10010, 40, 7, 3});
  for (Addr address = 0x10010; address < 0x10010 + 40; ++address) {
    SCOPED_TRACE(address);
    const Extent* block = shadow().block_at(address);
    ASSERT_NE(block, nullptr);
    EXPECT_EQ(block->start, 0x10010u);
    EXPECT_EQ(block->size, 40u);
    EXPECT_EQ(block->object, 7u);
    EXPECT_EQ(block->key, 3u);
  }
  EXPECT_EQ(object_at(0x1000f), kUnknownObject);
  EXPECT_EQ(object_at(0x10010 + 40), kUnknownObject);
  EXPECT_EQ(object_at(0x1003f), kUnknownObject);
}

// A block freed and another allocated at the same start (the allocator's reuse): the new block's object
// and allocation number everywhere, including the granules only the old, longer block covered, which
// know nothing any more.
TEST_F(HeapShadowTest, BlockReusedAtTheSameStartIsTheNewBlock) {
  shadow().add(Extent{0x20000, 64, 1, 10});
  shadow().remove(0x20000);
  EXPECT_EQ(object_at(0x20000), kUnknownObject);
  shadow().add(Extent{0x20000, 32, 2, 11});
  EXPECT_EQ(object_at(0x20000), 2u);
  EXPECT_EQ(shadow().block_at(0x2001f)->key, 11u);
  EXPECT_EQ(object_at(0x20020), kUnknownObject);
  EXPECT_EQ(object_at(0x2003f), kUnknownObject);
}

// A block ending frees its slot and, when it was the chunk's last, the chunk: 4096 blocks of 16 bytes fill
// the one 64 KiB chunk 0x30000-0x3ffff; freed, the table holds nothing.
TEST_F(HeapShadowTest, MemoryFollowsTheLiveSmallBlocks) {
  for (Addr start = 0x30000; start < 0x40000; start += 16) shadow().add(Extent{start, 16, 5, 0});
  EXPECT_EQ(shadow().blocks_shadowed(), 4096u);
  EXPECT_EQ(shadow().chunks_held(), 1u);
  for (Addr start = 0x30000; start < 0x40000; start += 16) shadow().remove(start);
  EXPECT_EQ(shadow().blocks_shadowed(), 0u);
  EXPECT_EQ(shadow().chunks_held(), 0u);
  EXPECT_EQ(object_at(0x30000), kUnknownObject);
}

// A block across a chunk boundary (0x4fff0-0x5000f) is found on both sides and releases both chunks.
TEST_F(HeapShadowTest, BlockAcrossTwoChunks) {
  shadow().add(Extent{0x4fff0, 32, 9, 0});
  EXPECT_EQ(object_at(0x4fff0), 9u);
  EXPECT_EQ(object_at(0x5000f), 9u);
  EXPECT_EQ(shadow().chunks_held(), 2u);
  shadow().remove(0x4fff0);
  EXPECT_EQ(shadow().chunks_held(), 0u);
}

// Blocks over 64 KiB, and empty blocks (malloc(0)), are left to the tree: the table takes no memory for
// them and answers nothing; removing them changes nothing.
TEST_F(HeapShadowTest, LargeAndEmptyBlocksAreLeftToTheTree) {
  EXPECT_FALSE(shadow().add(Extent{0x100000, 65537, 4, 0}));
  EXPECT_FALSE(shadow().add(Extent{0x200000, 0, 4, 0}));
  EXPECT_EQ(object_at(0x100000), kUnknownObject);
  EXPECT_EQ(shadow().blocks_shadowed(), 0u);
  EXPECT_EQ(shadow().chunks_held(), 0u);
  EXPECT_FALSE(shadow().remove(0x100000));
  EXPECT_FALSE(shadow().remove(0x200000));
  EXPECT_EQ(shadow().blocks_shadowed(), 0u);
  // A block of exactly 64 KiB is still shadowed.
  EXPECT_TRUE(shadow().add(Extent{0x300000, 65536, 6, 0}));
  EXPECT_EQ(object_at(0x300000 + 65535), 6u);
  EXPECT_TRUE(shadow().remove(0x300000));
}

// any_marked() says whether a held block may have a byte in a range: the 40-byte block at 0x10010 has
// bytes 0x10010-0x10037 in granules 0x10010-0x1003f. The granule below it and the one after it are
// free; a range reaching one of its granules, by one byte or from a chunk below, is not. A declined
// (large) block marks nothing.
TEST_F(HeapShadowTest, AnyMarkedTellsWhetherARangeReachesAHeldBlock) {
  ASSERT_TRUE(shadow().add(Extent{0x10010, 40, 7, 3}));
  EXPECT_FALSE(shadow().any_marked(0x10000, 16));
  EXPECT_TRUE(shadow().any_marked(0x10000, 17));
  EXPECT_TRUE(shadow().any_marked(0x1003f, 1));
  EXPECT_FALSE(shadow().any_marked(0x10040, 64));
  EXPECT_TRUE(shadow().any_marked(0x0fff0, 0x100));
  EXPECT_FALSE(shadow().any_marked(0x20000, 0x1000));
  shadow().add(Extent{0x100000, 65537, 4, 0});
  EXPECT_FALSE(shadow().any_marked(0x100000, 65537));
  EXPECT_TRUE(shadow().remove(0x10010));
  EXPECT_FALSE(shadow().any_marked(0x10000, 0x100));
}

// Two blocks sharing a granule (possible only with an alignment below 16): the first keeps the granule,
// the second, whose first granule is taken, is left to the tree, and neither is ever given for the
// other's bytes. (The same the other way round: below.)
TEST_F(HeapShadowTest, GranuleSharedByTwoBlocksStaysWithTheFirst) {
  shadow().add(Extent{0x60000, 8, 1, 0});
  shadow().add(Extent{0x60008, 24, 2, 0});
  EXPECT_EQ(object_at(0x60000), 1u);
  EXPECT_EQ(object_at(0x60008), kUnknownObject);  // in the shared granule: not the first block's byte
  EXPECT_EQ(object_at(0x60010), kUnknownObject);  // the second block was declined
  EXPECT_EQ(shadow().blocks_shadowed(), 1u);
  shadow().remove(0x60008);
  EXPECT_EQ(object_at(0x60000), 1u);
  shadow().remove(0x60000);
  EXPECT_EQ(shadow().chunks_held(), 0u);
}

// A block whose last granule holds a held block's start (alignment below 16) is declined too: every
// held block owns all its granules, so that the bytes of a marked granule outside its block are in no
// held block.
TEST_F(HeapShadowTest, BlockEndingInAHeldBlocksFirstGranuleIsDeclined) {
  ASSERT_TRUE(shadow().add(Extent{0x60018, 24, 2, 0}));
  EXPECT_FALSE(shadow().add(Extent{0x60000, 0x1c, 1, 0}));  // its last byte, 0x6001b, is in 0x60010-0x6001f
  EXPECT_EQ(object_at(0x60000), kUnknownObject);
  EXPECT_EQ(object_at(0x60018), 2u);
  EXPECT_EQ(shadow().blocks_shadowed(), 1u);
}

// block_starting_at() gives a held block by its first byte only.
TEST_F(HeapShadowTest, BlockStartingAtIsTheBlockOfThatStartOnly) {
  ASSERT_TRUE(shadow().add(Extent{0x10010, 40, 7, 3}));
  ASSERT_NE(shadow().block_starting_at(0x10010), nullptr);
  EXPECT_EQ(shadow().block_starting_at(0x10010)->key, 3u);
  EXPECT_EQ(shadow().block_starting_at(0x10020), nullptr);  // inside it
  EXPECT_EQ(shadow().block_starting_at(0x10000), nullptr);
  EXPECT_EQ(shadow().block_starting_at(0x900000), nullptr);  // no chunk there
}

// Blocks at 0x10010 (40 bytes, to 0x10037), 0x10100 (16) and 0x2fff0 (32: 0x2fff0-0x3000f, across the
// chunks 0x20000 and 0x30000). first_overlapping() gives the lowest block with a byte in the range,
// skipping the bytes after a block's end in its last granule and the chunks no block is in.
TEST_F(HeapShadowTest, FirstOverlappingIsTheLowestBlockWithAByteInTheRange) {
  ASSERT_TRUE(shadow().add(Extent{0x10010, 40, 1, 0}));
  ASSERT_TRUE(shadow().add(Extent{0x10100, 16, 2, 0}));
  ASSERT_TRUE(shadow().add(Extent{0x2fff0, 32, 3, 0}));
  auto first = [&](Addr low, Addr high) {
    const Extent* block = shadow().first_overlapping(low, high);
    return block != nullptr ? block->object : kUnknownObject;
  };
  EXPECT_EQ(first(0x10000, 0x1ffff), 1u);
  EXPECT_EQ(first(0x10037, 0x10037), 1u);        // its last byte
  EXPECT_EQ(first(0x10038, 0x100ff), kUnknownObject);  // its granule's last 8 bytes, then nothing
  EXPECT_EQ(first(0x10038, 0x10100), 2u);
  EXPECT_EQ(first(0x10110, 0x2ffef), kUnknownObject);  // up to the third block's first byte
  EXPECT_EQ(first(0x20000, 0x3ffff), 3u);
  EXPECT_EQ(first(0x30000, 0x30000), 3u);        // its part in the next chunk
  EXPECT_EQ(first(0, ~Addr(0)), 1u);
  EXPECT_EQ(first(0x40000, ~Addr(0)), kUnknownObject);
}

// narrow_gap() keeps the caller's gap where the table has no block, and cuts it at the nearest held
// blocks within 4 KiB of the address in its chunk, at the chunk's bounds, and at the span of the chunks.
TEST_F(HeapShadowTest, GapIsNarrowedToBytesOfNoHeldBlock) {
  ASSERT_TRUE(shadow().add(Extent{0x10010, 40, 1, 0}));   // to 0x10037
  ASSERT_TRUE(shadow().add(Extent{0x10100, 16, 2, 0}));
  ASSERT_TRUE(shadow().add(Extent{0x30000, 16, 3, 0}));
  auto gap = [&](Addr address) {
    Addr low = 0;
    Addr high = ~Addr(0);
    shadow().narrow_gap(address, &low, &high);
    return std::make_pair(low, high);
  };
  EXPECT_EQ(gap(0x10080), std::make_pair(Addr(0x10038), Addr(0x100ff)));  // between the two blocks
  EXPECT_EQ(gap(0x1003a), std::make_pair(Addr(0x10038), Addr(0x1003f)));  // the first's last granule
  EXPECT_EQ(gap(0x10004), std::make_pair(Addr(0x10000), Addr(0x1000f)));  // from the chunk's start
  // 256 granules (4 KiB) either side of the address's granule 0x18000-0x1800f.
  EXPECT_EQ(gap(0x18000), std::make_pair(Addr(0x17000), Addr(0x1900f)));
  EXPECT_EQ(gap(0x20010), std::make_pair(Addr(0x20000), Addr(0x2ffff)));  // a chunk not held, between two
  EXPECT_EQ(gap(0x8000), std::make_pair(Addr(0), Addr(0xffff)));          // below the span
  EXPECT_EQ(gap(0x40000), std::make_pair(Addr(0x40000), ~Addr(0)));       // above it
  // Far from any chunk held (the nearest is 0x30000; the chunk 0x1000000 was made and released, so the
  // span reaches it): 16 chunks of 64 KiB either way of the address's chunk 0x800000-0x80ffff, i.e.
  // 0x700000 to 0x90ffff. Near the span's end, 16 chunks below and up to the end of the address space.
  ASSERT_TRUE(shadow().add(Extent{0x1000000, 16, 4, 0}));
  ASSERT_TRUE(shadow().remove(0x1000000));
  EXPECT_EQ(gap(0x800010), std::make_pair(Addr(0x700000), Addr(0x90ffff)));
  EXPECT_EQ(gap(0xff0000), std::make_pair(Addr(0xef0000), ~Addr(0)));
  Addr low = 0x10050;  // a caller's narrower gap stays as it is
  Addr high = 0x10060;
  shadow().narrow_gap(0x10058, &low, &high);
  EXPECT_EQ(low, 0x10050u);
  EXPECT_EQ(high, 0x10060u);
}

}  // namespace
}  // namespace ccsim
