// text_table.h: aligned text tables, as the text views print them.
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

}  // namespace ccsim::annotate

#endif
