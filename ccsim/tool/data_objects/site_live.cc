// site_live.cc: live blocks and bytes per heap allocation site (site_live.h).
#include "ccsim/tool/data_objects/site_live.h"

#include "ccsim/core/hash_map.h"
#include "ccsim/core/platform.h"

namespace ccsim {
namespace {

HashMap<ObjectId, SiteLive>* sites = nullptr;  // by the site's object; null without --working-set=yes

}  // namespace

void init_site_live() { sites = create_object<HashMap<ObjectId, SiteLive>>("ccsim.site_live", "ccsim.site_live"); }

void note_site_block_allocated(ObjectId object, std::uint64_t bytes) {
  if (sites == nullptr) return;
  SiteLive& live = sites->find_or_add(object);
  ++live.allocations;
  ++live.blocks;
  live.bytes += bytes;
  if (live.blocks > live.peak_blocks) live.peak_blocks = live.blocks;
  if (live.bytes > live.peak_bytes) live.peak_bytes = live.bytes;
}

void note_site_block_ended(ObjectId object, std::uint64_t bytes) {
  if (sites == nullptr) return;
  // Every block that ends began through note_site_block_allocated(): the site is there.
  SiteLive& live = sites->find_or_add(object);
  --live.blocks;
  live.bytes -= bytes;
}

void for_each_site_live(SiteLiveVisitor visit, void* context) {
  if (sites == nullptr) return;
  sites->for_each([&](ObjectId object, const SiteLive& live) { visit(context, object, live); });
}

}  // namespace ccsim
