// ranking.h: which rows a ranked table shows, and in what order (--sort, --threshold, --top).
#ifndef CCSIM_ANNOTATE_RANKING_H
#define CCSIM_ANNOTATE_RANKING_H

#include <cstddef>
#include <vector>

#include "ccsim/annotate/analysis/counts.h"

namespace ccsim::annotate {

// How a ranked table chooses and orders its rows.
struct RankingRule {
  std::vector<std::size_t> sort;  // event columns, primary first
  double threshold_percent = 0;   // a row is kept when some sort event reaches this share of its total
  std::size_t top = 0;            // at most this many rows; 0: no limit
};

// Whether a row passes the threshold: for at least one sort event, its count is not 0 and is at least
// threshold_percent of that event's total.
bool passes_threshold(const Counts& row, const Counts& totals, const RankingRule& rule);

// The indices of the rows to show, best first: sorted by the sort events in turn (descending), ties
// kept in the rows' own order, rows below the threshold dropped, at most `top` of them.
std::vector<std::size_t> rank_rows(const std::vector<const Counts*>& rows, const Counts& totals,
                                   const RankingRule& rule);

}  // namespace ccsim::annotate

#endif
