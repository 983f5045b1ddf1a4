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

// Appends the `cycles` column to every count vector, unless a kind's cycles would reach 2^64 - 1. A
// profile that already has such an event (a file could name one so) keeps its own.
void add_cycles(Profile& profile, const LatencyTable& latencies) {
  if (profile.event_index("cycles")) return;
  // Each record's cycles, by kind, and each kind's total: the summary's cycles are those of the counts:
  // records (the summary is their sum).
  constexpr std::uint64_t kMost = ~std::uint64_t(0);
  std::vector<std::vector<std::uint64_t>> cycles;
  std::uint64_t counts_total = 0;
  auto compute = [&](const auto& records, auto counts_of) {
    std::vector<std::uint64_t> column;
    std::uint64_t total = 0;
    for (const auto& record : records) {
      column.push_back(memory_cycles(profile, counts_of(record), latencies));
      if (__builtin_add_overflow(total, column.back(), &total) || total == kMost) return false;
    }
    if (cycles.empty()) counts_total = total;
    cycles.push_back(std::move(column));
    return true;
  };
  if (!compute(profile.counts, [](const ThreadCounts& r) -> const Counts& { return r.counts; }) ||
      !compute(profile.regions, [](const Region& r) -> const Counts& { return r.counts; }) ||
      !compute(profile.object_counts, [](const ObjectThreadCounts& r) -> const Counts& { return r.counts; }) ||
      !compute(profile.object_references, [](const ObjectReferenceCounts& r) -> const Counts& { return r.counts; }))
    return;
  auto append = [](auto& records, const std::vector<std::uint64_t>& column, auto counts_of) {
    for (std::size_t i = 0; i < records.size(); ++i) counts_of(records[i]).push_back(column[i]);
  };
  append(profile.counts, cycles[0], [](ThreadCounts& r) -> Counts& { return r.counts; });
  append(profile.regions, cycles[1], [](Region& r) -> Counts& { return r.counts; });
  append(profile.object_counts, cycles[2], [](ObjectThreadCounts& r) -> Counts& { return r.counts; });
  append(profile.object_references, cycles[3], [](ObjectReferenceCounts& r) -> Counts& { return r.counts; });
  profile.summary.push_back(counts_total);
  profile.events.push_back("cycles");
}

}  // namespace

const std::vector<DerivedEvent>& derived_events() {
  static const std::vector<DerivedEvent> events = make_derived_events();
  return events;
}

void add_derived_events(Profile& profile, const LatencyTable& latencies) {
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
  add_cycles(profile, latencies);
}

}  // namespace ccsim::annotate
