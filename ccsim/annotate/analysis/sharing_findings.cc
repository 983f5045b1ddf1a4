// sharing_findings.cc: collecting line-detail records per line, classifying and describing them.
#include "ccsim/annotate/analysis/sharing_findings.h"

#include <algorithm>
#include <map>
#include <tuple>


namespace ccsim::annotate {

namespace {

bool overlap(const ByteRanges& a, const ByteRanges& b) {
  for (const auto& [a_first, a_last] : a) {
    for (const auto& [b_first, b_last] : b) {
      if (a_first <= b_last && b_first <= a_last) return true;
    }
  }
  return false;
}

// Sorts and merges overlapping or adjacent ranges: {8-15, 0-7} -> {0-15}.
ByteRanges normalized(ByteRanges ranges) {
  std::sort(ranges.begin(), ranges.end());
  ByteRanges merged;
  for (const auto& range : ranges) {
    if (!merged.empty() && range.first <= merged.back().second + 1) {
      merged.back().second = std::max(merged.back().second, range.second);
    } else {
      merged.push_back(range);
    }
  }
  return merged;
}

std::string bytes_text(const ByteRanges& ranges, std::int64_t offset, const std::string& of) {
  bool single = ranges.size() == 1 && ranges.front().first == ranges.front().second;
  std::string text = single ? "byte " : "bytes ";
  for (std::size_t i = 0; i < ranges.size(); ++i) {
    if (i > 0) text += ",";
    text += std::to_string(static_cast<std::int64_t>(ranges[i].first) + offset);
    if (ranges[i].second != ranges[i].first)
      text += "-" + std::to_string(static_cast<std::int64_t>(ranges[i].second) + offset);
  }
  return of.empty() ? text : text + " of " + of;
}

}  // namespace

std::string thread_text(const Profile& profile, const ThreadBytes& use, std::int64_t offset, const std::string& of) {
  std::string text = profile.thread_name(use.thread);
  if (!use.read.empty() && use.read == use.written)
    return text + " reads and writes " + bytes_text(use.read, offset, of);
  if (!use.read.empty()) text += " reads " + bytes_text(use.read, offset, of);
  if (!use.read.empty() && !use.written.empty()) text += " and";
  if (!use.written.empty()) text += " writes " + bytes_text(use.written, offset, of);
  if (use.read.empty() && use.written.empty()) text += " touches no byte";
  return text;
}

namespace {

// United per thread: the ranges of several records of one thread, normalized, ascending thread id.
using BytesByThread = std::map<ThreadId, ThreadBytes>;

void add_detail(BytesByThread& threads, const LineDetail& detail) {
  ThreadBytes& use = threads[detail.thread];
  use.thread = detail.thread;
  use.read.insert(use.read.end(), detail.read.begin(), detail.read.end());
  use.written.insert(use.written.end(), detail.written.begin(), detail.written.end());
}

std::vector<ThreadBytes> united(BytesByThread threads) {
  std::vector<ThreadBytes> list;
  for (auto& [thread, use] : threads) {
    use.read = normalized(std::move(use.read));
    use.written = normalized(std::move(use.written));
    list.push_back(std::move(use));
  }
  return list;
}

// The invalidations a line's writers caused, by class: a writer's count split as the invalidations
// its reference caused in the object on its thread (every line of the object) are split.
struct ClassCounts {
  double true_sharing = 0;
  double false_sharing = 0;
};

std::map<std::uint64_t, ClassCounts> invalidations_by_line(const Profile& profile) {
  std::map<std::uint64_t, ClassCounts> by_line;
  if (profile.line_writers.empty()) return by_line;
  const char* const kTrue[] = {"invalidations_caused_true_in_region", "invalidations_caused_true_across_regions"};
  const char* const kFalse[] = {"invalidations_caused_false_in_region", "invalidations_caused_false_across_regions"};
  auto sum_of = [&](const Counts& counts, const char* const(&events)[2]) {
    double sum = 0;
    for (const char* event : events) {
      if (auto column = profile.event_index(event); column && *column < counts.size()) sum += counts[*column];
    }
    return sum;
  };
  std::map<std::tuple<std::size_t, std::size_t, ThreadId>, ClassCounts> by_cell;  // (object, ref, thread)
  for (const ObjectReferenceCounts& cell : profile.object_references) {
    ClassCounts& counts = by_cell[{cell.object, cell.reference, cell.thread}];
    counts.true_sharing += sum_of(cell.counts, kTrue);
    counts.false_sharing += sum_of(cell.counts, kFalse);
  }
  for (const LineWriter& writer : profile.line_writers) {
    auto cell = by_cell.find({writer.object, writer.reference, writer.thread});
    if (cell == by_cell.end()) continue;
    const double caused = cell->second.true_sharing + cell->second.false_sharing;
    if (caused == 0) continue;
    ClassCounts& line = by_line[writer.line_address];
    line.true_sharing += writer.invalidations * cell->second.true_sharing / caused;
    line.false_sharing += writer.invalidations * cell->second.false_sharing / caused;
  }
  return by_line;
}

Sharing classify_bytes(const std::vector<ThreadBytes>& threads) {
  bool true_sharing = false;
  bool false_sharing = false;
  for (const ThreadBytes& writer : threads) {
    if (writer.written.empty()) continue;
    for (const ThreadBytes& other : threads) {
      if (other.thread == writer.thread || (other.read.empty() && other.written.empty())) continue;
      if (overlap(writer.written, other.read) || overlap(writer.written, other.written)) {
        true_sharing = true;
      } else {
        false_sharing = true;
      }
    }
  }
  if (true_sharing && false_sharing) return Sharing::true_and_false_sharing;
  if (true_sharing) return Sharing::true_sharing;
  if (false_sharing) return Sharing::false_sharing;
  return Sharing::none;
}

}  // namespace

std::vector<LineUse> collect_line_uses(const Profile& profile) {
  std::vector<LineUse> lines;
  // (object, line, offset in object) -> index in `lines`: two blocks of one heap bin in one line are two.
  std::map<std::tuple<std::size_t, std::uint64_t, std::int64_t>, std::size_t> line_index;
  std::vector<BytesByThread> threads;          // per entry of `lines`
  std::map<std::uint64_t, BytesByThread> whole;  // per line address, every object's
  for (const LineDetail& detail : profile.line_details) {
    auto [position, added] =
        line_index.emplace(std::make_tuple(detail.object, detail.line_address, detail.offset_in_object), lines.size());
    if (added) {
      lines.push_back({detail.object, detail.line_address, detail.offset_in_object, {}, {}, 0, 0});
      threads.emplace_back();
    }
    add_detail(threads[position->second], detail);
    add_detail(whole[detail.line_address], detail);
  }
  const std::map<std::uint64_t, ClassCounts> invalidations = invalidations_by_line(profile);
  std::map<std::uint64_t, std::vector<ThreadBytes>> whole_united;
  for (auto& [address, by_thread] : whole) whole_united[address] = united(std::move(by_thread));
  for (std::size_t i = 0; i < lines.size(); ++i) {
    LineUse& line = lines[i];
    line.threads = united(std::move(threads[i]));
    line.line_threads = whole_united[line.line_address];
    if (auto counts = invalidations.find(line.line_address); counts != invalidations.end()) {
      line.true_sharing_invalidations = static_cast<std::uint64_t>(counts->second.true_sharing + 0.5);
      line.false_sharing_invalidations = static_cast<std::uint64_t>(counts->second.false_sharing + 0.5);
    }
  }
  return lines;
}

Sharing classify(const LineUse& line) {
  const double total = static_cast<double>(line.true_sharing_invalidations + line.false_sharing_invalidations);
  if (total == 0) return classify_bytes(line.line_threads.empty() ? line.threads : line.line_threads);
  const bool true_sharing = line.true_sharing_invalidations >= kSharingClassShare * total;
  const bool false_sharing = line.false_sharing_invalidations >= kSharingClassShare * total;
  if (true_sharing && false_sharing) return Sharing::true_and_false_sharing;
  return true_sharing ? Sharing::true_sharing : Sharing::false_sharing;
}

}  // namespace ccsim::annotate
