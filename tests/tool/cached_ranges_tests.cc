// cached_ranges_tests.cc: the list of remembered ranges (ccsim/tool/data_objects/cached_ranges.h) on the
// host: a change empties exactly the entries whose range it overlaps, also after an entry was filled
// again in place (the list compares its copy of the range), after entries moved on the list when others
// left it (each entry's slot follows it), and for wide ranges (over 64 KiB), which are grouped by range:
// every entry of a group is emptied together, entries move between groups and to and from the narrow
// records.
#include <gtest/gtest.h>

#include "ccsim/core/host_platform.h"
#include "ccsim/tool/data_objects/cached_ranges.h"

namespace ccsim {
namespace {

// A holder of one remembered range, as the object caches keep theirs.
struct Holder {
  CachedRange range;
  RangeSlot slot;
};

bool covers(const Holder& holder, Addr address) { return address - holder.range.start < holder.range.size; }

// Remembers [low, high] in the holder, as a lookup's answer does.
void fill(Holder& holder, Addr low, Addr high) { remember_range(&holder.range, &holder.slot, low, high); }

class CachedRangesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    install_host_platform();
    forget_all_ranges();  // ranges of the previous test
  }
  Holder a{}, b{}, c{};
};

// A thread's stack, 8 MiB, and a second one above it: wide ranges.
constexpr Addr kStack = 0x10000000;
constexpr Addr kStackBytes = 8 << 20;
constexpr Addr kOtherStack = kStack + kStackBytes;

// A change over bytes 0x100-0x1ff empties the entry over 0x100-0x17f and neither of the others; a
// change between ranges empties nothing.
TEST_F(CachedRangesTest, AChangeEmptiesTheRangesItOverlapsOnly) {
  fill(a, 0x100, 0x17f);
  fill(b, 0x200, 0x2ff);
  fill(c, 0x80, 0xff);
  EXPECT_EQ(filled_range_count(), 3u);
  forget_ranges(0x180, 0x1ff);  // touches none: a ends at 0x17f, b starts at 0x200
  EXPECT_EQ(filled_range_count(), 3u);
  forget_ranges(0x100, 0x1ff);
  EXPECT_FALSE(covers(a, 0x100));
  EXPECT_TRUE(covers(b, 0x200));
  EXPECT_TRUE(covers(c, 0xff));
  EXPECT_EQ(filled_range_count(), 2u);
}

// Pointer chasing fills one entry again and again with another block's range. After a is moved from
// 0x100-0x10f to 0x400-0x40f, a change over its old bytes leaves it, and one over its new bytes empties
// it: the list's copy of the range moved with it.
TEST_F(CachedRangesTest, AnEntryFilledAgainIsForgottenByItsNewRange) {
  fill(a, 0x100, 0x10f);
  fill(a, 0x400, 0x40f);
  EXPECT_EQ(filled_range_count(), 1u);
  forget_ranges(0x100, 0x10f);
  EXPECT_TRUE(covers(a, 0x400));
  forget_ranges(0x408, 0x408);
  EXPECT_FALSE(covers(a, 0x400));
  EXPECT_EQ(filled_range_count(), 0u);
}

// a, b, c are on the list in that order; forgetting a moves c into a's place. c, filled again in place
// at 0x900, must then be found there: a change over 0x900 empties it, and b stays.
TEST_F(CachedRangesTest, AnEntryMovedOnTheListIsStillUpdatedAndForgotten) {
  fill(a, 0x100, 0x1ff);
  fill(b, 0x200, 0x2ff);
  fill(c, 0x300, 0x3ff);
  forget_ranges(0x100, 0x100);
  fill(c, 0x900, 0x9ff);
  EXPECT_EQ(filled_range_count(), 2u);
  forget_ranges(0x300, 0x3ff);  // c's old bytes: nothing
  EXPECT_TRUE(covers(c, 0x900));
  forget_ranges(0x9ff, 0xaff);
  EXPECT_FALSE(covers(c, 0x900));
  EXPECT_TRUE(covers(b, 0x2ff));
  EXPECT_EQ(filled_range_count(), 1u);
}

// One change over two adjacent entries at the list's end empties both (the second is compared after it
// took the first's place), and an entry emptied and filled again joins the list once.
TEST_F(CachedRangesTest, OneChangeEmptiesEveryEntryItOverlapsWhereverItIsOnTheList) {
  fill(a, 0x1000, 0x1fff);
  fill(b, 0x100, 0x1ff);
  fill(c, 0x200, 0x2ff);
  forget_ranges(0x100, 0x2ff);
  EXPECT_FALSE(covers(b, 0x100));
  EXPECT_FALSE(covers(c, 0x200));
  EXPECT_TRUE(covers(a, 0x1000));
  fill(b, 0x100, 0x1ff);
  EXPECT_EQ(filled_range_count(), 2u);
  forget_ranges(0, ~Addr(0));
  EXPECT_FALSE(covers(a, 0x1000));
  EXPECT_FALSE(covers(b, 0x100));
  EXPECT_EQ(filled_range_count(), 0u);
}

// The whole address space is remembered without its last byte; a change anywhere empties it.
TEST_F(CachedRangesTest, TheWholeAddressSpaceIsRememberedAndForgotten) {
  fill(a, 0, ~Addr(0));
  EXPECT_TRUE(covers(a, 0));
  EXPECT_TRUE(covers(a, ~Addr(0) - 1));
  forget_ranges(~Addr(0) - 1, ~Addr(0) - 1);
  EXPECT_FALSE(covers(a, 0));
}

// A layout-free range (the allocator's own accesses) over the whole address space survives changes
// anywhere, unlike the same range remembered plainly beside it, and only a pass over the whole address
// space (a sweep, forget_all_ranges) empties it.
TEST_F(CachedRangesTest, ALayoutFreeRangeIsForgottenOnlyByAWholePass) {
  remember_range(&a.range, &a.slot, 0, ~Addr(0), true);
  fill(b, 0, ~Addr(0));
  EXPECT_EQ(filled_range_count(), 2u);
  forget_ranges(0x1000, 0x1fff);
  EXPECT_TRUE(covers(a, 0x1000));
  EXPECT_FALSE(covers(b, 0x1000));
  EXPECT_EQ(filled_range_count(), 1u);
  forget_all_ranges();
  EXPECT_FALSE(covers(a, 0x1000));
  EXPECT_EQ(filled_range_count(), 0u);
}

// Ten entries remember the first stack, ten the second: a change in the first empties the first ten and
// none of the others, of which a change in the second then empties the nine still over it; a change in
// neither, between the heap blocks below, empties none.
TEST_F(CachedRangesTest, EveryEntryOfAWideRangeIsForgottenAndNoOther) {
  Holder first[10] = {}, second[10] = {};
  for (int i = 0; i < 10; ++i) {
    fill(first[i], kStack, kStack + kStackBytes - 1);
    fill(second[i], kOtherStack, kOtherStack + kStackBytes - 1);
  }
  fill(a, 0x1000, 0x101f);
  EXPECT_EQ(filled_range_count(), 21u);
  forget_ranges(0x2000, 0x201f);
  EXPECT_EQ(filled_range_count(), 21u);
  forget_ranges(kStack + 0x100, kStack + 0x1ff);
  EXPECT_EQ(filled_range_count(), 11u);
  for (int i = 0; i < 10; ++i) {
    EXPECT_FALSE(covers(first[i], kStack + 8)) << i;
    EXPECT_TRUE(covers(second[i], kOtherStack + 8)) << i;
  }
  // The second stack's entries moved when the first's left: one of them, filled with a heap block, is
  // still found where it now is, and leaves the group.
  fill(second[9], 0x3000, 0x301f);
  forget_ranges(kOtherStack + kStackBytes - 1, kOtherStack + kStackBytes - 1);
  for (int i = 0; i < 9; ++i) EXPECT_FALSE(covers(second[i], kOtherStack + 8)) << i;
  EXPECT_TRUE(covers(second[9], 0x3000));
  EXPECT_TRUE(covers(a, 0x1000));
  EXPECT_EQ(filled_range_count(), 2u);
}

// Entries move between kinds and groups: a, wide over the first stack, is filled with a heap block; b,
// narrow, with the second stack; c, over the first stack, with the second. Each is then forgotten by a
// change over its new range only: the first stack's change empties none of them (its group left with
// its last member), the block's empties a, the second stack's b and c.
TEST_F(CachedRangesTest, EntriesMovingBetweenWideAndNarrowRangesFollowTheirNewRange) {
  fill(a, kStack, kStack + kStackBytes - 1);
  fill(b, 0x1000, 0x101f);
  fill(c, kStack, kStack + kStackBytes - 1);
  fill(a, 0x3000, 0x301f);
  fill(b, kOtherStack, kOtherStack + kStackBytes - 1);
  fill(c, kOtherStack, kOtherStack + kStackBytes - 1);
  EXPECT_EQ(filled_range_count(), 3u);
  forget_ranges(kStack, kStack + 15);
  forget_ranges(0x1000, 0x101f);
  EXPECT_EQ(filled_range_count(), 3u);
  forget_ranges(0x3010, 0x3010);
  EXPECT_FALSE(covers(a, 0x3000));
  EXPECT_TRUE(covers(b, kOtherStack));
  forget_ranges(kOtherStack + 64, kOtherStack + 64);
  EXPECT_FALSE(covers(b, kOtherStack));
  EXPECT_FALSE(covers(c, kOtherStack));
  EXPECT_EQ(filled_range_count(), 0u);
}

// Three wide groups; the middle one's only member leaves it, so the last group takes its place. Its
// members must still be found: filling one of them again with a heap block, then forgetting the third
// stack, empties the other member and leaves the moved one, which the block's change then empties.
TEST_F(CachedRangesTest, AGroupMovedInThePlaceOfAnEmptiedOneKeepsItsMembers) {
  const Addr third = kOtherStack + kStackBytes;
  Holder d{};
  fill(a, kStack, kStack + kStackBytes - 1);
  fill(b, kOtherStack, kOtherStack + kStackBytes - 1);
  fill(c, third, third + kStackBytes - 1);
  fill(d, third, third + kStackBytes - 1);
  fill(b, 0x1000, 0x100f);  // the second group goes, the third takes its place
  fill(c, 0x2000, 0x200f);
  forget_ranges(third + 4096, third + 4096);
  EXPECT_FALSE(covers(d, third));
  EXPECT_TRUE(covers(c, 0x2000));
  EXPECT_TRUE(covers(a, kStack));
  forget_ranges(0x2000, 0x2000);
  EXPECT_FALSE(covers(c, 0x2000));
  EXPECT_TRUE(covers(b, 0x1000));
  EXPECT_EQ(filled_range_count(), 2u);
}

}  // namespace
}  // namespace ccsim
