// site_live_tests.cc: a heap site's live blocks over the run (ccsim/tool/data_objects/site_live.h) on the
// host: the intervals double when the run outgrows the 32 points, and merged points keep their maximum.
#include <gtest/gtest.h>

#include <vector>

#include "ccsim/core/host_platform.h"
#include "ccsim/tool/data_objects/site_live.h"

namespace ccsim {
namespace {

constexpr ObjectId kSiteA = 7;
constexpr ObjectId kSiteB = 9;

struct Found {
  ObjectId object;
  SiteLive live;
};

// Every site's counts, in no particular order.
std::vector<Found> sites_now() {
  std::vector<Found> found;
  for_each_site_live([](void* context, ObjectId object, const SiteLive& live) {
    static_cast<std::vector<Found>*>(context)->push_back({object, live});
  }, &found);
  return found;
}

const SiteLive& site(const std::vector<Found>& sites, ObjectId object) {
  for (const Found& found : sites) {
    if (found.object == object) return found.live;
  }
  ADD_FAILURE() << "no site " << object;
  return sites.front().live;
}

// 70 allocations of 16 bytes: B's block is the 1st, freed right after the 40th; A allocates the other 69
// and frees none. 32 points of 1 allocation hold the first 32; the 33rd doubles the interval to 2 (points
// 0-15 hold allocations 1-32), the 65th to 4. So 70 allocations end in points of 4: point p covers
// allocations 4p + 1 .. 4p + 4, points 0-17 (the 18th holds 69 and 70).
// A's most live blocks in point p: its allocations up to 4p + 4 (70 in the last), less B's first one:
// 3, 7, 11, ..., 67, 69. B: 1 live in points 0-9 (its free comes after the 40th allocation, the last of
// point 9), 0 after.
TEST(SiteLiveTest, IntervalsDoubleAndKeepTheirMaximum) {
  install_host_platform();
  init_site_live();
  note_site_block_allocated(kSiteB, 16);
  for (int allocation = 2; allocation <= 70; ++allocation) {
    note_site_block_allocated(kSiteA, 16);
    if (allocation == 40) note_site_block_ended(kSiteB, 16);
  }
  const std::vector<Found> sites = sites_now();
  const SiteLiveSeries a = site_live_series(site(sites, kSiteA));
  const SiteLiveSeries b = site_live_series(site(sites, kSiteB));
  EXPECT_EQ(a.allocations_per_point, 4u);
  ASSERT_EQ(a.points, 18u);
  ASSERT_EQ(b.points, 18u);
  for (std::uint32_t p = 0; p < 18; ++p) {
    SCOPED_TRACE("point " + std::to_string(p));
    const std::uint64_t a_blocks = p == 17 ? 69 : 4 * p + 3;
    EXPECT_EQ(a.blocks[p], a_blocks);
    EXPECT_EQ(a.bytes[p], 16 * a_blocks);
    EXPECT_EQ(b.blocks[p], p <= 9 ? 1u : 0u);
  }
  EXPECT_EQ(site(sites, kSiteA).peak_blocks, 69u);
  EXPECT_EQ(site(sites, kSiteB).allocations, 1u);
}

}  // namespace
}  // namespace ccsim
