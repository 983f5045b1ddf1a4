// source_annotation.cc: --view=source and --auto=yes, source files with each line's counts in the
// margin, like cg_annotate: only lines within --context of a counted line are printed, and each skipped
// stretch is marked by "-- line N --" before the next printed line.
#include <algorithm>

#include "ccsim/annotate/tables/source_files.h"
#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

namespace {

// Prints one file's rows with the counts in a margin of fixed width.
void print_source(const ViewContext& context, const AnnotatedSource& source) {
  std::vector<std::string> headings;
  for (std::size_t column : context.columns.shown) headings.push_back(context.profile().events[column]);
  std::vector<std::size_t> widths;  // per shown column
  for (std::size_t i = 0; i < headings.size(); ++i) {
    std::size_t width = headings[i].size();
    for (const SourceRow& row : source.rows) width = std::max(width, row.cells[i].size());
    widths.push_back(width);
  }
  auto print_row = [&](const std::vector<std::string>& cells, const std::string& text) {
    std::string row;
    for (std::size_t i = 0; i < cells.size(); ++i)
      row += std::string(widths[i] - std::min(widths[i], cells[i].size()), ' ') + cells[i] + " ";
    row += " " + text;
    row.erase(row.find_last_not_of(' ') + 1);  // no trailing blanks after an empty source line
    context.out << row << '\n';
  };
  print_row(headings, "");
  for (const SourceRow& row : source.rows) {
    if (row.after_gap) context.out << "-- line " << row.line << " " << std::string(60, '-') << '\n';
    print_row(row.cells, row.text);
  }
}

}  // namespace

void print_source_view(const ViewContext& context) {
  SourceAnnotation annotation = annotate_sources(context);
  for (const AnnotatedSource& source : annotation.files) {
    std::string read_from = source.path == source.file ? "" : " (read from " + source.path + ")";
    print_section_title(context.out, "Source: " + source.file + read_from);
    print_source(context, source);
  }
  if (!annotation.missing.empty()) {
    print_section_title(context.out, "Source files not found");
    context.out << joined(annotation.missing) << "\n(give the directory that holds them with --include=DIR)\n";
  }
}

}  // namespace ccsim::annotate
