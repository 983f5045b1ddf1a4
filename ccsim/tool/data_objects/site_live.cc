// site_live.cc: live blocks and bytes per heap allocation site (site_live.h).
#include "ccsim/tool/data_objects/site_live.h"

#include "ccsim/core/hash_map.h"
#include "ccsim/core/platform.h"

namespace ccsim {
namespace {

HashMap<ObjectId, SiteLive>* sites = nullptr;  // by the site's object; null without --working-set=yes
std::uint64_t clock = 0;  // heap allocations applied so far, every site's
std::uint64_t width = 1;  // allocations per point of the series

// The point of an event now: that of the last allocation (clock >= 1 once any block exists).
std::uint32_t point_now() { return static_cast<std::uint32_t>((clock - 1) / width); }

// Fills `live`'s points after its last one up to `point` with its level, which has not changed since.
void fill_to(SiteLive& live, std::uint32_t point) {
  for (std::uint32_t p = live.last_point + 1; p <= point; ++p) {
    live.blocks_at[p] = live.blocks;
    live.bytes_at[p] = live.bytes;
  }
  if (point > live.last_point) live.last_point = point;
}

void note_level(SiteLive& live, std::uint32_t point) {
  if (live.blocks > live.blocks_at[point]) live.blocks_at[point] = live.blocks;
  if (live.bytes > live.bytes_at[point]) live.bytes_at[point] = live.bytes;
}

// Doubles the interval: every site's points merge in pairs. O(sites) each time, log2(allocations / 32)
// times in a run.
void double_width() {
  width *= 2;
  sites->for_each([](ObjectId, SiteLive& live) {
    for (std::uint32_t p = 0; p < kSeriesPoints / 2; ++p) {
      live.blocks_at[p] = live.blocks_at[2 * p] > live.blocks_at[2 * p + 1] ? live.blocks_at[2 * p] : live.blocks_at[2 * p + 1];
      live.bytes_at[p] = live.bytes_at[2 * p] > live.bytes_at[2 * p + 1] ? live.bytes_at[2 * p] : live.bytes_at[2 * p + 1];
    }
    for (std::uint32_t p = kSeriesPoints / 2; p < kSeriesPoints; ++p) live.blocks_at[p] = live.bytes_at[p] = 0;
    live.last_point /= 2;
  });
}

}  // namespace

void init_site_live() { sites = create_object<HashMap<ObjectId, SiteLive>>("ccsim.site_live", "ccsim.site_live"); }

void note_site_block_allocated(ObjectId object, std::uint64_t bytes) {
  if (sites == nullptr) return;
  if (clock == kSeriesPoints * width) double_width();
  ++clock;
  const std::uint32_t point = point_now();
  SiteLive& live = sites->find_or_add(object);  // zeroed when new: its series starts empty at point 0
  fill_to(live, point);
  ++live.allocations;
  ++live.blocks;
  live.bytes += bytes;
  if (live.blocks > live.peak_blocks) live.peak_blocks = live.blocks;
  if (live.bytes > live.peak_bytes) live.peak_bytes = live.bytes;
  note_level(live, point);
}

void note_site_block_ended(ObjectId object, std::uint64_t bytes) {
  if (sites == nullptr) return;
  // Every block that ends began through note_site_block_allocated(): the site is there.
  SiteLive& live = sites->find_or_add(object);
  fill_to(live, point_now());
  --live.blocks;
  live.bytes -= bytes;
}

SiteLiveSeries site_live_series(const SiteLive& live) {
  SiteLiveSeries series{};
  series.allocations_per_point = width;
  if (clock == 0) return series;
  series.points = point_now() + 1;
  for (std::uint32_t p = 0; p < series.points; ++p) {
    const bool filled = p <= live.last_point;
    series.blocks[p] = filled ? live.blocks_at[p] : live.blocks;
    series.bytes[p] = filled ? live.bytes_at[p] : live.bytes;
  }
  return series;
}

void for_each_site_live(SiteLiveVisitor visit, void* context) {
  if (sites == nullptr) return;
  sites->for_each([&](ObjectId object, const SiteLive& live) { visit(context, object, live); });
}

}  // namespace ccsim
