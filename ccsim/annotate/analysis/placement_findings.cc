// placement_findings.cc: the placement sentence of each object and block offset.
#include "ccsim/annotate/analysis/placement_findings.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace ccsim::annotate {
namespace {

// The counts of one layout, added up over the records (and profiles) that give it.
struct LayoutCounts {
  std::uint64_t true_sharing = 0;
  std::uint64_t false_sharing = 0;
  std::uint64_t total() const { return true_sharing + false_sharing; }
};

// 1234567 -> "1,234,567".
std::string commas(std::uint64_t value) {
  std::string digits = std::to_string(value);
  for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) digits.insert(at, ",");
  return digits;
}

// Two significant digits, as the findings give costs: 1999 -> "about 2,000", 7 -> "7".
std::string about(std::uint64_t value) {
  if (value < 100) return std::to_string(value);
  std::uint64_t unit = 1;
  while (value / unit >= 100) unit *= 10;
  return "about " + commas((value + unit / 2) / unit * unit);
}

// "false", "true" or "true and false", from the larger share (a class names it alone at 90%, as the
// findings' classes do).
std::string kind_of(const LayoutCounts& counts) {
  if (10 * counts.true_sharing <= counts.total()) return "false";
  if (10 * counts.false_sharing <= counts.total()) return "true";
  return "true and false";
}

std::string invalidations_text(const LayoutCounts& counts) {
  if (counts.total() == 0) return "no invalidations";
  return commas(counts.total()) + " " + kind_of(counts) + " invalidations";
}

// "16", "16 or 32", "16, 32 or 48".
std::string starts_text(const std::vector<std::uint64_t>& starts) {
  std::string text;
  for (std::size_t i = 0; i < starts.size(); ++i) {
    if (i > 0) text += i + 1 == starts.size() ? " or " : ", ";
    text += std::to_string(starts[i]);
  }
  return text;
}

// Whether `high` invalidations at one start within a line against `low` at another make the placement
// decide: at least twice as many, and at least `floor` more.
bool decides(std::uint64_t high, std::uint64_t low, std::uint64_t floor) {
  return high > low && high >= 2 * low && high - low >= floor;
}

// Whether lines twice as long, with `twice` invalidations at worst against `single` at worst with lines of
// line-size, add at least `floor`.
bool longer_lines_add(std::uint64_t twice, std::uint64_t single, std::uint64_t floor) {
  return twice > single && twice - single >= floor;
}

// The sentence for one group: `own` is the layout of the block's start; `starts` the line's other starts.
std::string sentence_for(std::uint64_t line, std::uint64_t block_start, const LayoutCounts& own,
                         const std::map<std::uint64_t, LayoutCounts>& starts, const LayoutCounts& worst_double,
                         std::uint64_t floor) {
  std::string text = "in this run: " + invalidations_text(own) + " (the block starts at " +
                     std::to_string(block_start) + " mod " + std::to_string(line) + ")";
  // The other starts, grouped: those worse than this run, then those better.
  std::vector<std::uint64_t> worse, better;
  LayoutCounts worst, best = own;
  for (const auto& [start, counts] : starts) {
    if (start == block_start) continue;
    if (counts.total() > own.total()) {
      worse.push_back(start);
      if (counts.total() > worst.total()) worst = counts;
    } else if (counts.total() < own.total()) {
      better.push_back(start);
      if (counts.total() < best.total()) best = counts;
    }
  }
  const bool start_decides = decides(std::max(own.total(), worst.total()), best.total(), floor);
  if (start_decides && !worse.empty()) {
    text += "; at " + starts_text(worse) + " mod " + std::to_string(line) + ": " +
            (worse.size() > 1 ? "up to " : "") + about(worst.total()) + " " + kind_of(worst);
  }
  if (start_decides && !better.empty()) {
    text += "; at " + starts_text(better) + " mod " + std::to_string(line) + ": " +
            (best.total() == 0 ? "none" : (better.size() > 1 ? "down to " : "") + about(best.total()));
  }
  if (start_decides) {
    text += ": this block's placement decides; ";
    text += better.empty() ? "keep it aligned" : "align it";
    text += " (aligned_alloc(" + std::to_string(line) + ", ...)) or pad each thread's part to " +
            std::to_string(line) + " bytes";
  } else if (own.total() > 0) {
    text += ", about as many at any start within a " + std::to_string(line) + "-byte line";
  }
  const std::uint64_t worst_single = std::max(own.total(), worst.total());
  if (longer_lines_add(worst_double.total(), worst_single, floor)) {
    text += "; with " + std::to_string(2 * line) +
            "-byte lines (adjacent-line prefetch, POWER and Apple cores): up to " + about(worst_double.total()) +
            " " + kind_of(worst_double);
  }
  return text;
}

}  // namespace

std::vector<PlacementFinding> placement_findings(const Profile& profile, std::uint64_t floor) {
  const std::uint64_t line = profile.header.line_size;
  // (object, block offset) -> start -> counts, for lines of line-size and of twice it.
  std::map<std::pair<std::size_t, std::uint64_t>, std::map<std::uint64_t, LayoutCounts>> single, twice;
  for (const PlacementPrediction& p : profile.placements) {
    auto& layouts = p.line_bytes == line ? single : twice;
    LayoutCounts& counts = layouts[{p.object, p.block_offset}][p.start];
    counts.true_sharing += p.true_sharing;
    counts.false_sharing += p.false_sharing;
  }
  // The heaviest deciding start of each object, and how many of its starts decide.
  std::map<std::size_t, std::pair<PlacementFinding, std::size_t>> by_object;
  for (const auto& [key, starts] : single) {
    const std::uint64_t block_start = key.second % line;
    const auto own = starts.find(block_start);
    const LayoutCounts here = own == starts.end() ? LayoutCounts{} : own->second;
    LayoutCounts worst_double;
    for (const auto& [start, counts] : twice[key]) {
      if (counts.total() > worst_double.total()) worst_double = counts;
    }
    std::uint64_t low = here.total(), high = here.total();
    for (const auto& [start, counts] : starts) {
      low = std::min(low, counts.total());
      high = std::max(high, counts.total());
    }
    if (!decides(high, low, floor) && !longer_lines_add(worst_double.total(), high, floor)) continue;
    PlacementFinding finding{key.first, sentence_for(line, block_start, here, starts, worst_double, floor),
                             std::max(high, worst_double.total())};
    auto [at, first] = by_object.try_emplace(key.first, finding, 0);
    if (!first && finding.worst > at->second.first.worst) at->second.first = finding;
    ++at->second.second;
  }
  std::vector<PlacementFinding> findings;
  for (auto& [object, heaviest] : by_object) {
    PlacementFinding& finding = heaviest.first;
    const std::size_t others = heaviest.second - 1;
    if (others > 0) {
      finding.sentence += "; the heaviest of " + std::to_string(others + 1) +
                          " blocks of this allocation site that start at different places in a line";
    }
    findings.push_back(finding);
  }
  std::stable_sort(findings.begin(), findings.end(),
                   [](const PlacementFinding& a, const PlacementFinding& b) { return a.worst > b.worst; });
  return findings;
}

}  // namespace ccsim::annotate
