// source_files.cc: which source files are annotated, where they are read from, and each file's rows
// (counts beside the text) within --context of a counted line.
#include "ccsim/annotate/tables/source_files.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "ccsim/annotate/text/numbers.h"

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

// The hot lines of the profile, as (file, line): those above the threshold, as the lines table ranks them.
std::set<std::pair<std::string, std::uint64_t>> hot_lines(const ViewContext& context) {
  const Analysis& analysis = context.analysis;
  std::vector<const Counts*> rows;
  for (const LineRow& line : analysis.lines) rows.push_back(&line.counts);
  RankingRule rule = context.ranking();
  rule.top = 0;
  std::set<std::pair<std::string, std::uint64_t>> hot;
  for (std::size_t row : rank_rows(rows, analysis.totals, rule)) {
    if (!analysis.lines[row].runtime) hot.insert({analysis.lines[row].site.file, analysis.lines[row].site.line});
  }
  return hot;
}

// The rows of one source file: its lines' counts (all sites of a line added up) beside its text.
std::vector<SourceRow> source_rows(const ViewContext& context, const std::string& file, std::ifstream& source,
                                   const std::set<std::pair<std::string, std::uint64_t>>& hot) {
  std::map<std::uint64_t, Counts> counts_by_line;  // line number -> counts of every site on it
  for (const LineRow& line : context.analysis.lines) {
    if (line.site.file == file) add_counts(counts_by_line[line.site.line], line.counts);
  }
  auto margin = [&](std::uint64_t line) {
    std::vector<std::string> cells;
    auto counts = counts_by_line.find(line);
    for (std::size_t column : context.columns.shown)
      cells.push_back(counts == counts_by_line.end() ? "." : with_commas(counts->second[column]));
    return cells;
  };
  std::vector<std::string> text;
  for (std::string line; std::getline(source, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();  // a Windows line ending, not shown as \x0d
    text.push_back(line);
  }
  std::vector<bool> shown(text.size() + 1, false);  // indexed by line number, 1-based
  for (const auto& [line, counts] : counts_by_line) {
    if (line == 0) continue;
    std::uint64_t first = line > context.options.context ? line - context.options.context : 1;
    std::uint64_t last = std::min<std::uint64_t>(line + context.options.context, text.size());
    for (std::uint64_t i = first; i <= last; ++i) shown[i] = true;
  }
  std::vector<SourceRow> rows;
  for (std::size_t line = 1; line <= text.size(); ++line) {
    if (!shown[line]) continue;
    rows.push_back({line, margin(line), text[line - 1], line > 1 && !shown[line - 1], hot.count({file, line}) > 0});
  }
  for (const auto& [line, counts] : counts_by_line) {
    if (line == 0) {
      rows.push_back({0, margin(line), "(counted in this file without a line number)", false, false});
    } else if (line > text.size()) {
      rows.push_back({0, margin(line),
                      "(line " + std::to_string(line) + " is past the end of the file, which has " +
                          std::to_string(text.size()) + " lines: the source changed since the run)",
                      false, false});
    }
  }
  return rows;
}

}  // namespace

SourceAnnotation annotate_sources(const ViewContext& context) {
  SourceAnnotation annotation;
  const std::set<std::pair<std::string, std::uint64_t>> hot = hot_lines(context);
  for (const std::string& file : files_to_annotate(context)) {
    std::string path = find_source(file, context.options.include_dirs);
    std::ifstream source;
    if (!path.empty()) source.open(path);
    if (!source.is_open()) {
      annotation.missing.push_back(file);
      continue;
    }
    annotation.files.push_back({file, path, source_rows(context, file, source, hot)});
  }
  return annotation;
}

}  // namespace ccsim::annotate
