// names.h: interned names (source files, functions, object files). Each distinct name gets a small
// number once, so the output file writes every name only once (as Callgrind's compressed names do).
#ifndef CCSIM_TOOL_NAMES_H
#define CCSIM_TOOL_NAMES_H

#include <cstdint>

struct _VgHashTable;  // Valgrind's hash table and growable array (valgrind_api.h)
struct _XArray;

namespace ccsim {

// A set of names, numbered 1, 2, ... in first-seen order; 0 stands for "unknown".
class NameTable {
 public:
  void init(const char* cost_centre);
  // Returns the number of `name`, adding a copy of it when new. Never called on the hot path.
  std::uint32_t intern(const char* name);
  std::uint32_t count() const;
  const char* name(std::uint32_t number) const;  // number in 1..count()

 private:
  ::_VgHashTable* by_text_ = nullptr;  // hash of the text -> node holding the text and number
  ::_XArray* by_number_ = nullptr;     // number - 1 -> text
};

}  // namespace ccsim

#endif
