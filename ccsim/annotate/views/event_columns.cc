// event_columns.cc: resolving --show, --sort and --level against a profile.
#include "ccsim/annotate/views/event_columns.h"

#include <algorithm>

#include "ccsim/annotate/errors.h"
#include "ccsim/annotate/views/text_table.h"

namespace ccsim::annotate {

namespace {

std::vector<std::size_t> resolve(const Profile& profile, const std::string& option,
                                 const std::vector<std::string>& names) {
  std::vector<std::size_t> columns;
  for (const std::string& name : names) {
    auto column = profile.event_index(name);
    if (!column) {
      throw OptionError("--" + option + ": the profile has no event \"" + name + "\"; its events are " +
                        joined(profile.events));
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

}  // namespace ccsim::annotate
