// thread_selection.cc: parsing --threads and restricting a profile to the selected threads.
#include "ccsim/annotate/analysis/thread_selection.h"

#include <algorithm>
#include <limits>

#include "ccsim/annotate/errors.h"
#include "ccsim/annotate/parsing/record.h"
#include "ccsim/annotate/text/numbers.h"

namespace ccsim::annotate {

namespace {

bool parse_thread(std::string_view text, ThreadId& thread) {
  std::uint64_t value = 0;
  if (!parse_unsigned(text, value) || value == 0 || value > std::numeric_limits<ThreadId>::max())
    return false;
  thread = static_cast<ThreadId>(value);
  return true;
}

template <class Records>
void keep_selected(Records& records, const ThreadSelection& selection) {
  records.erase(std::remove_if(records.begin(), records.end(),
                               [&](const auto& record) { return !selection.contains(record.thread); }),
                records.end());
}

template <class Edges>
void keep_selected_victims(Edges& edges, const ThreadSelection& selection) {
  edges.erase(std::remove_if(edges.begin(), edges.end(),
                             [&](const auto& edge) { return !selection.contains(edge.victim_thread); }),
              edges.end());
}

std::string thread_list(const std::vector<ThreadId>& threads) {
  std::vector<std::string> numbers;
  for (ThreadId thread : threads) numbers.push_back(std::to_string(thread));
  return joined(numbers);
}

}  // namespace

bool ThreadSelection::contains(ThreadId thread) const {
  if (ranges.empty()) return true;
  return std::any_of(ranges.begin(), ranges.end(),
                     [&](const auto& range) { return range.first <= thread && thread <= range.second; });
}

ThreadSelection parse_thread_selection(const std::string& text) {
  ThreadSelection selection;
  selection.text = text;
  std::string_view rest = text;
  while (true) {
    std::size_t comma = rest.find(',');
    std::string_view item = rest.substr(0, comma);
    std::size_t dash = item.find('-');
    ThreadId first = 0;
    ThreadId last = 0;
    bool ok = parse_thread(item.substr(0, dash), first);
    if (dash == std::string_view::npos) {
      last = first;
    } else {
      ok = ok && parse_thread(item.substr(dash + 1), last) && first <= last;
    }
    if (!ok) {
      throw UsageError("--threads=" + text +
                       " is not a thread list; give thread numbers (from 1) and ranges "
                       "separated by commas, e.g. --threads=1,3-4");
    }
    selection.ranges.emplace_back(first, last);
    if (comma == std::string_view::npos) return selection;
    rest = rest.substr(comma + 1);
  }
}

void select_threads(Profile& profile, const ThreadSelection& selection) {
  std::vector<ThreadId> threads = profile.threads();
  for (const auto& range : selection.ranges) {
    auto [first, last] = range;
    bool matched = std::any_of(threads.begin(), threads.end(),
                               [&](ThreadId t) { return range.first <= t && t <= range.second; });
    if (!matched) {
      std::string item =
          first == last ? std::to_string(first) : std::to_string(first) + "-" + std::to_string(last);
      throw OptionError("--threads=" + selection.text + ": " + item +
                        " matches no thread of the profile; its " + "threads are " + thread_list(threads));
    }
  }
  keep_selected(profile.counts, selection);
  keep_selected(profile.object_counts, selection);
  keep_selected(profile.object_references, selection);
  keep_selected(profile.line_writers, selection);
  keep_selected(profile.line_details, selection);
  keep_selected_victims(profile.invalidator_edges, selection);
  keep_selected_victims(profile.evictor_edges, selection);
  keep_selected_victims(profile.object_evictors, selection);
  // Transfers are kept by the thread that missed, the side that waited, as edges by their victim.
  auto& edges = profile.transfer_edges;
  edges.erase(std::remove_if(edges.begin(), edges.end(),
                             [&](const TransferEdge& e) { return !selection.contains(e.reader_thread); }),
              edges.end());
  auto& moves = profile.object_transfers;
  moves.erase(std::remove_if(moves.begin(), moves.end(),
                             [&](const ObjectTransfer& t) { return !selection.contains(t.to_thread); }),
              moves.end());
  Counts summary(profile.events.size(), 0);
  for (const ThreadCounts& record : profile.counts) add_counts(summary, record.counts);
  profile.summary = std::move(summary);
}

}  // namespace ccsim::annotate
