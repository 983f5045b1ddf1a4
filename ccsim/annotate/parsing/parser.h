// parser.h: reading a `ccsim.out.<pid>` profile (docs/output-format.md, version 1) into memory.
//
// Everything the format says a reader must check is checked: header order, version, defined-before-use
// ids, count column numbers, the summary against the sum of the `counts:` records, and the limits of
// numbers and count totals (docs/output-format.md, "Limits"). Any breach throws a ProfileError naming the
// file and line.
#ifndef CCSIM_ANNOTATE_PARSER_H
#define CCSIM_ANNOTATE_PARSER_H

#include <istream>
#include <string>

#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// Reads one profile from `in`; `file_name` is used in error messages and in Profile::file_names.
Profile parse_profile(std::istream& in, const std::string& file_name);

// Opens and reads the profile at `path`.
Profile read_profile_file(const std::string& path);

}  // namespace ccsim::annotate

#endif
