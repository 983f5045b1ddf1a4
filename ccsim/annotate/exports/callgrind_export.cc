// callgrind_export.cc: writing Callgrind's text format (valgrind/docs/callgrind-format), the subset
// callgrind_annotate reads: no name compression, no calls, one position (the line).
#include "ccsim/annotate/exports/callgrind_export.h"

#include <algorithm>
#include <map>

namespace ccsim::annotate {

namespace {

std::string known_or_unknown(const std::string& name) { return name.empty() ? "???" : name; }

void write_counts(std::ostream& out, const Counts& counts, const std::vector<std::size_t>& columns) {
  for (std::size_t column : columns) out << ' ' << counts[column];
  out << '\n';
}

}  // namespace

void write_callgrind(std::ostream& out, const Analysis& analysis, const EventColumns& columns) {
  const Profile& profile = *analysis.profile;
  // The sort events go first: callgrind_annotate sorts by the first event unless told otherwise.
  std::vector<std::size_t> exported = columns.sort;
  for (std::size_t column : columns.shown) {
    if (std::find(exported.begin(), exported.end(), column) == exported.end()) exported.push_back(column);
  }
  out << "# Callgrind format, converted by ccsim-annotate from a ccsim profile.\n"
      << "version: 1\n"
      << "creator: ccsim-annotate (profile by " << profile.header.creator << ")\n"
      << "pid: " << profile.header.pid << '\n'
      << "cmd: " << profile.header.command << '\n';
  // The threads summed here, named (callgrind_annotate prints `desc:` lines in its header).
  std::vector<ThreadId> threads;
  for (const ThreadRow& row : analysis.threads) threads.push_back(row.thread);
  if (!threads.empty()) out << "desc: Threads: " << profile.thread_names(threads) << '\n';
  out
      << "positions: line\n"
      << "events:";
  for (std::size_t column : exported) out << ' ' << profile.events[column];
  out << "\n\n";

  // Callgrind groups cost lines by file, then function; analysis.lines are ordered by file, line.
  std::map<std::pair<std::string, std::string>, std::vector<const LineRow*>> by_function;
  for (const LineRow& line : analysis.lines)
    by_function[{line.site.file, line.site.function}].push_back(&line);
  std::string current_file;  // never "": unknown files are written "???"
  for (const auto& [key, lines] : by_function) {
    std::string file = known_or_unknown(key.first);
    if (file != current_file) out << "fl=" << file << '\n';
    current_file = file;
    out << "fn=" << known_or_unknown(key.second) << '\n';
    for (const LineRow* line : lines) {
      out << line->site.line;
      write_counts(out, line->counts, exported);
    }
  }
  out << "\nsummary:";
  write_counts(out, analysis.totals, exported);
  out << "totals:";
  write_counts(out, analysis.totals, exported);
}

}  // namespace ccsim::annotate
