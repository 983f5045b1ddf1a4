// placement_findings_test.cc: the `placement:` records read, and the findings' placement sentence
// (ccsim/annotate/analysis/placement_findings.h) for the per-thread structs of
// tests/programs/placement_structs.c: aligned (clean here, 1,999 false at 16, 32, 48), 32 bytes into an
// aligned block (1,999 here, none at 32), the same everywhere (nothing said), and bad records rejected.
#include <gtest/gtest.h>

#include "ccsim/annotate/analysis/placement_findings.h"
#include "tests/annotate/test_support.h"

namespace ccsim::annotate::testing {
namespace {

// A profile with one heap object (object 1, 128 bytes) and `records` (placement: lines of object 1).
Profile with_placements(const std::string& records) {
  return parse_text(small_profile(3, "structs", 0, "",
                                  "object: 1 heap 0x0 128 1 structs.c:9 main\n" + records),
                    "placement.out");
}

// Lines of 64 bytes at `starts` counts, then 128-byte lines with `twice` false at every start.
std::string records(const std::vector<std::uint64_t>& falses, std::uint64_t twice, unsigned block_offset = 0) {
  std::string text;
  for (unsigned i = 0; i < 4; ++i) {
    text += "placement: 1 " + std::to_string(block_offset) + " 1 64 " + std::to_string(16 * i) + " 0 " +
            std::to_string(falses[i]) + "\n";
  }
  for (unsigned i = 0; i < 8; ++i) {
    text += "placement: 1 " + std::to_string(block_offset) + " 1 128 " + std::to_string(16 * i) + " 0 " +
            std::to_string(twice) + "\n";
  }
  return text;
}

TEST(PlacementFindings, RecordsAreRead) {
  const Profile profile = with_placements(records({0, 1999, 1999, 1999}, 3000));
  ASSERT_EQ(profile.placements.size(), 12u);
  EXPECT_EQ(profile.placements[1].line_bytes, 64u);
  EXPECT_EQ(profile.placements[1].start, 16u);
  EXPECT_EQ(profile.placements[1].false_sharing, 1999u);
  EXPECT_EQ(profile.placements[4].line_bytes, 128u);
}

TEST(PlacementFindings, AlignedBlockIsCleanHereAndSharesElsewhere) {
  const std::vector<PlacementFinding> findings =
      placement_findings(with_placements(records({0, 1999, 1999, 1999}, 3000)), 100);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].object, 0u);
  EXPECT_EQ(findings[0].sentence,
            "in this run: no invalidations (the block starts at 0 mod 64); at 16, 32 or 48 mod 64: up to about 2,000 "
            "false: this block's placement decides; keep it aligned (aligned_alloc(64, ...)) or pad each thread's part "
            "to 64 bytes; with 128-byte lines (adjacent-line prefetch, POWER and Apple cores): up to about 3,000 false");
}

TEST(PlacementFindings, MisalignedStructsShareHereAndNotAtThirtyTwo) {
  const std::vector<PlacementFinding> findings =
      placement_findings(with_placements(records({1999, 1999, 0, 1999}, 0)), 100);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].sentence,
            "in this run: 1,999 false invalidations (the block starts at 0 mod 64); at 32 mod 64: none: this block's "
            "placement decides; align it (aligned_alloc(64, ...)) or pad each thread's part to 64 bytes");
}

// The block's own start comes from its offset: a block at 48 mod 128 is at 48 mod 64 (floor 1: 7 decides).
TEST(PlacementFindings, TheBlocksOwnStartIsItsOffset) {
  const std::vector<PlacementFinding> findings =
      placement_findings(with_placements(records({0, 0, 0, 7}, 0, 112)), 1);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].sentence.substr(0, 97),
            "in this run: 7 false invalidations (the block starts at 48 mod 64); at 0, 16 or 32 mod 64: none: ");
}

// The same at every start, and no more with longer lines, zero or not: the placement does not decide.
TEST(PlacementFindings, TheSameEverywhereSaysNothing) {
  EXPECT_TRUE(placement_findings(with_placements(records({0, 0, 0, 0}, 0)), 0).empty());
  EXPECT_TRUE(placement_findings(with_placements(records({500, 500, 500, 500}, 500)), 100).empty());
}

// A handful in every layout is no finding: 5 here, 8 at 16 and 32, 3 at 48, under a floor of 100 (the
// findings' --min-invalidations); the same counts under a floor of 5 decide (8 - 3 = 5, and 8 >= 2 x 3).
TEST(PlacementFindings, AHandfulInEveryLayoutSaysNothing) {
  EXPECT_TRUE(placement_findings(with_placements(records({5, 8, 8, 3}, 0)), 100).empty());
  EXPECT_EQ(placement_findings(with_placements(records({5, 8, 8, 3}, 0)), 5).size(), 1u);
}

// Sharing in every layout, which placement only shifts: 250 at 0 and 16, 180 at 32 and 48 (not twice as
// many), and 280 with 128-byte lines (30 more, under the floor of 50): aligning would not remove it, so
// nothing is said.
TEST(PlacementFindings, SharingThatEveryLayoutHasSaysNothing) {
  EXPECT_TRUE(placement_findings(with_placements(records({250, 250, 180, 180}, 280)), 50).empty());
}

// With 128-byte lines only: the same 100 at every start of a 64-byte line, 1,000 with 128-byte lines.
// Also: 250 here and 180 elsewhere (not twice as many) with 500 with 128-byte lines says only the latter.
TEST(PlacementFindings, TwiceLongerLinesAloneCanDecide) {
  const std::vector<PlacementFinding> findings =
      placement_findings(with_placements(records({100, 100, 100, 100}, 1000)), 100);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].sentence,
            "in this run: 100 false invalidations (the block starts at 0 mod 64), about as many at any start within a "
            "64-byte line; with 128-byte lines (adjacent-line prefetch, POWER and Apple cores): up to about 1,000 "
            "false");
  const std::vector<PlacementFinding> shifted =
      placement_findings(with_placements(records({250, 250, 180, 180}, 500)), 100);
  ASSERT_EQ(shifted.size(), 1u);
  EXPECT_EQ(shifted[0].sentence,
            "in this run: 250 false invalidations (the block starts at 0 mod 64), about as many at any start within a "
            "64-byte line; with 128-byte lines (adjacent-line prefetch, POWER and Apple cores): up to about 500 false");
}

// Two blocks of one site, one at 0 mod 64 (1,999 false at 16, 32 and 48) and one at 16 mod 64 (4,000 here,
// none at 0): one sentence, the heaviest (4,000), which says there were two starts.
TEST(PlacementFindings, TheBlocksOfOneSiteGiveOneSentence) {
  const std::vector<PlacementFinding> findings = placement_findings(
      with_placements(records({0, 1999, 1999, 1999}, 0) + records({0, 4000, 4000, 4000}, 0, 16)), 100);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].worst, 4000u);
  EXPECT_EQ(findings[0].sentence,
            "in this run: 4,000 false invalidations (the block starts at 16 mod 64); at 0 mod 64: none: this block's "
            "placement decides; align it (aligned_alloc(64, ...)) or pad each thread's part to 64 bytes; the heaviest "
            "of 2 blocks of this allocation site that start at different places in a line");
}

TEST(PlacementFindings, BadRecordsAreRejected) {
  const std::string base = small_profile(3, "structs", 0, "", "object: 1 heap 0x0 128 1 structs.c:9 main\n");
  auto with = [&](const std::string& record) {
    return small_profile(3, "structs", 0, "", "object: 1 heap 0x0 128 1 structs.c:9 main\n" + record);
  };
  EXPECT_NE(rejection_of(with("placement: 1 0 1 32 0 0 5\n"), "bad.out").find("line-size: or twice it"),
            std::string::npos);
  EXPECT_NE(rejection_of(with("placement: 1 0 1 64 64 0 5\n"), "bad.out").find("lie within a line"),
            std::string::npos);
  EXPECT_NE(rejection_of(with("placement: 1 0 1 64 0 0\n"), "bad.out"), "accepted");
  EXPECT_NE(rejection_of(with("placement: 2 0 1 64 0 0 5\n"), "bad.out"), "accepted");
  EXPECT_EQ(rejection_of(base, "good.out"), "accepted");
}

}  // namespace
}  // namespace ccsim::annotate::testing
