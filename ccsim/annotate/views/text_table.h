// text_table.h: aligned text tables and number formatting shared by the text views.
#ifndef CCSIM_ANNOTATE_TEXT_TABLE_H
#define CCSIM_ANNOTATE_TEXT_TABLE_H

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace ccsim::annotate {

// {"a", "b", "c"} -> "a, b, c" (with the default separator).
std::string joined(const std::vector<std::string>& items, const std::string& separator = ", ");
// 1234567 -> "1,234,567", as cg_annotate prints counts.
std::string with_commas(std::uint64_t value);
// part / whole as "12.5%" (one decimal); "-" when whole is 0. Doubles, so that a scaled whole (evictions x
// line size) cannot wrap.
std::string percent(double part, double whole);
// 0.1 -> "0.1%", 25 -> "25%": a percentage the user gave, as short as it can be printed.
std::string percentage_option(double percent);
// 0x404040 -> "0x404040".
std::string hex(std::uint64_t value);

// A table whose columns are padded to their widest cell. Numbers align right; the last column (usually
// a name or location) aligns left and is not padded, so long names do not widen the table.
class TextTable {
 public:
  enum class Align { left, right };

  void add_column(const std::string& heading, Align align);
  void add_row(std::vector<std::string> cells);  // one cell per column
  void print(std::ostream& out) const;

 private:
  std::vector<std::string> headings_;
  std::vector<Align> aligns_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace ccsim::annotate

#endif
