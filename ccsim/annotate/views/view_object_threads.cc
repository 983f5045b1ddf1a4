// view_object_threads.cc: --view=object-threads, the data objects with one column per thread (dprof's
// "Variable Miss Overview", the thesis' tables per processor): for the first sort event, how much of each
// object's count each thread has, so a reader sees who suffers or causes it without adding up per-thread
// records. The objects are ranked as the objects view ranks them; the row total is the objects view's count.
#include <algorithm>
#include <map>
#include <set>

#include "ccsim/annotate/analysis/object_label.h"
#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/views/text_table.h"
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

// At most this many thread columns; the rest are summed into one.
constexpr std::size_t kMostThreads = 8;

void print_object_threads_view(const ViewContext& context) {
  const Profile& profile = context.profile();
  print_section_title(context.out, "Data objects by thread");
  if (profile.objects.empty()) {
    context.out << "This profile has no data objects: the run recorded no object: records.\n";
    return;
  }
  if (context.columns.sort.empty()) {
    context.out << "No sort event: give one with --sort.\n";
    return;
  }
  const std::size_t event = context.columns.sort.front();
  const std::string& event_name = profile.events[event];
  // Per object, its count on each thread; the program's objects only unless --runtime=show.
  std::map<std::size_t, std::map<ThreadId, std::uint64_t>> by_object;
  std::set<ThreadId> threads;
  for (const ObjectThreadCounts& record : profile.object_counts) {
    if (event >= record.counts.size() || record.counts[event] == 0) continue;
    if (context.analysis.runtime_objects[record.object] && !context.options.show_runtime) continue;
    by_object[record.object][record.thread] += record.counts[event];
    threads.insert(record.thread);
  }
  if (by_object.empty()) {
    context.out << "No data object of the program has any " << event_name << ".\n";
    return;
  }
  // Ranked by the object's total, heaviest first, ties in the profile's order; at most --top.
  std::vector<std::pair<std::uint64_t, std::size_t>> ranked;  // (total, object)
  for (const auto& [object, counts] : by_object) {
    std::uint64_t total = 0;
    for (const auto& [thread, count] : counts) total += count;
    ranked.push_back({total, object});
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  const std::size_t shown = std::min(ranked.size(), context.options.top);

  // The columns: the kMostThreads threads with the most of the event over the rows shown (in thread order),
  // the others summed into one column, so that a program of many threads still fits a terminal.
  std::map<ThreadId, std::uint64_t> thread_totals;
  for (std::size_t i = 0; i < shown; ++i) {
    for (const auto& [thread, count] : by_object[ranked[i].second]) thread_totals[thread] += count;
  }
  std::vector<std::pair<std::uint64_t, ThreadId>> heaviest;
  for (const auto& [thread, total] : thread_totals) heaviest.push_back({total, thread});
  std::stable_sort(heaviest.begin(), heaviest.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::set<ThreadId> columns;
  for (std::size_t i = 0; i < heaviest.size() && i < kMostThreads; ++i) columns.insert(heaviest[i].second);
  const bool others = heaviest.size() > columns.size();
  auto cell = [](std::uint64_t count, std::uint64_t total) {
    return count == 0 ? std::string(".") : with_commas(count) + " (" + percent(count, total) + ")";
  };

  TextTable table;
  table.add_column(event_name, TextTable::Align::right);
  for (ThreadId thread : columns) table.add_column("thread " + std::to_string(thread), TextTable::Align::right);
  if (others) table.add_column(std::to_string(heaviest.size() - columns.size()) + " other threads", TextTable::Align::right);
  table.add_column("object", TextTable::Align::left);
  for (std::size_t i = 0; i < shown; ++i) {
    const auto& [total, object] = ranked[i];
    std::vector<std::string> cells = {with_commas(total)};
    std::uint64_t rest = total;
    for (ThreadId thread : columns) {
      auto found = by_object[object].find(thread);
      const std::uint64_t count = found == by_object[object].end() ? 0 : found->second;
      rest -= count;
      cells.push_back(cell(count, total));
    }
    if (others) cells.push_back(cell(rest, total));
    cells.push_back(object_description(profile.objects[object]));
    table.add_row(std::move(cells));
  }
  table.print(context.out);
  std::vector<std::string> names;
  for (ThreadId thread : columns) names.push_back(profile.thread_name(thread));
  context.out << "(" << shown << " of " << ranked.size() << " objects with any " << event_name
              << " shown, heaviest first; each thread's count with its share of the row, '.' for none; "
              << joined(names) << (others ? "; the other threads summed" : "")
              << (context.options.show_runtime ? "" : "; --runtime=show adds the runtime's objects") << ")\n";
}

}  // namespace ccsim::annotate
