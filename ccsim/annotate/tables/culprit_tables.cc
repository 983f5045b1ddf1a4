// culprit_tables.cc: the cells of the drill-downs' Evicted by and Invalidated by tables, with their shares.
#include "ccsim/annotate/tables/culprit_tables.h"

#include "ccsim/annotate/text/numbers.h"

namespace ccsim::annotate {

CulpritTable evicted_by_table(const std::vector<Evictor>& evicted_by, const std::string& culprit_heading) {
  std::uint64_t all = 0;
  for (const Evictor& evictor : evicted_by) all = checked_sum(all, evictor.evictions);
  CulpritTable table{{"evictions", "share", "level", culprit_heading}, {true, true, false, false}, {}, {}};
  for (const Evictor& evictor : evicted_by) {
    table.rows.push_back(
        {with_commas(evictor.evictions), percent(evictor.evictions, all), evictor.level, evictor.culprit});
    table.values.push_back({evictor.evictions, evictor.evictions, 0, 0});
  }
  return table;
}

CulpritTable invalidated_by_table(const std::vector<Invalidator>& invalidated_by) {
  std::uint64_t all = 0;
  for (const Invalidator& invalidator : invalidated_by) all = checked_sum(all, invalidator.split.total());
  CulpritTable table{{"invalidations", "share", "true_in_region", "true_in_region_critical", "false_in_region",
                      "true_across_regions", "false_across_regions", "invalidating function"},
                     {true, true, true, true, true, true, true, false},
                     {},
                     {}};
  for (const Invalidator& invalidator : invalidated_by) {
    const InvalidationSplit& split = invalidator.split;
    const std::uint64_t total = split.total();
    std::vector<std::uint64_t> values{total,
                                      total,  // the share sorts by the count it is a share of
                                      split.true_in_region,
                                      split.true_in_region_critical,
                                      split.false_in_region,
                                      split.true_across_regions,
                                      split.false_across_regions};
    std::vector<std::string> cells;
    for (std::size_t column = 0; column < values.size(); ++column)
      cells.push_back(column == 1 ? percent(total, all) : with_commas(values[column]));
    cells.push_back(invalidator.function);
    values.push_back(0);
    table.rows.push_back(std::move(cells));
    table.values.push_back(std::move(values));
  }
  return table;
}

}  // namespace ccsim::annotate
