// event_columns.cc: see event_columns.h.
#include "ccsim/tool/output/event_columns.h"

#include "ccsim/tool/output/profile_file.h"

namespace ccsim {

// Version 1's events first, then those version 2 added: the events: line only grows at its end.
EventList reported_events(const MachineConfig& machine) {
  EventList list;
  for (std::uint32_t version = 1; version <= 2; ++version) {
    for (std::uint32_t e = 0; e < kNumEvents; ++e) {
      if (event_profile_version(e) == version && event_applies(e, machine)) list.ids[list.count++] = e;
    }
  }
  return list;
}

void write_counts(ProfileFile* file, const EventList& events, const std::uint64_t* counts, bool all) {
  std::uint32_t last = events.count;
  if (!all) {
    while (last > 0 && counts[events.ids[last - 1]] == 0) --last;
  }
  for (std::uint32_t i = 0; i < last; ++i) file->printf(" %llu", static_cast<ULong>(counts[events.ids[i]]));
  file->printf("\n");
}

bool any_reported(const EventList& events, const std::uint64_t* counts) {
  for (std::uint32_t i = 0; i < events.count; ++i) {
    if (counts[events.ids[i]] != 0) return true;
  }
  return false;
}

const char* level_name(Level level) {
  switch (level) {
    case Level::L1: return "L1";
    case Level::L2: return "L2";
    case Level::LLC: return "LLC";
  }
  return "L1";
}

}  // namespace ccsim
