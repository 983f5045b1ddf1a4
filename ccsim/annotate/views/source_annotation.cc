// source_annotation.cc: --view=source and --auto=yes, source files with each line's counts in the
// margin, like cg_annotate: only lines within --context of a counted line are printed, and each skipped
// stretch is marked by "-- line N --" before the next printed line.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

#include "ccsim/annotate/views/source_files.h"
#include "ccsim/annotate/text/numbers.h"
#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

namespace fs = std::filesystem;

std::string find_source(const std::string& file, const std::vector<std::string>& include_dirs) {
  std::vector<fs::path> candidates = {fs::path(file)};
  for (const std::string& dir : include_dirs) {
    if (fs::path(file).is_relative()) candidates.push_back(fs::path(dir) / file);
    candidates.push_back(fs::path(dir) / fs::path(file).filename());
  }
  for (const fs::path& candidate : candidates) {
    std::error_code error;
    if (fs::is_regular_file(candidate, error)) return candidate.string();
  }
  return "";
}

std::vector<std::string> files_to_annotate(const ViewContext& context) {
  const Analysis& analysis = context.analysis;
  std::vector<const Counts*> rows;
  for (const LineRow& line : analysis.lines) rows.push_back(&line.counts);
  RankingRule rule = context.ranking();
  rule.top = 0;
  std::vector<std::string> files;
  for (std::size_t row : rank_rows(rows, analysis.totals, rule)) {
    const std::string& file = analysis.lines[row].site.file;
    if (!file.empty() && std::find(files.begin(), files.end(), file) == files.end()) files.push_back(file);
  }
  return files;
}

namespace {

// Prints one source file: its lines' counts (all sites of a line added up) in a margin of fixed width.
class SourcePrinter {
 public:
  SourcePrinter(const ViewContext& context, const std::string& file) : context_(context) {
    for (const LineRow& line : context.analysis.lines) {
      if (line.site.file == file) add_counts(counts_by_line_[line.site.line], line.counts);
    }
    for (std::size_t column : context.columns.shown) {
      std::size_t width = context.profile().events[column].size();
      for (const auto& [line, counts] : counts_by_line_)
        width = std::max(width, with_commas(counts[column]).size());
      widths_.push_back(width);
    }
  }

  void print(std::ifstream& source) {
    std::vector<std::string> text;
    for (std::string line; std::getline(source, line);) {
      if (!line.empty() && line.back() == '\r') line.pop_back();  // a Windows line ending, not shown as \x0d
      text.push_back(line);
    }
    std::vector<bool> shown(text.size() + 1, false);  // indexed by line number, 1-based
    for (const auto& [line, counts] : counts_by_line_) {
      if (line == 0) continue;
      std::uint64_t first = line > context_.options.context ? line - context_.options.context : 1;
      std::uint64_t last = std::min<std::uint64_t>(line + context_.options.context, text.size());
      for (std::uint64_t i = first; i <= last; ++i) shown[i] = true;
    }
    std::vector<std::string> headings;
    for (std::size_t column : context_.columns.shown) headings.push_back(context_.profile().events[column]);
    print_margin_row(headings, "");
    for (std::size_t line = 1; line <= text.size(); ++line) {
      if (!shown[line]) continue;
      if (line > 1 && !shown[line - 1])
        context_.out << "-- line " << line << " " << std::string(60, '-') << '\n';
      print_margin_row(margin(line), text[line - 1]);
    }
    for (const auto& [line, counts] : counts_by_line_) {
      if (line == 0) {
        print_margin_row(margin(line), "(counted in this file without a line number)");
      } else if (line > text.size()) {
        print_margin_row(margin(line),
                         "(line " + std::to_string(line) + " is past the end of the file, which has " +
                             std::to_string(text.size()) + " lines: the source changed since the run)");
      }
    }
  }

 private:
  std::vector<std::string> margin(std::uint64_t line) const {
    std::vector<std::string> cells;
    auto counts = counts_by_line_.find(line);
    for (std::size_t column : context_.columns.shown) {
      cells.push_back(counts == counts_by_line_.end() ? "." : with_commas(counts->second[column]));
    }
    return cells;
  }

  void print_margin_row(const std::vector<std::string>& cells, const std::string& text) const {
    std::string row;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      row += std::string(widths_[i] - std::min(widths_[i], cells[i].size()), ' ') + cells[i] + " ";
    }
    row += " " + text;
    row.erase(row.find_last_not_of(' ') + 1);  // no trailing blanks after an empty source line
    context_.out << row << '\n';
  }

  const ViewContext& context_;
  std::map<std::uint64_t, Counts> counts_by_line_;  // line number -> counts of every site on it
  std::vector<std::size_t> widths_;                 // per shown column
};

}  // namespace

void print_source_view(const ViewContext& context) {
  std::vector<std::string> missing;
  for (const std::string& file : files_to_annotate(context)) {
    std::string path = find_source(file, context.options.include_dirs);
    std::ifstream source;
    if (!path.empty()) source.open(path);
    if (!source.is_open()) {
      missing.push_back(file);
      continue;
    }
    print_section_title(context.out, "Source: " + file + (path == file ? "" : " (read from " + path + ")"));
    SourcePrinter(context, file).print(source);
  }
  if (!missing.empty()) {
    print_section_title(context.out, "Source files not found");
    context.out << joined(missing) << "\n(give the directory that holds them with --include=DIR)\n";
  }
}

}  // namespace ccsim::annotate
