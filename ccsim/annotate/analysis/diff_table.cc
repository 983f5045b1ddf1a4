// diff_table.cc: ranking matched rows by their change and writing their cells.
#include "ccsim/annotate/analysis/diff_table.h"

#include <algorithm>
#include <cstdio>

#include "ccsim/annotate/analysis/ranking.h"
#include "ccsim/annotate/text/numbers.h"

namespace ccsim::annotate {

namespace {

// |last - first| of one count of a row.
std::uint64_t change_of(const DiffRow& row, std::size_t count) {
  const std::uint64_t first = row.sides.front()[count];
  const std::uint64_t last = row.sides.back()[count];
  return last > first ? last - first : first - last;
}

// What the rows are ranked and kept by, per count: |last - first|. With a split (DiffColumns::split), the
// primary count's is the larger of the sum of the split's rises and the sum of its falls: |change of the
// primary count| plus what moved between the split's counts. Each sum is at most one profile's total of
// the split's counts, which the profile format bounds by 2^64 - 1, so neither wraps.
Counts change_size(const DiffRow& row, const DiffColumns& columns) {
  Counts size(columns.names.size(), 0);
  for (std::size_t count = 0; count < size.size(); ++count) size[count] = change_of(row, count);
  if (!columns.split.empty()) {
    std::uint64_t rises = 0;
    std::uint64_t falls = 0;
    for (std::size_t count : columns.split) {
      if (row.sides.back()[count] > row.sides.front()[count])
        rises = checked_sum(rises, change_of(row, count));
      else
        falls = checked_sum(falls, change_of(row, count));
    }
    size[columns.primary] = std::max(rises, falls);
  }
  return size;
}

// The clause saying how a table with a split is ranked (DiffTable::ranking); empty without a split.
std::string ranking_clause(const DiffColumns& columns) {
  if (columns.split.empty()) return "";
  std::vector<std::string> split_names;
  for (std::size_t count : columns.split) split_names.push_back(columns.names[count]);
  return "ranked by the larger of the sum of the rises and the sum of the falls of " + joined(split_names) +
         ": the change of " + columns.names[columns.primary] + " plus what moved between them";
}

std::string signed_change(const DiffRow& row, std::size_t count) {
  std::uint64_t before = row.sides.front()[count];
  std::uint64_t after = row.sides.back()[count];
  if (after >= before) return (after == before ? "0" : "+" + with_commas(after - before));
  return "-" + with_commas(before - after);
}

// The change of `count` from the first profile to the last in percent of the first: "-100.0%", "+12.5%",
// "0.0%"; "new" when the first had none and the last some, "-" when neither had any.
std::string percent_change(const DiffRow& row, std::size_t count) {
  const std::uint64_t before = row.sides.front()[count];
  const std::uint64_t after = row.sides.back()[count];
  if (before == 0) return after == 0 ? "-" : "new";
  const double change = 100.0 * (static_cast<double>(after) - static_cast<double>(before)) / static_cast<double>(before);
  char text[32];
  std::snprintf(text, sizeof text, "%+.1f%%", change);
  return change == 0 ? "0.0%" : text;
}

}  // namespace

DiffTable diff_table(const std::string& title, const std::string& noun, const std::string& label_heading,
                     const std::vector<DiffRow>& rows, std::size_t sides, const DiffColumns& columns,
                     const Options& options) {
  const std::size_t counts = columns.names.size();
  DiffRow total{"(all " + noun + ")", std::vector<Counts>(sides, Counts(counts, 0))};
  for (const DiffRow& row : rows) {
    for (std::size_t side = 0; side < sides; ++side) add_counts(total.sides[side], row.sides[side]);
  }
  // Ranked like any table (ranking.h), by the size of the change; the threshold is a share of the
  // largest of the profiles' totals.
  std::vector<Counts> change_sizes;
  for (const DiffRow& row : rows) change_sizes.push_back(change_size(row, columns));
  std::vector<const Counts*> ranked_counts;
  for (const Counts& size : change_sizes) ranked_counts.push_back(&size);
  Counts largest_totals(counts, 0);
  for (std::size_t count = 0; count < counts; ++count) {
    for (const Counts& side : total.sides) largest_totals[count] = std::max(largest_totals[count], side[count]);
  }
  std::vector<std::size_t> ranked =
      rank_rows(ranked_counts, largest_totals, {columns.sort, options.threshold_percent, options.top});

  DiffTable table;
  table.title = title;
  table.primary_event = columns.names[columns.primary];
  table.change_columns = columns.change_columns;
  table.ranking = ranking_clause(columns);
  table.shown = ranked.size();
  table.rows_in_all = rows.size();
  table.noun = noun;
  table.id = "change-" + noun;
  std::replace(table.id.begin(), table.id.end(), ' ', '-');
  if (sides == 2) {
    table.headings = {"before", "after"};
  } else {
    for (std::size_t side = 0; side < sides; ++side) table.headings.push_back("#" + std::to_string(side + 1));
  }
  table.headings.push_back("change %");
  for (std::size_t column : columns.shown) table.headings.push_back(columns.names[column]);
  table.headings.push_back(label_heading);
  auto add_row = [&](const DiffRow& row) {
    std::vector<std::string> cells;
    for (const Counts& side : row.sides) cells.push_back(with_commas(side[columns.primary]));
    cells.push_back(percent_change(row, columns.primary));
    for (std::size_t column : columns.shown) cells.push_back(signed_change(row, column));
    cells.push_back(row.label);
    table.rows.push_back(std::move(cells));
  };
  add_row(total);
  for (std::size_t row : ranked) add_row(rows[row]);
  return table;
}

}  // namespace ccsim::annotate
