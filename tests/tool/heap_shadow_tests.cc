// heap_shadow_tests.cc: the heap layer's shadow table (ccsim/tool/data_objects/heap_shadow.h) on the host:
// which blocks it answers for, that it forgets a block entirely when the block ends, and that the memory it
// holds follows the live small blocks. Addresses are made up; the table never dereferences them.
#include <gtest/gtest.h>

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
// other's bytes.
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

}  // namespace
}  // namespace ccsim
