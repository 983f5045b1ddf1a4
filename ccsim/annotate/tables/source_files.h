// source_files.h: which source files are annotated (the files of the hot lines) and where they are read
// from; the source view (views/source_annotation.cc) and the HTML report (exports/html_report.cc) share them.
#ifndef CCSIM_ANNOTATE_SOURCE_FILES_H
#define CCSIM_ANNOTATE_SOURCE_FILES_H

#include <string>
#include <vector>

#include "ccsim/annotate/tables/view_context.h"

namespace ccsim::annotate {

// The path a recorded source file name is read from: the name itself, then each --include directory
// joined with the name and with its last component (for profiles made in another directory or machine);
// empty when none of them is a regular file.
std::string find_source(const std::string& file, const std::vector<std::string>& include_dirs);

// The files of the lines above the threshold, the file of the heaviest line first.
std::vector<std::string> files_to_annotate(const ViewContext& context);

// One row of an annotated source file: a source line with its counts, or a note.
struct SourceRow {
  std::uint64_t line = 0;          // 1-based; 0 for a note (counts without a line number, past the end)
  std::vector<std::string> cells;  // the margin: each shown event's count, "." where the line has none
  std::string text;                // the source line, or the note
  bool after_gap = false;          // lines were left out before this one (farther than --context)
  bool hot = false;                // a line above the threshold, as the lines table ranks them
};

// A source file as --view=source shows it: lines within --context of a counted line.
struct AnnotatedSource {
  std::string file;  // as the profile names it
  std::string path;  // where it was read from (find_source)
  std::vector<SourceRow> rows;
};

// The hot files (files_to_annotate) annotated, and the names of those that were not found.
struct SourceAnnotation {
  std::vector<AnnotatedSource> files;
  std::vector<std::string> missing;
};
SourceAnnotation annotate_sources(const ViewContext& context);

}  // namespace ccsim::annotate

#endif
