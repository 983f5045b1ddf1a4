// object_fields.h: the names debug information gives to the bytes of a data object, for `field:`
// records: "pair.second", "tid_args[1].sxy". Valgrind describes an address of a global or stack
// variable by the variable and the path of fields and elements within it (VG_(get_data_description)),
// once it has read the DWARF variable information (Valgrind's --read-var-info=yes); heap blocks have no
// type there, so they get no fields.
#ifndef CCSIM_TOOL_OBJECT_FIELDS_H
#define CCSIM_TOOL_OBJECT_FIELDS_H

#include <cstdint>

#include "ccsim/core/types.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

// The longest field name kept; longer ones are cut (a path of many nested fields and elements).
constexpr std::uint32_t kMaxFieldName = 256;

// What Valgrind says of one address: the name of the innermost field or element holding it ("pair.second",
// or the variable's name when it has no fields) and the address of that field's first byte; for a local
// variable, also the frame holding it (0 the innermost) and Valgrind's number of the thread whose stack it
// is. `found` is false when Valgrind has no description (no variable information there).
struct DataDescription {
  bool found;
  bool local;
  Addr start;
  std::uint32_t frame;
  ThreadId tid;
  HChar name[kMaxFieldName];
};
DataDescription describe_data_address(Addr address);

// A field: its first byte's address, its size, and its name (valid during the visit only).
struct ObjectField {
  Addr start;
  std::uint64_t size;
  const char* name;
};
using FieldVisitor = void (*)(void* context, const ObjectField& field);

// Visits, in address order, the fields holding the bytes [low, high] of the object whose extent is
// [extent_start, extent_end] (inclusive); a field reaching past [low, high] is followed within the
// extent to its ends. Nothing when the debug information names none of those bytes.
void for_each_field(Addr low, Addr high, Addr extent_start, Addr extent_end, FieldVisitor visit, void* context);

}  // namespace ccsim

#endif
