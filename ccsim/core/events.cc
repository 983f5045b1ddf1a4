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
};

}  // namespace

const char* event_name(std::uint32_t event) { return event < kNumEvents ? kEventNames[event] : nullptr; }

bool event_applies(std::uint32_t event, const MachineConfig& config) {
  if (event >= kNumEvents) return false;
  if (event < kFirstLevelEvent) return true;
  const std::uint32_t level = (event - kFirstLevelEvent) / kNumLevelEvents;
  const std::uint32_t level_event_index = (event - kFirstLevelEvent) % kNumLevelEvents;
  const CacheGeometry* geometries[kNumLevels] = {&config.l1, &config.l2, &config.llc};
  if (!geometries[level]->present) return false;
  if ((level_event_index == kMissCapacity || level_event_index == kMissConflict) && !config.miss_classes) {
    return false;
  }
  // The shared LLC is not part of the coherence protocol: invalidations never remove its copies.
  return !(level == static_cast<std::uint32_t>(Level::LLC) && level_event_index == kMissCoherence);
}

}  // namespace ccsim
