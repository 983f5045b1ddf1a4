// data_names.h: the names the user wrote for the bytes of a cache line: the fields of a variable
// (`field:` records, "st.limit") and the local variables of a stack (`local:` records, "results in main"),
// with every byte range said relative to what it counts from ("bytes 8-15 of st", "bytes 60-63 of the line").
#ifndef CCSIM_ANNOTATE_DATA_NAMES_H
#define CCSIM_ANNOTATE_DATA_NAMES_H

#include <cstdint>
#include <string>
#include <vector>

#include "ccsim/annotate/analysis/sharing_findings.h"

namespace ccsim::annotate {

// The variable holding some bytes of an object: the object itself for a global ("st"), a stack's local
// variable ("results in main"), or none known (a heap block, a stack's bytes no `local:` record names).
struct Variable {
  bool known = false;
  std::string name;         // "st", "results"
  std::string label;        // "st", "results in main": how sentences name it
  std::int64_t offset = 0;  // its first byte, as an offset in the object
  std::uint64_t size = 0;   // 0 when unknown
};

// One run of a thread's bytes in a line, in the user's words: the fields or variable holding it and the
// bytes relative to that variable, or relative to the line when no variable is known.
struct NamedBytes {
  std::vector<std::string> names;  // fields ("st.limit"), else the variable ("results"); empty: none known
  std::string bytes;               // "bytes 8-15 of st", "byte 3 of results in main", "bytes 60-63 of the line"
  Variable variable;
};

// The variable of `object` holding its byte `offset` (an offset in the object, as line-detail counts).
Variable variable_at(const Profile& profile, std::size_t object, std::int64_t offset);

// The runs of `ranges` (offsets in the line) of one object's line, each split where the variable holding
// it changes.
std::vector<NamedBytes> named_bytes(const Profile& profile, const LineUse& line, const ByteRanges& ranges);

// "st.limit (bytes 8-15 of st)", "results.a (bytes 0-7 of results in main)", "bytes 60-63 of the line";
// several runs joined by ", ".
std::string named_bytes_text(const std::vector<NamedBytes>& runs);

// "thread 2 (reader) reads st.limit (bytes 8-15 of st)": a thread's bytes of one object's line, named.
std::string named_thread_text(const Profile& profile, const LineUse& line, const ThreadBytes& use);

// The variables of `lines` (one object's or a finding's), each once, by their offset in the object.
std::vector<Variable> variables_in(const Profile& profile, const std::vector<const LineUse*>& lines);

// Whether the profile names any field or local variable of `object`.
bool has_names(const Profile& profile, std::size_t object);

// The last part of a field path: "limit" for "st.limit", "b" for "results.b".
std::string member_name(const std::string& field);

}  // namespace ccsim::annotate

#endif
