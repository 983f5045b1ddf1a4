// derived_events.cc: the derived event table and its application to a profile.
#include "ccsim/annotate/analysis/derived_events.h"

#include <cstddef>

namespace ccsim::annotate {

namespace {

std::vector<DerivedEvent> make_derived_events() {
  std::vector<DerivedEvent> events = {{"accesses", {"reads", "writes"}}};
  for (const char* level : kLevelNames) {
    std::string prefix = level;
    events.push_back({prefix + "_misses", {prefix + "_read_misses", prefix + "_write_misses"}});
  }
  events.push_back({"coherence_misses", {"coherence_miss_true", "coherence_miss_false"}});
  // Misses served by another thread's copy (version 2 profiles).
  events.push_back({"transfers",
                    {"served_by_transfer_from_modified", "served_by_transfer_from_exclusive",
                     "served_by_transfer_from_shared"}});
  for (std::string direction : {"received", "caused"}) {
    std::string prefix = "invalidations_" + direction;
    events.push_back({prefix,
                      {prefix + "_true_in_region", prefix + "_false_in_region",
                       prefix + "_true_across_regions", prefix + "_false_across_regions"}});
  }
  return events;
}

}  // namespace

const std::vector<DerivedEvent>& derived_events() {
  static const std::vector<DerivedEvent> events = make_derived_events();
  return events;
}

void add_derived_events(Profile& profile) {
  // The columns each added event sums, resolved once.
  std::vector<std::vector<std::size_t>> added_parts;
  for (const DerivedEvent& derived : derived_events()) {
    if (profile.event_index(derived.name)) continue;
    std::vector<std::size_t> parts;
    for (const std::string& part : derived.parts) {
      if (auto index = profile.event_index(part)) parts.push_back(*index);
    }
    if (parts.size() != derived.parts.size()) continue;
    profile.events.push_back(derived.name);
    added_parts.push_back(std::move(parts));
  }
  auto extend = [&](Counts& counts) {
    for (const std::vector<std::size_t>& parts : added_parts) {
      std::uint64_t sum = 0;
      for (std::size_t part : parts) sum = checked_sum(sum, counts[part]);
      counts.push_back(sum);
    }
  };
  for (ThreadCounts& record : profile.counts) extend(record.counts);
  for (Region& region : profile.regions) extend(region.counts);
  for (ObjectThreadCounts& record : profile.object_counts) extend(record.counts);
  for (ObjectReferenceCounts& record : profile.object_references) extend(record.counts);
  extend(profile.summary);
}

}  // namespace ccsim::annotate
