// first_waits.cc: see first_waits.h.
#include "ccsim/tool/workers/first_waits.h"

#include "ccsim/tool/workers/resident_queues.h"
#include "ccsim/tool/workers/shadow_queues.h"
#include "ccsim/tool/workers/shared_ring.h"

namespace ccsim {

bool first_merges_wanted() {
  return (shadow_queues_on() && shadow_stage_wanted()) || (resident_queues_on() && resident_merge_wanted());
}

std::uint32_t first_wait_ms(std::uint32_t timeout_ms) {
  if (shadow_queues_on()) timeout_ms = shadow_stage_wait_ms(timeout_ms);
  if (resident_queues_on()) timeout_ms = resident_merge_wait_ms(timeout_ms);
  return timeout_ms;
}

void first_merges(bool mid_access) {
  if (shadow_queues_on()) advance_shadow_stage(mid_access);
  if (resident_queues_on()) merge_resident_changes(mid_access);
}

void wake_first(RingHeader* header) {
  if (__atomic_load_n(&header->stage_blocked, __ATOMIC_ACQUIRE) == 0 &&
      __atomic_load_n(&header->resident_blocked, __ATOMIC_ACQUIRE) == 0) {
    return;
  }
  ring_bell(&header->data_bell);
  ring_bell(&header->stage_bell);
  ring_bell(&header->resident_bell);
}

}  // namespace ccsim
