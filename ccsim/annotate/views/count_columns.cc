// count_columns.cc: building and evaluating table columns from event names.
#include "ccsim/annotate/views/count_columns.h"

#include "ccsim/annotate/text/numbers.h"

namespace ccsim::annotate {

namespace {

std::uint64_t sum_of(const Counts& counts, const std::vector<std::size_t>& columns) {
  std::uint64_t sum = 0;
  for (std::size_t column : columns) sum = checked_sum(sum, counts[column]);
  return sum;
}

}  // namespace

std::vector<std::size_t> CountColumns::columns_of(const std::vector<std::string>& events) const {
  std::vector<std::size_t> columns;
  for (const std::string& event : events) {
    auto column = profile_.event_index(event);
    if (!column) return {};
    columns.push_back(*column);
  }
  return columns;
}

void CountColumns::add_event(const std::string& heading, const std::string& event) {
  std::vector<std::size_t> columns = columns_of({event});
  if (columns.empty()) return;
  headings_.push_back(heading);
  columns_.push_back({columns, {}, 1});
}

void CountColumns::add_ratio(const std::string& heading, const std::vector<std::string>& numerator,
                             const std::vector<std::string>& denominator, std::uint64_t denominator_scale) {
  std::vector<std::size_t> numerator_columns = columns_of(numerator);
  std::vector<std::size_t> denominator_columns = columns_of(denominator);
  if (numerator_columns.empty() || denominator_columns.empty()) return;
  headings_.push_back(heading);
  columns_.push_back({numerator_columns, denominator_columns, denominator_scale});
}

void CountColumns::add_share(const std::string& heading, const std::string& event, std::uint64_t whole) {
  std::vector<std::size_t> columns = columns_of({event});
  if (columns.empty()) return;
  headings_.push_back(heading);
  columns_.push_back({columns, {}, whole, true});
}

double CountColumns::denominator_of(const Column& column, const Counts& counts) const {
  const double scale = static_cast<double>(column.denominator_scale);
  return column.share ? scale : static_cast<double>(sum_of(counts, column.denominator)) * scale;
}

std::vector<std::string> CountColumns::cells(const Counts& counts) const {
  std::vector<std::string> cells;
  for (const Column& column : columns_) {
    const std::uint64_t numerator = sum_of(counts, column.numerator);
    if (column.denominator.empty() && !column.share) {
      cells.push_back(with_commas(numerator));
    } else {
      cells.push_back(percent(static_cast<double>(numerator), denominator_of(column, counts)));
    }
  }
  return cells;
}

std::vector<std::optional<double>> CountColumns::values(const Counts& counts) const {
  std::vector<std::optional<double>> values;
  for (const Column& column : columns_) {
    const double numerator = static_cast<double>(sum_of(counts, column.numerator));
    if (column.denominator.empty() && !column.share) {
      values.push_back(numerator);
      continue;
    }
    const double denominator = denominator_of(column, counts);
    values.push_back(denominator == 0 ? std::nullopt : std::optional<double>(numerator / denominator));
  }
  return values;
}

}  // namespace ccsim::annotate
