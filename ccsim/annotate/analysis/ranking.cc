// ranking.cc: threshold, sort and cut of ranked tables.
#include "ccsim/annotate/analysis/ranking.h"

#include <algorithm>

namespace ccsim::annotate {

bool passes_threshold(const Counts& row, const Counts& totals, const RankingRule& rule) {
  for (std::size_t event : rule.sort) {
    double needed = rule.threshold_percent / 100.0 * static_cast<double>(totals[event]);
    if (row[event] > 0 && static_cast<double>(row[event]) >= needed) return true;
  }
  return false;
}

std::vector<std::size_t> rank_rows(const std::vector<const Counts*>& rows, const Counts& totals,
                                   const RankingRule& rule) {
  std::vector<std::size_t> kept;
  for (std::size_t row = 0; row < rows.size(); ++row) {
    if (passes_threshold(*rows[row], totals, rule)) kept.push_back(row);
  }
  std::stable_sort(kept.begin(), kept.end(), [&](std::size_t a, std::size_t b) {
    for (std::size_t event : rule.sort) {
      if ((*rows[a])[event] != (*rows[b])[event]) return (*rows[a])[event] > (*rows[b])[event];
    }
    return false;
  });
  if (rule.top > 0 && kept.size() > rule.top) kept.resize(rule.top);
  return kept;
}

}  // namespace ccsim::annotate
