// sharing_findings.cc: collecting line-detail records per line, classifying and describing them.
#include "ccsim/annotate/analysis/sharing_findings.h"

#include <algorithm>
#include <map>


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

std::string bytes_text(const ByteRanges& ranges, std::int64_t offset) {
  bool single = ranges.size() == 1 && ranges.front().first == ranges.front().second;
  std::string text = single ? "byte " : "bytes ";
  for (std::size_t i = 0; i < ranges.size(); ++i) {
    if (i > 0) text += ",";
    text += std::to_string(static_cast<std::int64_t>(ranges[i].first) + offset);
    if (ranges[i].second != ranges[i].first)
      text += "-" + std::to_string(static_cast<std::int64_t>(ranges[i].second) + offset);
  }
  return text;
}

}  // namespace

std::string thread_text(const ThreadBytes& use, std::int64_t offset) {
  std::string text = "thread " + std::to_string(use.thread);
  if (!use.read.empty() && use.read == use.written)
    return text + " reads and writes " + bytes_text(use.read, offset);
  if (!use.read.empty()) text += " reads " + bytes_text(use.read, offset);
  if (!use.read.empty() && !use.written.empty()) text += " and";
  if (!use.written.empty()) text += " writes " + bytes_text(use.written, offset);
  if (use.read.empty() && use.written.empty()) text += " touches no byte";
  return text;
}

std::vector<LineUse> collect_line_uses(const Profile& profile) {
  std::vector<LineUse> lines;
  std::map<std::pair<std::size_t, std::uint64_t>, std::size_t> line_index;  // (object, line) -> index
  std::vector<std::map<ThreadId, ThreadBytes>> threads;                     // per line, per thread
  for (const LineDetail& detail : profile.line_details) {
    auto [position, added] =
        line_index.emplace(std::make_pair(detail.object, detail.line_address), lines.size());
    if (added) {
      lines.push_back({detail.object, detail.line_address, detail.offset_in_object, {}});
      threads.emplace_back();
    }
    ThreadBytes& use = threads[position->second][detail.thread];
    use.thread = detail.thread;
    use.read.insert(use.read.end(), detail.read.begin(), detail.read.end());
    use.written.insert(use.written.end(), detail.written.begin(), detail.written.end());
  }
  for (std::size_t line = 0; line < lines.size(); ++line) {
    for (auto& [thread, use] : threads[line]) {
      use.read = normalized(std::move(use.read));
      use.written = normalized(std::move(use.written));
      lines[line].threads.push_back(std::move(use));
    }
  }
  return lines;
}

Sharing classify(const LineUse& line) {
  bool true_sharing = false;
  bool false_sharing = false;
  for (const ThreadBytes& writer : line.threads) {
    if (writer.written.empty()) continue;
    for (const ThreadBytes& other : line.threads) {
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

}  // namespace ccsim::annotate
