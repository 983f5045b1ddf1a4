// source_files.h: which source files are annotated (the files of the hot lines) and where they are read
// from; the source view (source_annotation.cc) and the HTML report (exports/html_report.cc) share them.
#ifndef CCSIM_ANNOTATE_SOURCE_FILES_H
#define CCSIM_ANNOTATE_SOURCE_FILES_H

#include <string>
#include <vector>

#include "ccsim/annotate/views/views.h"

namespace ccsim::annotate {

// The path a recorded source file name is read from: the name itself, then each --include directory
// joined with the name and with its last component (for profiles made in another directory or machine);
// empty when none of them is a regular file.
std::string find_source(const std::string& file, const std::vector<std::string>& include_dirs);

// The files of the lines above the threshold, the file of the heaviest line first.
std::vector<std::string> files_to_annotate(const ViewContext& context);

}  // namespace ccsim::annotate

#endif
