// ranked_table.cc: ranking and printing the rows of the lines, functions and objects views.
#include "ccsim/annotate/views/ranked_table.h"

#include "ccsim/annotate/views/text_table.h"

namespace ccsim::annotate {

void print_ranked_table(const ViewContext& context, const std::string& title, const std::string& noun,
                        const std::string& label_heading, const std::vector<LabelledCounts>& rows) {
  const Profile& profile = context.profile();
  const std::vector<std::size_t>& shown = context.columns.shown;
  print_section_title(context.out, title);

  Counts totals(profile.events.size(), 0);
  std::vector<const Counts*> counts;
  for (const LabelledCounts& row : rows) {
    add_counts(totals, *row.counts);
    counts.push_back(row.counts);
  }
  std::vector<std::size_t> ranked = rank_rows(counts, totals, context.ranking());

  TextTable table;
  for (std::size_t column : shown) table.add_column(profile.events[column], TextTable::Align::right);
  table.add_column(label_heading, TextTable::Align::left);
  auto add_row = [&](const Counts& row, const std::string& label) {
    std::vector<std::string> cells;
    for (std::size_t column : shown) cells.push_back(with_commas(row[column]));
    cells.push_back(label);
    table.add_row(std::move(cells));
  };
  add_row(totals, "(all " + noun + ")");
  for (std::size_t row : ranked) add_row(*rows[row].counts, rows[row].label);
  table.print(context.out);

  context.out << "(" << ranked.size() << " of " << rows.size() << " " << noun << " shown: at most "
              << context.options.top << ", each with at least "
              << percentage_option(context.options.threshold_percent) << " of a sort event's total)\n";
}

}  // namespace ccsim::annotate
