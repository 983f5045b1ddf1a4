// text_table.cc: column widths and alignment; section titles.
#include "ccsim/annotate/text/text_table.h"

#include <algorithm>

namespace ccsim::annotate {

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

void print_section_title(std::ostream& out, const std::string& title) {
  const std::string rule(80, '-');
  out << '\n' << rule << "\n-- " << title << '\n' << rule << '\n';
}

}  // namespace ccsim::annotate
