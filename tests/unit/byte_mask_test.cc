// byte_mask_test.cc: byte masks of lines longer than 64 bytes span several words; a range sets exactly
// its own bits, in whichever words it falls.
#include "ccsim/core/byte_mask.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/unit/scenario.h"

namespace ccsim::test {
namespace {

// A 256-byte line's mask is 4 words. Bytes 0-7 are the low 8 bits of word 0 and nothing else; bytes
// 120-135 are the top 8 bits of word 1 and the low 8 bits of word 2.
TEST(ByteMaskTest, RangesSetOnlyTheirOwnBits) {
  struct Case {
    ByteRange range;
    std::uint64_t words[4];
  };
  const Case cases[] = {
      {{0, 8}, {0xff, 0, 0, 0}},
      {{120, 16}, {0, 0xff00000000000000ull, 0xff, 0}},
      {{64, 64}, {0, ~0ull, 0, 0}},
      {{255, 1}, {0, 0, 0, 0x8000000000000000ull}},
      {{0, 256}, {~0ull, ~0ull, ~0ull, ~0ull}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE("bytes " + std::to_string(c.range.first) + ", length " + std::to_string(c.range.length));
    std::uint64_t mask[4];
    mask_set(mask, 4, c.range);
    for (int w = 0; w < 4; ++w) EXPECT_EQ(mask[w], c.words[w]) << "word " << w;
  }
}

// Adding a range reports whether it was all there before: bytes 60-67 span words 0 and 1; after adding
// them, 60-67 and 64-65 are covered, 60-68 is not.
TEST(ByteMaskTest, AddReportsWhetherTheRangeWasCovered) {
  std::uint64_t mask[2] = {0, 0};
  EXPECT_FALSE(mask_add_was_covered(mask, ByteRange{60, 8}));
  EXPECT_TRUE(mask_add_was_covered(mask, ByteRange{60, 8}));
  EXPECT_TRUE(mask_add_was_covered(mask, ByteRange{64, 2}));
  EXPECT_FALSE(mask_add_was_covered(mask, ByteRange{60, 9}));
  EXPECT_EQ(mask_popcount(mask, 2), 9u);
}

// With 256-byte lines, reads of bytes 0-7 and 200-207 of one line leave 16 bytes used: the second read is
// spatial, a re-read of 0-7 temporal, and the line's eviction (by another line of the direct-mapped set)
// counts 16 bytes.
TEST(ByteMaskTest, LongLinesTrackBytesInEveryWord) {
  Machine machine(make_machine("512,1,256", "none", "none", 1));
  machine.run(load(0, 0));
  machine.run(load(0, 200));
  machine.run(load(0, 0));
  machine.run(load(0, 512));  // same set: evicts line 0
  EXPECT_EQ(machine.total(l1(kHitSpatial)), 1u);
  EXPECT_EQ(machine.total(l1(kHitTemporal)), 1u);
  EXPECT_EQ(machine.total(l1(kEvictedBytesUsed)), 16u);
}

}  // namespace
}  // namespace ccsim::test
