// site_live.h: per heap allocation site (a heap object), its live blocks and bytes over the run, in the
// simulated order (layout_changes.h), with --working-set=yes: how many blocks and bytes it had at its
// peak and at the end, and how many it allocated (docs/model.md, "Cache sets and the working set").
// Counted where a block enters and leaves the heap layer, never per access.
#ifndef CCSIM_TOOL_SITE_LIVE_H
#define CCSIM_TOOL_SITE_LIVE_H

#include <cstdint>

#include "ccsim/tool/data_objects/data_objects.h"

namespace ccsim {

// One site's blocks.
struct SiteLive {
  std::uint64_t allocations;  // blocks allocated over the run
  std::uint64_t blocks;       // live now (at the end: never freed)
  std::uint64_t bytes;
  std::uint64_t peak_blocks;  // the most live at once
  std::uint64_t peak_bytes;   // the most bytes live at once (not necessarily when peak_blocks was)
};

void init_site_live();
// A block of `bytes` of the site `object` began or ended (freed, or overlapped by a later block).
void note_site_block_allocated(ObjectId object, std::uint64_t bytes);
void note_site_block_ended(ObjectId object, std::uint64_t bytes);

using SiteLiveVisitor = void (*)(void* context, ObjectId object, const SiteLive& live);
// Every site that allocated a block, in no particular order.
void for_each_site_live(SiteLiveVisitor visit, void* context);

}  // namespace ccsim

#endif
