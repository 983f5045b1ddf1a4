// text_table.h: aligned text tables and section titles, as the text views and the diff print them.
#ifndef CCSIM_ANNOTATE_TEXT_TABLE_H
#define CCSIM_ANNOTATE_TEXT_TABLE_H

#include <ostream>
#include <string>
#include <vector>

namespace ccsim::annotate {

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

// A title between two rules of dashes, as cg_annotate separates its sections.
void print_section_title(std::ostream& out, const std::string& title);

}  // namespace ccsim::annotate

#endif
