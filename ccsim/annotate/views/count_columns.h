// count_columns.h: the columns of the summary and regions tables and the ratio columns of the ranked
// tables, each a number or a ratio computed from one row's counts. A column whose events the profile
// lacks (no L2, no miss classes) is left out.
#ifndef CCSIM_ANNOTATE_COUNT_COLUMNS_H
#define CCSIM_ANNOTATE_COUNT_COLUMNS_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// An ordered list of columns, each a heading and how to compute its cell from a row's counts.
class CountColumns {
 public:
  explicit CountColumns(const Profile& profile) : profile_(profile) {}

  // A column showing `event` with thousands separators.
  void add_event(const std::string& heading, const std::string& event);
  // A column showing scale x sum(numerator) / sum(denominator) as a percentage ("-" when it is 0/0).
  void add_ratio(const std::string& heading, const std::vector<std::string>& numerator,
                 const std::vector<std::string>& denominator, std::uint64_t denominator_scale = 1);

  // A column showing `event` as a percentage of the fixed `whole` ("-" when `whole` is 0): a row's share
  // of the run's total, e.g. of its memory time.
  void add_share(const std::string& heading, const std::string& event, std::uint64_t whole);

  bool empty() const { return columns_.empty(); }
  const std::vector<std::string>& headings() const { return headings_; }
  // Each column's cell as printed: "1,234", "12.5%", "-".
  std::vector<std::string> cells(const Counts& counts) const;
  // Each column's number: the count, or the ratio as a fraction (0.125); nothing for a ratio of 0/0.
  std::vector<std::optional<double>> values(const Counts& counts) const;

 private:
  // One column: the sum of `numerator`'s events; for a ratio, over denominator_scale x the sum of
  // `denominator`'s.
  struct Column {
    std::vector<std::size_t> numerator;
    std::vector<std::size_t> denominator;  // empty: the column is a count
    std::uint64_t denominator_scale = 1;
    bool share = false;  // a share of the fixed whole denominator_scale; `denominator` is then empty
  };

  // A ratio column's denominator for a row.
  double denominator_of(const Column& column, const Counts& counts) const;

  // The columns of `events`; empty when the profile lacks one of them.
  std::vector<std::size_t> columns_of(const std::vector<std::string>& events) const;

  const Profile& profile_;
  std::vector<std::string> headings_;
  std::vector<Column> columns_;  // one per heading
};

}  // namespace ccsim::annotate

#endif
