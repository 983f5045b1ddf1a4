// code_site.h: a place in the source (file, line, function), the unit references are added up to.
//
// Several instructions of one line (a load and a store of `x++`, an unrolled loop) are one site, as in
// cg_annotate's line-by-line view.
#ifndef CCSIM_ANNOTATE_CODE_SITE_H
#define CCSIM_ANNOTATE_CODE_SITE_H

#include <cstdint>
#include <string>

#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// Where a reference is in the source; ordered by file, line, function.
struct CodeSite {
  std::string file;        // empty when unknown
  std::uint64_t line = 0;  // 0 when unknown
  std::string function;    // empty when unknown
};

bool operator<(const CodeSite& a, const CodeSite& b);
bool operator==(const CodeSite& a, const CodeSite& b);

CodeSite site_of(const Reference& reference);

// How a file name is printed: as recorded (tables), or its last component (sentences and graphs).
enum class FileNames { full, base };

// "counters.c:12", or the function ("worker") when there is no line, or "???" when nothing is known.
std::string site_location(const CodeSite& site, FileNames names);
// "counters.c:12 (worker)"; the function is "???" when unknown.
std::string site_label(const CodeSite& site, FileNames names);
// "/src/a.c:fill", as the function views and the drill-downs name a function: its file as recorded (none
// when unknown) and its name ("???" when unknown).
std::string function_label(const CodeSite& site);
// The last component of a path.
std::string base_name(const std::string& path);
// Whether a recorded file is the one a user named: the same path, or a path ending in "/" + `named`
// ("counters.c" and "src/counters.c" name "/home/me/src/counters.c"), as --graph-node and --fail-if
// accept them.
bool names_file(const std::string& recorded, const std::string& named);

}  // namespace ccsim::annotate

#endif
