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
  // An access is served by the first level that hits. A coherence miss misses every private level (the
  // invalidation removed the line from all of them) and is served by another core's cache, not the LLC.
  std::uint64_t reaching = event(profile, counts, "reads") + event(profile, counts, "writes");
  std::uint64_t cycles = 0;
  const std::pair<const char*, std::uint64_t> private_levels[] = {{"L1", table.l1_hit}, {"L2", table.l2_hit}};
  for (const auto& [level, latency] : private_levels) {
    if (!profile.has_level(level)) continue;
    std::uint64_t misses = std::min(reaching, event(profile, counts, std::string(level) + "_misses"));
    cycles += (reaching - misses) * latency;
    reaching = misses;
  }
  reaching = minus(reaching, event(profile, counts, "coherence_misses"));
  if (profile.has_level("LLC")) {
    std::uint64_t misses = std::min(reaching, event(profile, counts, "LLC_misses"));
    cycles += (reaching - misses) * table.llc_hit;
    reaching = misses;
  }
  return cycles + reaching * table.memory + coherence_cycles(profile, counts, table);
}

std::uint64_t coherence_cycles(const Profile& profile, const Counts& counts, const LatencyTable& table) {
  return event(profile, counts, "coherence_misses") * table.other_core +
         event(profile, counts, "invalidations_caused") * table.upgrade;
}

}  // namespace ccsim::annotate
