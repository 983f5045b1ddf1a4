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
      placement_findings(with_placements(records({0, 1999, 1999, 1999}, 3000)));
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].object, 0u);
  EXPECT_EQ(findings[0].sentence,
            "in this run: no invalidations (the block starts at 0 mod 64); at 16, 32 or 48 mod 64: up to about 2,000 "
            "false: this block's placement decides; keep it aligned (aligned_alloc(64, ...)) or pad each thread's part "
            "to 64 bytes; with 128-byte lines (adjacent-line prefetch, POWER and Apple cores): up to about 3,000 false");
}

TEST(PlacementFindings, MisalignedStructsShareHereAndNotAtThirtyTwo) {
  const std::vector<PlacementFinding> findings =
      placement_findings(with_placements(records({1999, 1999, 0, 1999}, 0)));
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].sentence,
            "in this run: 1,999 false invalidations (the block starts at 0 mod 64); at 32 mod 64: none: this block's "
            "placement decides; align it (aligned_alloc(64, ...)) or pad each thread's part to 64 bytes");
}

// The block's own start comes from its offset: a block at 48 mod 128 is at 48 mod 64.
TEST(PlacementFindings, TheBlocksOwnStartIsItsOffset) {
  const std::vector<PlacementFinding> findings =
      placement_findings(with_placements(records({0, 0, 0, 7}, 0, 112)));
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].sentence.substr(0, 97),
            "in this run: 7 false invalidations (the block starts at 48 mod 64); at 0, 16 or 32 mod 64: none: ");
}

// The same at every start, and no more with longer lines, zero or not: the placement does not decide.
TEST(PlacementFindings, TheSameEverywhereSaysNothing) {
  EXPECT_TRUE(placement_findings(with_placements(records({0, 0, 0, 0}, 0))).empty());
  EXPECT_TRUE(placement_findings(with_placements(records({500, 500, 500, 500}, 500))).empty());
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
