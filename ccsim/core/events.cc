// events.cc: the names of the counters in the output file, and which of them a machine has
// (see events.h and docs/output-format.md).
#include "ccsim/core/events.h"

namespace ccsim {
namespace {

// Indexed by Event; the level events appear once per level in the order of LevelEvent.
constexpr const char* kEventNames[kNumEvents] = {
    "reads",
    "writes",
    "coherence_miss_true",
    "coherence_miss_false",
    "invalidations_received_true_in_region",
    "invalidations_received_true_in_region_critical",
    "invalidations_received_false_in_region",
    "invalidations_received_true_across_regions",
    "invalidations_received_false_across_regions",
    "invalidations_caused_true_in_region",
    "invalidations_caused_true_in_region_critical",
    "invalidations_caused_false_in_region",
    "invalidations_caused_true_across_regions",
    "invalidations_caused_false_across_regions",
    "served_by_own_L2",
    "served_by_transfer_from_modified",
    "served_by_transfer_from_exclusive",
    "served_by_transfer_from_shared",
    "served_by_LLC",
    "served_by_memory",
    "downgrades_caused",
    "downgrades_received",
    "L1_read_misses",
    "L1_write_misses",
    "L1_miss_compulsory",
    "L1_miss_coherence",
    "L1_miss_replacement",
    "L1_miss_capacity",
    "L1_miss_conflict",
    "L1_hit_temporal",
    "L1_hit_spatial",
    "L1_evictions",
    "L1_evicted_bytes_used",
    "L1_miss_transfer",
    "L2_read_misses",
    "L2_write_misses",
    "L2_miss_compulsory",
    "L2_miss_coherence",
    "L2_miss_replacement",
    "L2_miss_capacity",
    "L2_miss_conflict",
    "L2_hit_temporal",
    "L2_hit_spatial",
    "L2_evictions",
    "L2_evicted_bytes_used",
    "L2_miss_transfer",
    "LLC_read_misses",
    "LLC_write_misses",
    "LLC_miss_compulsory",
    "LLC_miss_coherence",
    "LLC_miss_replacement",
    "LLC_miss_capacity",
    "LLC_miss_conflict",
    "LLC_hit_temporal",
    "LLC_hit_spatial",
    "LLC_evictions",
    "LLC_evicted_bytes_used",
    "LLC_miss_transfer",
};

}  // namespace

std::uint32_t event_profile_version(std::uint32_t event) {
  if (event >= kServedByOwnL2 && event <= kDowngradesReceived) return 2;
  if (event >= kFirstLevelEvent && (event - kFirstLevelEvent) % kNumLevelEvents == kMissTransfer) return 2;
  return 1;
}

const char* event_name(std::uint32_t event) { return event < kNumEvents ? kEventNames[event] : nullptr; }

bool event_applies(std::uint32_t event, const MachineConfig& config) {
  if (event >= kNumEvents) return false;
  // An L1 miss is served by a level the machine has.
  if (event == kServedByOwnL2) return config.l2.present;
  if (event == kServedByLLC) return config.llc.present;
  if (event < kFirstLevelEvent) return true;
  const std::uint32_t level = (event - kFirstLevelEvent) / kNumLevelEvents;
  const std::uint32_t level_event_index = (event - kFirstLevelEvent) % kNumLevelEvents;
  const CacheGeometry* geometries[kNumLevels] = {&config.l1, &config.l2, &config.llc};
  if (!geometries[level]->present) return false;
  // The LLC is shared: no processor takes a line from another there.
  if (level_event_index == kMissTransfer && level == static_cast<std::uint32_t>(Level::LLC)) return false;
  if ((level_event_index == kMissCapacity || level_event_index == kMissConflict) && !config.miss_classes) {
    return false;
  }
  // The shared LLC is not part of the coherence protocol: invalidations never remove its copies.
  return !(level == static_cast<std::uint32_t>(Level::LLC) && level_event_index == kMissCoherence);
}

}  // namespace ccsim
