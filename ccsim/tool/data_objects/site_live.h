// site_live.h: per heap allocation site (a heap object), its live blocks and bytes over the run, in the
// simulated order (layout_changes.h), with --working-set=yes: how many blocks and bytes it had at its
// peak and at the end, and how many it allocated (docs/model.md, "Cache sets and the working set").
// Counted where a block enters and leaves the heap layer, never per access.
#ifndef CCSIM_TOOL_SITE_LIVE_H
#define CCSIM_TOOL_SITE_LIVE_H

#include <cstdint>

#include "ccsim/tool/data_objects/data_objects.h"

namespace ccsim {

// The run is cut into at most kSeriesPoints intervals of equal numbers of heap allocations (of every site,
// in the simulated order: the same clock as the object paths' lifetimes); each site keeps, per interval,
// the most blocks and bytes it had live during it. An interval starts with its first allocation, so a free
// counts in the interval of the allocation before it. When the run outgrows the points, the interval
// doubles and neighbouring points merge (their maximum): bounded, 2 x 32 numbers per site.
constexpr std::uint32_t kSeriesPoints = 32;

// One site's blocks.
struct SiteLive {
  std::uint64_t allocations;  // blocks allocated over the run
  std::uint64_t blocks;       // live now (at the end: never freed)
  std::uint64_t bytes;
  std::uint64_t peak_blocks;  // the most live at once
  std::uint64_t peak_bytes;   // the most bytes live at once (not necessarily when peak_blocks was)
  // The series: per interval the peak blocks and bytes; points after `last_point` are not filled yet (the
  // site's level then is `blocks` and `bytes`: site_live_series() fills them when the profile is written).
  std::uint32_t last_point;
  std::uint64_t blocks_at[kSeriesPoints];
  std::uint64_t bytes_at[kSeriesPoints];
};

// The series of `live` up to the end of the run: how many allocations each point covers, how many points
// there are (0 before any allocation), and each point's peak blocks and bytes in `blocks` and `bytes`.
struct SiteLiveSeries {
  std::uint64_t allocations_per_point;
  std::uint32_t points;
  std::uint64_t blocks[kSeriesPoints];
  std::uint64_t bytes[kSeriesPoints];
};
SiteLiveSeries site_live_series(const SiteLive& live);

void init_site_live();
// A block of `bytes` of the site `object` began or ended (freed, or overlapped by a later block).
void note_site_block_allocated(ObjectId object, std::uint64_t bytes);
void note_site_block_ended(ObjectId object, std::uint64_t bytes);

using SiteLiveVisitor = void (*)(void* context, ObjectId object, const SiteLive& live);
// Every site that allocated a block, in no particular order.
void for_each_site_live(SiteLiveVisitor visit, void* context);

}  // namespace ccsim

#endif
