// object_fields.cc: fields from Valgrind's descriptions of data addresses.
#include "ccsim/tool/data_objects/object_fields.h"

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// The longest field name kept; longer ones are cut (a path of many nested fields and elements).
constexpr std::uint32_t kMaxFieldName = 256;
// How far past [low, high] a field is followed: an array of structs without element names (which
// Valgrind would describe as one field) must not cost a lookup per byte of a large object.
constexpr Addr kMaxFieldFollow = 4096;

// What Valgrind says of one address: the name of the innermost field or element holding it and the
// address of that field's first byte. Valgrind's sentence reads `Location 0x601048 is 8 bytes inside
// pair.second,` or `... inside global var "pair"` (a variable without fields); false when there is none
// (no variable information there).
struct FieldAt {
  bool found;
  Addr start;
  HChar name[kMaxFieldName];
};

FieldAt field_at(Addr address) {
  FieldAt field{false, 0, {}};
  XArray* first = VG_(newXA)(VG_(malloc), "ccsim.objects.field_text", VG_(free), sizeof(HChar));
  XArray* second = VG_(newXA)(VG_(malloc), "ccsim.objects.field_text", VG_(free), sizeof(HChar));
  if (VG_(get_data_description)(first, second, VG_(current_DiEpoch)(), address)) {
    const HChar end = '\0';
    VG_(addToXA)(first, &end);
    const HChar* text = static_cast<const HChar*>(VG_(indexXA)(first, 0));
    const HChar* is = VG_(strstr)(text, " is ");
    const HChar* inside = VG_(strstr)(text, " inside ");
    if (is != nullptr && inside != nullptr && is < inside) {
      const ULong offset = VG_(strtoull10)(is + 4, nullptr);
      const HChar* name = inside + 8;
      const HChar* var = "global var \"";
      if (VG_(strncmp)(name, var, VG_(strlen)(var)) == 0) name += VG_(strlen)(var);
      std::uint32_t length = 0;
      while (name[length] != '\0' && name[length] != '"' && name[length] != ',' && length + 1 < kMaxFieldName) {
        field.name[length] = name[length];
        ++length;
      }
      field.name[length] = '\0';
      field.found = length > 0 && offset <= address;
      field.start = address - offset;
    }
  }
  VG_(deleteXA)(first);
  VG_(deleteXA)(second);
  return field;
}

bool same_field(const FieldAt& a, const FieldAt& b) {
  return a.found && b.found && a.start == b.start && VG_(strcmp)(a.name, b.name) == 0;
}

}  // namespace

void for_each_field(Addr low, Addr high, Addr extent_start, Addr extent_end, FieldVisitor visit, void* context) {
  for (Addr address = low; address <= high && address >= low;) {
    const FieldAt field = field_at(address);
    if (!field.found) {
      ++address;
      continue;
    }
    // The field's last byte: the first byte after `address` Valgrind describes otherwise, less one.
    const Addr follow_end = extent_end - high > kMaxFieldFollow ? high + kMaxFieldFollow : extent_end;
    Addr last = address;
    while (last < follow_end) {
      const FieldAt next = field_at(last + 1);
      if (!same_field(field, next)) break;
      ++last;
    }
    const Addr start = field.start < extent_start ? extent_start : field.start;
    visit(context, ObjectField{start, last - start + 1, field.name});
    address = last + 1;
  }
}

}  // namespace ccsim
