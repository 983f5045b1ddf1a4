// object_threads.cc: see object_threads.h.
#include "ccsim/annotate/analysis/object_threads.h"

#include <algorithm>
#include <map>
#include <set>

namespace ccsim::annotate {

ObjectThreads object_threads(const Analysis& analysis, std::size_t event, bool show_runtime, std::size_t top) {
  const Profile& profile = *analysis.profile;
  // Per object, its count on each thread.
  std::map<std::size_t, std::map<ThreadId, std::uint64_t>> by_object;
  for (const ObjectThreadCounts& record : profile.object_counts) {
    if (event >= record.counts.size() || record.counts[event] == 0) continue;
    if (analysis.runtime_objects[record.object] && !show_runtime) continue;
    by_object[record.object][record.thread] += record.counts[event];
  }
  ObjectThreads table;
  table.objects_with_event = by_object.size();
  // Ranked by the object's total, heaviest first, ties in the profile's order.
  std::vector<std::pair<std::uint64_t, std::size_t>> ranked;  // (total, object)
  for (const auto& [object, counts] : by_object) {
    std::uint64_t total = 0;
    for (const auto& [thread, count] : counts) total += count;
    ranked.push_back({total, object});
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  ranked.resize(std::min(ranked.size(), top));
  // The columns: the threads with the most of the event over the rows kept.
  std::map<ThreadId, std::uint64_t> thread_totals;
  for (const auto& [total, object] : ranked) {
    for (const auto& [thread, count] : by_object[object]) thread_totals[thread] += count;
  }
  std::vector<std::pair<std::uint64_t, ThreadId>> heaviest;
  for (const auto& [thread, total] : thread_totals) heaviest.push_back({total, thread});
  std::stable_sort(heaviest.begin(), heaviest.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::set<ThreadId> columns;
  for (std::size_t i = 0; i < heaviest.size() && i < kMostThreadColumns; ++i) columns.insert(heaviest[i].second);
  table.threads.assign(columns.begin(), columns.end());
  table.other_threads = heaviest.size() - columns.size();
  for (const auto& [total, object] : ranked) {
    ObjectThreadsRow row{object, total, {}};
    std::uint64_t rest = total;
    for (ThreadId thread : table.threads) {
      auto found = by_object[object].find(thread);
      const std::uint64_t count = found == by_object[object].end() ? 0 : found->second;
      rest -= count;
      row.per_column.push_back(count);
    }
    if (table.other_threads > 0) row.per_column.push_back(rest);
    table.rows.push_back(std::move(row));
  }
  return table;
}

}  // namespace ccsim::annotate
