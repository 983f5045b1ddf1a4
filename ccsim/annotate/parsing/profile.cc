// profile.cc: lookups on an in-memory profile.
#include "ccsim/annotate/parsing/profile.h"

#include <algorithm>
#include <set>

namespace ccsim::annotate {

void InvalidationSplit::add(const InvalidationSplit& more) {
  true_in_region = checked_sum(true_in_region, more.true_in_region);
  true_in_region_critical = checked_sum(true_in_region_critical, more.true_in_region_critical);
  false_in_region = checked_sum(false_in_region, more.false_in_region);
  true_across_regions = checked_sum(true_across_regions, more.true_across_regions);
  false_across_regions = checked_sum(false_across_regions, more.false_across_regions);
}

std::uint64_t InvalidationSplit::total() const { return checked_sum(true_sharing(), false_sharing()); }

std::uint64_t TransferSplit::total() const {
  return checked_sum(checked_sum(from_modified, from_exclusive), from_shared);
}
std::uint64_t InvalidationSplit::true_sharing() const {
  return checked_sum(true_in_region, true_across_regions);
}
std::uint64_t InvalidationSplit::false_sharing() const {
  return checked_sum(false_in_region, false_across_regions);
}

std::string ProfileHeader::cache_geometry() const {
  std::string text;
  for (const CacheLevel& cache : caches) {
    text += cache.name + " ";
    text += cache.present ? std::to_string(cache.size) + " B " + std::to_string(cache.associativity) + "-way"
                          : "none";
    text += "; ";
  }
  return text + std::to_string(line_size) + " B lines";
}

std::optional<std::size_t> Profile::event_index(const std::string& name) const {
  auto found = std::find(events.begin(), events.end(), name);
  if (found == events.end()) return std::nullopt;
  return static_cast<std::size_t>(found - events.begin());
}

bool Profile::has_level(const std::string& level) const {
  return std::any_of(header.caches.begin(), header.caches.end(),
                     [&](const CacheLevel& cache) { return cache.name == level && cache.present; });
}

std::vector<ThreadId> Profile::threads() const {
  std::set<ThreadId> seen;
  for (const ThreadCounts& record : counts) seen.insert(record.thread);
  return {seen.begin(), seen.end()};
}

std::string Profile::thread_names(const std::vector<ThreadId>& threads) const {
  auto label_of = [&](ThreadId thread) {
    auto label = header.thread_labels.find(thread);
    return label != header.thread_labels.end() ? " (" + label->second + ")" : std::string();
  };
  std::string text;
  for (std::size_t first = 0; first < threads.size();) {
    std::size_t last = first;
    while (last + 1 < threads.size() && threads[last + 1] == threads[last] + 1 &&
           label_of(threads[last + 1]) == label_of(threads[first])) {
      ++last;
    }
    text += text.empty() ? "" : ", ";
    text += first == last ? "thread " + std::to_string(threads[first])
                          : "threads " + std::to_string(threads[first]) + "-" + std::to_string(threads[last]);
    text += label_of(threads[first]);
    first = last + 1;
  }
  return text;
}

std::string Profile::thread_name(ThreadId thread) const {
  auto label = header.thread_labels.find(thread);
  std::string name = "thread " + std::to_string(thread);
  return label == header.thread_labels.end() ? name : name + " (" + label->second + ")";
}

}  // namespace ccsim::annotate
