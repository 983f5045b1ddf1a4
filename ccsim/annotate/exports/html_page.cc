// html_page.cc: escaping, the page skeleton with its style sheet and sorting script, sortable tables.
#include "ccsim/annotate/exports/html_page.h"

#include "ccsim/annotate/text/printable_text.h"

namespace ccsim::annotate {

namespace {

// The style sheet: plain, readable in print; the byte map's colours match the graphs' (red: written,
// blue: read). A number cell may wrap at the space between a count and its share, "1,234 (5.0%)", never
// inside a number, so that the widest tables (objects: events, ratios, moves) fit 1280 pixels.
constexpr const char* kStyleSheet = R"(
body { font-family: sans-serif; margin: 1.5em; color: #222; max-width: 110em; }
h1 { font-size: 1.5em; overflow-wrap: anywhere; }
h2 { font-size: 1.25em; border-bottom: 1px solid #999; margin-top: 1.6em; }
h3 { font-size: 1.05em; overflow-wrap: anywhere; }
p, li, dd, td { overflow-wrap: anywhere; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #ccc; padding: 0.15em 0.35em; }
td.number { text-align: right; font-variant-numeric: tabular-nums; overflow-wrap: normal; }
table.sortable { font-size: 0.9em; }
table.sortable th { cursor: pointer; background: #eee; }
table.sortable th:after { content: " \2195"; color: #999; }
table.plain th { background: #eee; }
tr.total td { font-weight: bold; background: #f6f6f6; }
dl.header dt { float: left; clear: left; width: 7em; font-weight: bold; }
dl.header dd { margin-left: 8em; }
.finding { border-left: 4px solid #c33; padding-left: 0.8em; margin: 1em 0; }
.class { font-weight: bold; color: #c33; }
.fix { background: #ffd; padding: 0.3em; }
.caveat { background: #eef4ff; padding: 0.3em; }
.graph svg { max-width: 100%; height: auto; }
table.bytes { table-layout: fixed; width: 100%; max-width: 56em; margin-bottom: 0.2em; }
table.bytes col.label { width: 13em; }
table.bytes caption { text-align: left; }
table.bytes th { font-weight: normal; font-size: 0.75em; padding: 0 0.2em; text-align: left; white-space: nowrap;
  overflow: hidden; text-overflow: ellipsis; }
table.bytes td { height: 1.2em; padding: 0; border: 1px solid #ddd; }
table.bytes td.w { background: #d62728; }
table.bytes td.r { background: #1f77b4; }
table.bytes td.object { background: #bbb; }
ul.byte-notes { margin: 0 0 0.8em 0; }
div.strip { display: flex; width: 100%; max-width: 56em; height: 1.4em; border: 1px solid #ddd; }
div.strip span { flex: 1 1 0; min-width: 0; }
div.sets { display: flex; align-items: flex-end; width: 100%; max-width: 56em; height: 5em; border: 1px solid #ddd; }
div.sets span { flex: 1 1 0; min-width: 0; }
p.legend span { display: inline-block; width: 0.8em; height: 0.8em; margin: 0 0.2em 0 0.6em; }
.legend span { display: inline-block; width: 1em; height: 1em; vertical-align: middle; margin: 0 0.3em; }
.source { overflow-x: auto; }
table.source td { border: none; padding: 0 0.5em; }
table.source td.code { white-space: pre; font-family: monospace; overflow-wrap: normal; }
table.source tr.hot td { background: #ffe3b3; }
table.source tr.hot td.code { font-weight: bold; }
table.source tr.gap td { border-top: 1px dashed #999; }
.side-by-side { display: flex; gap: 2em; } .side-by-side > div { flex: 1; min-width: 0; }
table.threads td { vertical-align: middle; }
.bar { display: flex; width: 24em; max-width: 40vw; height: 1em; border: 1px solid #ccc; }
.bar span { display: block; height: 100%; }
.t0 { background: #1f77b4; } .t1 { background: #ff7f0e; } .t2 { background: #2ca02c; } .t3 { background: #d62728; }
.t4 { background: #9467bd; } .t5 { background: #8c564b; } .t6 { background: #e377c2; } .t7 { background: #17becf; }
.t8 { background: #999; }
)";

// Sorting: a click on a heading of a sortable table orders its body rows by that column, numbers by their
// data-value, text alphabetically; a second click reverses the order.
constexpr const char* kSortScript = R"(
document.querySelectorAll("table.sortable").forEach(function (table) {
  table.querySelectorAll("thead th").forEach(function (heading, column) {
    heading.addEventListener("click", function () {
      var body = table.tBodies[0];
      var rows = Array.prototype.slice.call(body.rows);
      var numeric = heading.dataset.numeric === "yes";
      var descending = heading.dataset.order !== "descending";
      heading.dataset.order = descending ? "descending" : "ascending";
      rows.sort(function (a, b) {
        var x = a.cells[column], y = b.cells[column];
        var order = numeric ? Number(x.dataset.value) - Number(y.dataset.value)
                            : x.textContent.localeCompare(y.textContent);
        return descending ? -order : order;
      });
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
});
)";

// A heading escaped, with a line-break opportunity after each '_': event names such as
// invalidations_received have no space, and a table of them would otherwise not fit a 1280-pixel window.
std::string breakable_heading(const std::string& heading) {
  std::string escaped = html_escaped(heading);
  std::string text;
  for (char c : escaped) text += c == '_' ? std::string("_<wbr>") : std::string(1, c);
  return text;
}

}  // namespace

std::string html_escaped(std::string_view text) {
  std::string safe = printable(text);
  std::string escaped;
  escaped.reserve(safe.size());
  for (char c : safe) {
    switch (c) {
      case '&': escaped += "&amp;"; break;
      case '<': escaped += "&lt;"; break;
      case '>': escaped += "&gt;"; break;
      case '"': escaped += "&quot;"; break;
      case '\'': escaped += "&#39;"; break;
      default: escaped += c;
    }
  }
  return escaped;
}

void write_page_start(std::ostream& out, const std::string& title) {
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" << html_escaped(title)
      << "</title>\n<style>" << kStyleSheet << "</style>\n</head>\n<body>\n";
}

void write_page_end(std::ostream& out) { out << "<script>" << kSortScript << "</script>\n</body>\n</html>\n"; }

void write_plain_table(std::ostream& out, const std::vector<std::string>& headings,
                       const std::vector<std::vector<std::string>>& rows, const std::vector<bool>& numeric,
                       bool first_is_total) {
  out << "<table class=\"plain\">\n<tr>";
  for (const std::string& heading : headings) out << "<th>" << breakable_heading(heading) << "</th>";
  out << "</tr>\n";
  for (std::size_t row = 0; row < rows.size(); ++row) {
    out << (row == 0 && first_is_total ? "<tr class=\"total\">" : "<tr>");
    for (std::size_t i = 0; i < rows[row].size(); ++i) {
      out << (i < numeric.size() && numeric[i] ? "<td class=\"number\">" : "<td>") << html_escaped(rows[row][i])
          << "</td>";
    }
    out << "</tr>\n";
  }
  out << "</table>\n";
}

HtmlTable::HtmlTable(std::vector<std::string> headings, std::vector<bool> numeric)
    : headings_(std::move(headings)), numeric_(std::move(numeric)) {}

void HtmlTable::add_row(const std::vector<std::string>& cells, const std::vector<std::uint64_t>& values,
                        bool kept_first) {
  std::string row = kept_first ? "<tr class=\"total\">" : "<tr>";
  for (std::size_t i = 0; i < cells.size(); ++i) {
    bool numeric = i < numeric_.size() && numeric_[i];
    if (numeric) {
      row += "<td class=\"number\" data-value=\"" + std::to_string(i < values.size() ? values[i] : 0) + "\">";
    } else {
      row += "<td>";
    }
    row += html_escaped(cells[i]) + "</td>";
  }
  row += "</tr>\n";
  (kept_first ? head_rows_ : body_rows_) += row;
}

void HtmlTable::write(std::ostream& out) const {
  out << "<table class=\"sortable\">\n<thead><tr>";
  for (std::size_t i = 0; i < headings_.size(); ++i) {
    bool numeric = i < numeric_.size() && numeric_[i];
    out << "<th data-numeric=\"" << (numeric ? "yes" : "no") << "\">" << breakable_heading(headings_[i]) << "</th>";
  }
  out << "</tr>\n" << head_rows_ << "</thead>\n<tbody>\n" << body_rows_ << "</tbody>\n</table>\n";
}

}  // namespace ccsim::annotate
