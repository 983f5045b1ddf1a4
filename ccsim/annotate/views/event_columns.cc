// event_columns.cc: resolving --show, --sort and --level against a profile.
#include "ccsim/annotate/views/event_columns.h"

#include <algorithm>

#include "ccsim/annotate/errors.h"
#include "ccsim/annotate/text/numbers.h"

namespace ccsim::annotate {

namespace {

std::vector<std::size_t> resolve(const Profile& profile, const std::string& option,
                                 const std::vector<std::string>& names) {
  std::vector<std::size_t> columns;
  for (const std::string& name : names) {
    auto column = profile.event_index(name);
    if (!column) {
      throw OptionError("--" + option + ": the profile has no event \"" + name + "\"; its events are " +
                        joined(profile.events) +
                        (name == "cycles" ? " (cycles is left out when the profile's cycles with --latency would "
                                            "pass 2^64 - 1)"
                                          : ""));
    }
    columns.push_back(*column);
  }
  return columns;
}

// The named events the profile has, in the order given.
std::vector<std::size_t> those_present(const Profile& profile, const std::vector<std::string>& names) {
  std::vector<std::size_t> columns;
  for (const std::string& name : names) {
    if (auto column = profile.event_index(name)) columns.push_back(*column);
  }
  return columns;
}

void check_level(const Profile& profile, const std::string& level) {
  if (profile.has_level(level)) return;
  std::vector<std::string> levels;
  for (const CacheLevel& cache : profile.header.caches) {
    if (cache.present) levels.push_back(cache.name);
  }
  throw OptionError("--level=" + level + ": the profile does not simulate " + level + " (cache: " + level +
                    " none); its levels are " + joined(levels));
}

}  // namespace

EventColumns choose_event_columns(const Profile& profile, const Options& options) {
  check_level(profile, options.level);
  const std::string misses = options.level + "_misses";
  EventColumns columns;
  columns.shown = options.show_events.empty()
                      ? those_present(profile, {"reads", "writes", misses, "coherence_misses",
                                                "invalidations_received", "invalidations_caused"})
                      : resolve(profile, "show", options.show_events);
  columns.sort = options.sort_events.empty() ? those_present(profile, {"invalidations_received", misses})
                                             : resolve(profile, "sort", options.sort_events);
  if (columns.shown.empty()) columns.shown.push_back(0);
  if (columns.sort.empty()) columns.sort.push_back(columns.shown.front());
  for (std::size_t column : columns.sort) {
    if (std::find(columns.shown.begin(), columns.shown.end(), column) == columns.shown.end()) {
      columns.shown.push_back(column);
    }
  }
  return columns;
}

EventColumns sharing_columns(const Profile& profile, const Options& options, const EventColumns& chosen) {
  if (!options.show_events.empty()) return chosen;
  const std::string received = "invalidations_received";
  const std::pair<std::string, std::string> columns[] = {
      {"accesses", "accesses"},
      {options.level + " miss", options.level + "_misses"},
      {"coh miss", "coherence_misses"},
      {"inval", received},
      {"caused", "invalidations_caused"},
      {"F in", received + "_false_in_region"},
      {"T in", received + "_true_in_region"},
      {"crit", received + "_true_in_region_critical"},
      {"F across", received + "_false_across_regions"},
      {"T across", received + "_true_across_regions"}};
  EventColumns sharing;
  sharing.sort = chosen.sort;
  for (const auto& [heading, event] : columns) {
    if (auto column = profile.event_index(event)) {
      sharing.shown.push_back(*column);
      sharing.headings.push_back(heading);
    }
  }
  for (std::size_t column : sharing.sort) {
    if (std::find(sharing.shown.begin(), sharing.shown.end(), column) == sharing.shown.end()) {
      sharing.shown.push_back(column);
      sharing.headings.push_back(profile.events[column]);
    }
  }
  sharing.legend = "Columns: " + options.level + " miss = " + options.level +
                   " misses, coh miss = coherence misses, inval = invalidations received (copies lost to another "
                   "thread's write), caused = invalidations caused (other threads' copies its stores removed); "
                   "inval's split: F/T = false/true sharing, in = inside one region, across = between regions, "
                   "crit = the part of T in whose writer held a lock; (%) = share of the column's total; --show "
                   "chooses other columns.";
  sharing.percents = true;
  return sharing;
}

}  // namespace ccsim::annotate
