// text_table.cc: column widths, alignment and number formatting.
#include "ccsim/annotate/views/text_table.h"

#include <algorithm>
#include <cstdio>

namespace ccsim::annotate {

std::string joined(const std::vector<std::string>& items, const std::string& separator) {
  std::string text;
  for (std::size_t i = 0; i < items.size(); ++i) text += (i == 0 ? "" : separator) + items[i];
  return text;
}

std::string with_commas(std::uint64_t value) {
  std::string digits = std::to_string(value);
  std::string result;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) result += ',';
    result += digits[i];
  }
  return result;
}

std::string percent(double part, double whole) {
  if (whole == 0) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.1f%%", 100.0 * part / whole);
  return text;
}

std::string percentage_option(double percent) {
  char text[32];
  std::snprintf(text, sizeof text, "%g%%", percent);
  return text;
}

std::string hex(std::uint64_t value) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(value));
  return text;
}

void TextTable::add_column(const std::string& heading, Align align) {
  headings_.push_back(heading);
  aligns_.push_back(align);
}

void TextTable::add_row(std::vector<std::string> cells) {
  cells.resize(headings_.size());
  rows_.push_back(std::move(cells));
}

void TextTable::print(std::ostream& out) const {
  std::vector<std::size_t> widths;
  for (const std::string& heading : headings_) widths.push_back(heading.size());
  for (const auto& row : rows_) {
    for (std::size_t column = 0; column < row.size(); ++column) {
      widths[column] = std::max(widths[column], row[column].size());
    }
  }
  auto print_row = [&](const std::vector<std::string>& cells) {
    std::string line;
    for (std::size_t column = 0; column < cells.size(); ++column) {
      bool last = column + 1 == cells.size();
      std::string padding(widths[column] - cells[column].size(), ' ');
      if (column > 0) line += "  ";
      if (aligns_[column] == Align::right) {
        line += padding + cells[column];
      } else {
        line += last ? cells[column] : cells[column] + padding;
      }
    }
    out << line << '\n';
  };
  print_row(headings_);
  for (const auto& row : rows_) print_row(row);
}

}  // namespace ccsim::annotate
