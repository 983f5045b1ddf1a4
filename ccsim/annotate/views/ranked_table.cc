// ranked_table.cc: printing the ranked rows of the lines, functions and objects views as text.
#include "ccsim/annotate/views/ranked_table.h"

#include <algorithm>

#include "ccsim/annotate/analysis/counts.h"
#include "ccsim/annotate/analysis/runtime_parts.h"
#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/text/text_table.h"

namespace ccsim::annotate {

void print_table_rows(const ViewContext& context, const std::string& noun, const std::string& label_heading,
                      const RankedRows& ranked, const std::vector<LabelledCounts>& printed) {
  const Profile& profile = context.profile();
  const EventColumns& columns = context.columns;
  const std::vector<std::size_t>& shown = columns.shown;
  const Counts& totals = ranked.totals;
  TextTable table;
  for (std::size_t i = 0; i < shown.size(); ++i) {
    table.add_column(columns.headings.empty() ? profile.events[shown[i]] : columns.headings[i],
                     TextTable::Align::right);
  }
  const CountColumns ratios = row_ratio_columns(profile, shows_cycles(profile, columns));
  for (const std::string& heading : ratios.headings()) table.add_column(heading, TextTable::Align::right);
  table.add_column("cumulative", TextTable::Align::right);
  const bool moves = has_moves_column(printed);
  if (moves) table.add_column("moved between threads", TextTable::Align::right);
  table.add_column(label_heading, TextTable::Align::left);
  auto add_row = [&](const Counts& row, const std::string& label, bool with_percents, const std::string& cumulative,
                     const std::string& moved) {
    std::vector<std::string> cells;
    for (std::size_t column : shown) {
      std::string cell = with_commas(row[column]);
      if (with_percents && row[column] > 0) cell += " (" + percent(row[column], totals[column]) + ")";
      cells.push_back(cell);
    }
    for (std::string& cell : ratios.cells(row)) cells.push_back(std::move(cell));
    cells.push_back(cumulative);
    if (moves) cells.push_back(moved);
    cells.push_back(label);
    table.add_row(std::move(cells));
  };
  add_row(totals, "(all " + noun + ")", false, "", "");
  const std::vector<std::uint64_t> sums = running_sums(context, printed);
  const std::uint64_t whole = totals[columns.sort.front()];
  for (std::size_t row = 0; row < printed.size(); ++row)
    add_row(*printed[row].counts, printed[row].label, columns.percents, percent(sums[row], whole),
            moves_cell(printed[row]));
  table.print(context.out);
}

void print_ranked_table(const ViewContext& context, const std::string& title, const std::string& noun,
                        const std::string& label_heading, const std::vector<LabelledCounts>& rows) {
  print_section_title(context.out, title);
  RankedRows ranked_table;
  rank_table_rows(context, noun, rows, ranked_table);
  std::vector<LabelledCounts> printed;
  for (std::size_t row : ranked_table.ranked) printed.push_back(ranked_table.rows[row]);
  print_table_rows(context, noun, label_heading, ranked_table, printed);
  context.out << "(" << ranked_table.ranked.size() << " of " << ranked_table.rows.size() << " " << noun
              << " shown: at most " << context.options.top << ", each with at least "
              << percentage_option(context.options.threshold_percent) << " of a sort event's total)\n"
              << ratio_note(context, noun, ranked_table) << '\n';
}

}  // namespace ccsim::annotate
