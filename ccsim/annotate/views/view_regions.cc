// view_regions.cc: --view=regions, which regions (spans between two barriers) carry the invalidations,
// heaviest first: by default the regions closed by one barrier summed into one row (an iterative code's
// parallel loop is one row, however many epochs it ran), with --regions=each every region. Regions are not
// per thread, so --threads does not change this view.
#include <algorithm>

#include "ccsim/annotate/analysis/region_barriers.h"
#include "ccsim/annotate/tables/count_columns.h"
#include "ccsim/annotate/views/ranked_table.h"
#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/text/text_table.h"
#include "ccsim/annotate/tables/table_columns.h"
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

void print_regions_view(const ViewContext& context) {
  const Profile& profile = context.profile();
  print_section_title(context.out, "Regions: invalidations received per region (between two barriers)");
  if (profile.regions.empty()) {
    context.out << "This profile has no region: records (no barrier of the program was observed).\n";
    return;
  }
  const CountColumns columns = region_columns(profile, context.options.level, shows_cycles(profile, context.columns));

  auto invalidations = profile.event_index("invalidations_received");
  std::uint64_t all_invalidations = 0;
  for (const Region& region : profile.regions) {
    if (invalidations) all_invalidations += region.counts[*invalidations];
  }
  // The rows: one per closing barrier summing its regions (regions_by_barrier), or one per region.
  std::vector<BarrierRegions> rows;
  if (context.options.each_region) {
    for (const Region& region : profile.regions) rows.push_back(BarrierRegions{&region, 1, region.counts});
  } else {
    rows = regions_by_barrier(profile);
  }
  auto weight = [&](const BarrierRegions& row) { return invalidations ? row.counts[*invalidations] : 0; };
  order_by_invalidations(profile, rows);
  const std::size_t shown = std::min(rows.size(), context.options.top);

  TextTable table;
  table.add_column(context.options.each_region ? "region" : "epochs", TextTable::Align::right);
  for (const std::string& heading : columns.headings()) table.add_column(heading, TextTable::Align::right);
  table.add_column("share", TextTable::Align::right);
  table.add_column("closed by the barrier at",
                   TextTable::Align::left);
  for (std::size_t i = 0; i < shown; ++i) {
    const BarrierRegions& row = rows[i];
    std::vector<std::string> cells = {context.options.each_region ? std::to_string(row.first->id)
                                                                  : with_commas(row.epochs)};
    for (std::string& cell : columns.cells(row.counts)) cells.push_back(std::move(cell));
    cells.push_back(percent(weight(row), all_invalidations));
    cells.push_back(closing_barrier(*row.first));
    table.add_row(std::move(cells));
  }
  // The total of every region, shown or not.
  Counts total(profile.events.size(), 0);
  for (const Region& region : profile.regions) add_counts(total, region.counts);
  std::vector<std::string> cells = {context.options.each_region ? "all" : with_commas(profile.regions.size())};
  for (std::string& cell : columns.cells(total)) cells.push_back(std::move(cell));
  cells.push_back(percent(all_invalidations, all_invalidations));
  cells.push_back("(all regions)");
  table.add_row(std::move(cells));
  table.print(context.out);
  if (context.options.each_region) {
    context.out << "(" << shown << " of " << rows.size()
                << " regions shown, most invalidations first; share is of all invalidations received)\n";
  } else {
    context.out << "(" << shown << " of " << rows.size() << " barriers shown, closing " << with_commas(profile.regions.size())
                << " regions, most invalidations first; share is of all invalidations received; --regions=each "
                   "lists every region)\n";
  }
}

}  // namespace ccsim::annotate
