// thread_columns.cc: see thread_columns.h.
#include "ccsim/annotate/analysis/thread_columns.h"

#include <algorithm>
#include <map>
#include <set>

#include "ccsim/annotate/analysis/code_site.h"

namespace ccsim::annotate {
namespace {

// Per item, its count on each thread.
using ItemThreadCounts = std::map<std::size_t, std::map<ThreadId, std::uint64_t>>;

// The table of `by_item`: rows ranked by total, the heaviest threads over them as columns.
ThreadColumns table_of(ItemThreadCounts& by_item, std::size_t top) {
  ThreadColumns table;
  table.items_with_event = by_item.size();
  std::vector<std::pair<std::uint64_t, std::size_t>> ranked;  // (total, item)
  for (const auto& [item, counts] : by_item) {
    std::uint64_t total = 0;
    for (const auto& [thread, count] : counts) total += count;
    ranked.push_back({total, item});
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  ranked.resize(std::min(ranked.size(), top));
  std::map<ThreadId, std::uint64_t> thread_totals;
  for (const auto& [total, item] : ranked) {
    for (const auto& [thread, count] : by_item[item]) thread_totals[thread] += count;
  }
  std::vector<std::pair<std::uint64_t, ThreadId>> heaviest;
  for (const auto& [thread, total] : thread_totals) heaviest.push_back({total, thread});
  std::stable_sort(heaviest.begin(), heaviest.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::set<ThreadId> columns;
  for (std::size_t i = 0; i < heaviest.size() && i < kMostThreadColumns; ++i) columns.insert(heaviest[i].second);
  table.threads.assign(columns.begin(), columns.end());
  table.other_threads = heaviest.size() - columns.size();
  for (const auto& [total, item] : ranked) {
    ThreadColumnsRow row{item, total, {}};
    std::uint64_t rest = total;
    for (ThreadId thread : table.threads) {
      auto found = by_item[item].find(thread);
      const std::uint64_t count = found == by_item[item].end() ? 0 : found->second;
      rest -= count;
      row.per_column.push_back(count);
    }
    if (table.other_threads > 0) row.per_column.push_back(rest);
    table.rows.push_back(std::move(row));
  }
  return table;
}

}  // namespace

ThreadColumns object_threads(const Analysis& analysis, std::size_t event, bool show_runtime, std::size_t top) {
  ItemThreadCounts by_object;
  for (const ObjectThreadCounts& record : analysis.profile->object_counts) {
    if (event >= record.counts.size() || record.counts[event] == 0) continue;
    if (analysis.runtime_objects[record.object] && !show_runtime) continue;
    by_object[record.object][record.thread] += record.counts[event];
  }
  return table_of(by_object, top);
}

ThreadColumns line_threads(const Analysis& analysis, std::size_t event, bool show_runtime, std::size_t top) {
  const Profile& profile = *analysis.profile;
  ItemThreadCounts by_line;
  for (const ThreadCounts& record : profile.counts) {
    if (event >= record.counts.size() || record.counts[event] == 0) continue;
    if (analysis.runtime_references[record.reference] && !show_runtime) continue;
    const Reference& reference = profile.references[record.reference];
    const LineRow* line = analysis.line_of(site_of(reference));
    if (line == nullptr) continue;
    by_line[static_cast<std::size_t>(line - analysis.lines.data())][record.thread] += record.counts[event];
  }
  return table_of(by_line, top);
}

}  // namespace ccsim::annotate
