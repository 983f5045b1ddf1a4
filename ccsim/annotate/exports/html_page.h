// html_page.h: the pieces every page of the HTML report (html_report.h) is made of: escaping, the page's
// head with its style sheet, its end with the script that sorts tables, and tables whose columns sort.
// Everything is written here and inlined into the page, so the report works offline from any folder.
#ifndef CCSIM_ANNOTATE_HTML_PAGE_H
#define CCSIM_ANNOTATE_HTML_PAGE_H

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace ccsim::annotate {

// `text` safe inside an element or a quoted attribute: & < > " ' as entities; control bytes and bytes
// that are not UTF-8 as \xHH (printable_text.h), so that no name from a profile can add markup or script.
std::string html_escaped(std::string_view text);

// "<!DOCTYPE html>" up to the opening <body>, with the inline style sheet; `title` is escaped here.
void write_page_start(std::ostream& out, const std::string& title);
// The inline table-sorting script, then </body></html>.
void write_page_end(std::ostream& out);

// A table that does not sort (the diff's, whose changes are signed): `rows` of escaped cells, numbers
// aligned right in the `numeric` columns; `first_is_total`: the first row is a total, in bold.
void write_plain_table(std::ostream& out, const std::vector<std::string>& headings,
                       const std::vector<std::vector<std::string>>& rows, const std::vector<bool>& numeric,
                       bool first_is_total);

// A table whose rows the reader can sort by clicking a heading (class "sortable", sorted by the script of
// write_page_end): numeric cells carry their exact value in data-value, so "1,234 (5.0%)" sorts as 1234.
class HtmlTable {
 public:
  // `headings` are escaped here; `numeric` says, per column, whether it sorts by number.
  HtmlTable(std::vector<std::string> headings, std::vector<bool> numeric);

  // A row, each cell's text escaped; values[i] is the number a numeric column sorts by. `kept_first`:
  // a total row, which stays on top whatever the sort.
  void add_row(const std::vector<std::string>& cells, const std::vector<std::uint64_t>& values,
               bool kept_first = false);
  void write(std::ostream& out) const;

 private:
  std::vector<std::string> headings_;
  std::vector<bool> numeric_;
  std::string head_rows_;  // the kept-first rows, as HTML
  std::string body_rows_;  // the sortable rows, as HTML
};

}  // namespace ccsim::annotate

#endif
