// latency.h: what the simulated accesses would cost in cycles, from a table of latencies per place an
// access is served from (docs/annotate.md, "Cost", gives the defaults and their source).
//
// The profile counts events, not time; a user needs to know whether 161 invalidations matter next to
// 1.6 G accesses. The table turns both into cycles, so a finding can say which share of the memory
// time it takes.
#ifndef CCSIM_ANNOTATE_LATENCY_H
#define CCSIM_ANNOTATE_LATENCY_H

#include <cstdint>
#include <string>

#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// Cycles per event. Defaults: Intel's Performance Analysis Guide for Core i7 / Xeon 5500 (D. Levinthal,
// 2009), table "Data source latency": L1 ~4, L2 ~10, L3 unshared ~40, L3 hit with the line modified in
// another core ~75 (the line fetched from another core's cache), L3 hit shared with another core ~65 (an
// upgrade: the other copies must be invalidated), local DRAM ~60 ns (~200 cycles at 3.3 GHz).
struct LatencyTable {
  std::uint64_t l1_hit = 4;
  std::uint64_t l2_hit = 10;
  std::uint64_t llc_hit = 40;
  std::uint64_t memory = 200;
  std::uint64_t other_core = 75;  // a coherence miss: the line comes from the cache of the thread that wrote it
  std::uint64_t upgrade = 65;     // per copy an invalidating store removes from another thread's cache
};

// Reads "l1=4,l2=10,llc=40,memory=200,other-core=75,upgrade=65" (any subset, any order) over `table`;
// on a malformed item returns false and sets `error` to one sentence.
bool parse_latencies(const std::string& text, LatencyTable& table, std::string& error);
// "l1=4,l2=10,llc=40,memory=200,other-core=75,upgrade=65"
std::string latency_text(const LatencyTable& table);

// The simulated memory time of `counts` (a row of the profile's events) in cycles: the `cycles` event
// (derived_events.h; docs/model.md, "Cycles", defines it). Each access is charged where it was served:
// an L1 hit (accesses - L1 misses, 0 for the records that keep no accesses: regions and object-ref
// cells) at l1; in a version 2 profile each L1 miss by its `served_by_*` event (own L2 at l2, another
// thread's copy at other-core, the LLC at llc, memory at memory); in a version 1 profile, which has no
// `served_by_*`, by the levels' misses (an L1 miss that hits L2 at l2, a coherence miss at other-core,
// an LLC hit at llc, the rest at memory; levels not simulated skipped). Plus each invalidation caused
// (a copy another thread lost to the store: an upgrade's or write miss's invalidation) at upgrade.
// Saturates at 2^64 - 1 (add_derived_events then leaves `cycles` out).
std::uint64_t memory_cycles(const Profile& profile, const Counts& counts, const LatencyTable& table);
// The part of that time due to coherence: coherence misses at the other-core latency, invalidations
// caused at the upgrade latency. Needs no hit counts, so it also works for object rows.
std::uint64_t coherence_cycles(const Profile& profile, const Counts& counts, const LatencyTable& table);

}  // namespace ccsim::annotate

#endif
