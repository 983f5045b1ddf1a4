// events.h: every counter ccsim keeps, with the name it has in the output file and in ccsim-annotate.
// The definitions are in docs/model.md; the names are the user's words.
//
// Counts are per (reference, processor). A "line access" is one access to one cache line: an access that
// straddles two lines counts twice (Cachegrind counts it once; docs/model.md says so).
#ifndef CCSIM_CORE_EVENTS_H
#define CCSIM_CORE_EVENTS_H

#include <cstdint>

#include "ccsim/core/geometry.h"

namespace ccsim {

enum class Level : std::uint8_t { L1 = 0, L2 = 1, LLC = 2 };
constexpr int kNumLevels = 3;

// Per-level counters, laid out identically for L1, L2 and LLC (offsets from the level's first event).
enum LevelEvent : std::uint32_t {
  kReadMisses = 0,         // line reads that missed at this level
  kWriteMisses,            // line writes (and modifies) that missed at this level
  kMissCompulsory,         // missed: this processor's hierarchy never held the line (LLC: the LLC never did)
  kMissCoherence,          // missed: the line was invalidated here by another processor's write (private levels)
  kMissReplacement,        // missed: the line was here before and was evicted (capacity + conflict)
  kMissCapacity,           // replacement misses a fully-associative LRU cache of this size also misses
  kMissConflict,           // replacement misses a fully-associative LRU cache of this size would hit
  kHitTemporal,            // hits on bytes this level's copy had already touched since the line came in
  kHitSpatial,             // hits that touch at least one byte not touched before
  kEvictions,              // lines this reference last touched that were evicted from this level
  kEvictedBytesUsed,       // sum over those evictions of the bytes touched while cached (spatial use)
  // missed: this processor's hierarchy never held the line, and another processor holds it or wrote it
  // (private levels; profile version 2, so it comes after every version 1 event in the file)
  kMissTransfer,
  kNumLevelEvents
};

// Event index space: global events first, then kNumLevelEvents per level.
enum Event : std::uint32_t {
  kReads = 0,              // line accesses that only read
  kWrites,                 // line accesses that write (writes and modifies)
  kCoherenceMissTrue,      // coherence misses touching a byte another processor wrote since the line was lost
  kCoherenceMissFalse,     // coherence misses touching only bytes nobody else wrote since
  // Invalidations received: charged to the victim reference (the last to touch the lost copy).
  kInvalidationsReceivedTrueInRegion,
  kInvalidationsReceivedTrueInRegionCritical,  // subset of the above: the writer held a lock
  kInvalidationsReceivedFalseInRegion,
  kInvalidationsReceivedTrueAcrossRegions,
  kInvalidationsReceivedFalseAcrossRegions,
  // Invalidations caused: charged to the store reference whose write removed the other copies.
  kInvalidationsCausedTrueInRegion,
  kInvalidationsCausedTrueInRegionCritical,    // subset of the above: the writer held a lock
  kInvalidationsCausedFalseInRegion,
  kInvalidationsCausedTrueAcrossRegions,
  kInvalidationsCausedFalseAcrossRegions,
  // Where each L1 miss was served (docs/model.md, "Where a miss is served"): one of these per L1 miss, on
  // the reference that missed. A transfer is a copy another processor's private caches supplied, split by
  // the state that copy was in. Profile version 2.
  kServedByOwnL2,
  kServedByTransferFromModified,
  kServedByTransferFromExclusive,
  kServedByTransferFromShared,
  kServedByLLC,
  kServedByMemory,
  // A read miss that turned another processor's Modified or Exclusive copy into Shared: caused is charged
  // to the read, received to the reference that last touched the downgraded copy. Profile version 2.
  kDowngradesCaused,
  kDowngradesReceived,
  kFirstLevelEvent,
  kNumEvents = kFirstLevelEvent + kNumLevels * kNumLevelEvents
};

constexpr std::uint32_t level_event(Level level, LevelEvent e) {
  return kFirstLevelEvent + static_cast<std::uint32_t>(level) * kNumLevelEvents + e;
}

// The events of a profile's `events:` line come in this order: those of version 1 in index order, then
// those that version 2 added (append-only: a reader of version 1 finds its events where they were).
// Which version of the output format introduced `event`: 1 or 2.
std::uint32_t event_profile_version(std::uint32_t event);

// The name of an event in the output file, e.g. "reads", "L1_read_misses", "L2_miss_coherence",
// "invalidations_received_true_in_region_critical".
const char* event_name(std::uint32_t event);

// Whether `event` is meaningful for this machine: events of absent levels are not (served_by_own_L2
// without an L2, served_by_LLC without an LLC), nor capacity/conflict without miss classes, nor coherence
// or transfer misses at the shared LLC. The output file lists only these.
bool event_applies(std::uint32_t event, const MachineConfig& config);

}  // namespace ccsim

#endif
