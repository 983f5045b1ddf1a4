// latency.cc: parsing the latency table and charging a row of counts with it.
#include "ccsim/annotate/analysis/latency.h"

#include <algorithm>
#include <sstream>
#include <vector>

#include "ccsim/annotate/parsing/record.h"

namespace ccsim::annotate {

namespace {

// The table's entries by the names --latency uses, in the order latency_text() prints them.
std::vector<std::pair<const char*, std::uint64_t LatencyTable::*>> entries() {
  return {{"l1", &LatencyTable::l1_hit},         {"l2", &LatencyTable::l2_hit},
          {"llc", &LatencyTable::llc_hit},       {"memory", &LatencyTable::memory},
          {"other-core", &LatencyTable::other_core}, {"upgrade", &LatencyTable::upgrade}};
}

std::uint64_t event(const Profile& profile, const Counts& counts, const std::string& name) {
  auto column = profile.event_index(name);
  return column ? counts[*column] : 0;
}

std::uint64_t minus(std::uint64_t a, std::uint64_t b) { return a > b ? a - b : 0; }

}  // namespace

bool parse_latencies(const std::string& text, LatencyTable& table, std::string& error) {
  std::istringstream in(text);
  std::string item;
  std::string names;
  for (const auto& [name, member] : entries()) names += std::string(names.empty() ? "" : ", ") + name;
  while (std::getline(in, item, ',')) {
    std::size_t equals = item.find('=');
    std::uint64_t cycles = 0;
    bool known = false;
    for (const auto& [name, member] : entries()) {
      if (equals != std::string::npos && item.compare(0, equals, name) == 0 && equals == std::string(name).size()) {
        known = parse_unsigned(item.substr(equals + 1), cycles) && cycles <= 1000000;
        if (known) table.*member = cycles;
      }
    }
    if (!known) {
      error = "--latency=" + text + ": \"" + item + "\" is not <place>=<cycles>; the places are " + names +
              ", the cycles a whole number up to 1000000, e.g. --latency=memory=300,other-core=120";
      return false;
    }
  }
  return true;
}

std::string latency_text(const LatencyTable& table) {
  std::string text;
  for (const auto& [name, member] : entries()) {
    text += std::string(text.empty() ? "" : ",") + name + "=" + std::to_string(table.*member);
  }
  return text;
}

std::uint64_t memory_cycles(const Profile& profile, const Counts& counts, const LatencyTable& table) {
  // Saturating: a profile's counts are bounded by 2^64 - 1 per kind of record, its cycles are not.
  constexpr std::uint64_t kMost = ~std::uint64_t(0);
  auto add = [](std::uint64_t a, std::uint64_t b) {
    std::uint64_t sum = 0;
    return __builtin_add_overflow(a, b, &sum) ? kMost : sum;
  };
  auto events = [&](std::initializer_list<const char*> names) {
    std::uint64_t sum = 0;
    for (const char* name : names) sum = add(sum, event(profile, counts, name));
    return sum;
  };
  auto charge = [&](std::uint64_t& cycles, std::uint64_t served, std::uint64_t latency) {
    std::uint64_t product = 0;
    cycles = add(cycles, __builtin_mul_overflow(served, latency, &product) ? kMost : product);
  };
  const std::uint64_t l1_misses = events({"L1_read_misses", "L1_write_misses"});
  std::uint64_t cycles = 0;
  charge(cycles, minus(events({"reads", "writes"}), l1_misses), table.l1_hit);
  if (profile.event_index("served_by_memory")) {
    charge(cycles, events({"served_by_own_L2"}), table.l2_hit);
    charge(cycles,
           events({"served_by_transfer_from_modified", "served_by_transfer_from_exclusive",
                   "served_by_transfer_from_shared"}),
           table.other_core);
    charge(cycles, events({"served_by_LLC"}), table.llc_hit);
    charge(cycles, events({"served_by_memory"}), table.memory);
  } else {
    // Version 1: a miss goes on to the next level present; a coherence miss misses every private level
    // (the invalidation removed the line from all of them) and is served by another core's cache.
    std::uint64_t reaching = l1_misses;
    if (profile.has_level("L2")) {
      std::uint64_t misses = std::min(reaching, events({"L2_read_misses", "L2_write_misses"}));
      charge(cycles, reaching - misses, table.l2_hit);
      reaching = misses;
    }
    std::uint64_t coherence = std::min(reaching, events({"coherence_miss_true", "coherence_miss_false"}));
    charge(cycles, coherence, table.other_core);
    reaching -= coherence;
    if (profile.has_level("LLC")) {
      std::uint64_t misses = std::min(reaching, events({"LLC_read_misses", "LLC_write_misses"}));
      charge(cycles, reaching - misses, table.llc_hit);
      reaching = misses;
    }
    charge(cycles, reaching, table.memory);
  }
  charge(cycles,
         events({"invalidations_caused_true_in_region", "invalidations_caused_false_in_region",
                 "invalidations_caused_true_across_regions", "invalidations_caused_false_across_regions"}),
         table.upgrade);
  return cycles;
}

std::uint64_t coherence_cycles(const Profile& profile, const Counts& counts, const LatencyTable& table) {
  return event(profile, counts, "coherence_misses") * table.other_core +
         event(profile, counts, "invalidations_caused") * table.upgrade;
}

}  // namespace ccsim::annotate
