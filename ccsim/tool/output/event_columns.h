// event_columns.h: the event columns of a profile (`events:`) and how one row of counts is written in
// them; shared by the `counts:`, `region:`, `object-counts:`, `object-ref:` and `summary:` records.
#ifndef CCSIM_TOOL_EVENT_COLUMNS_H
#define CCSIM_TOOL_EVENT_COLUMNS_H

#include <cstdint>

#include "ccsim/core/events.h"
#include "ccsim/core/geometry.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

class ProfileFile;

// The events this machine reports, in file order (events.h order, filtered by event_applies, those of
// profile version 1 before those version 2 added).
struct EventList {
  std::uint32_t ids[kNumEvents];
  std::uint32_t count = 0;
};

EventList reported_events(const MachineConfig& machine);

// One record's counts (kNumEvents entries, events.h order), copied out of a visitor to be written later.
struct EventCounts {
  std::uint64_t values[kNumEvents];
};

inline EventCounts copy_of_counts(const std::uint64_t* counts) {
  EventCounts copy;
  VG_(memcpy)(copy.values, counts, sizeof copy.values);
  return copy;
}

// A level as records name it: "L1", "L2", "LLC" (`evictor:`, `object-evictor:`).
const char* level_name(Level level);

// Writes `counts` (kNumEvents entries) in event-list order and ends the line, leaving out trailing zeros
// unless `all`.
void write_counts(ProfileFile* file, const EventList& events, const std::uint64_t* counts, bool all);

// Whether any reported event of `counts` is non-zero (rows of zeros are not written).
bool any_reported(const EventList& events, const std::uint64_t* counts);

}  // namespace ccsim

#endif
