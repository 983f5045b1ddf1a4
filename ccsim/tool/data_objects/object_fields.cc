// object_fields.cc: fields from Valgrind's descriptions of data addresses.
#include "ccsim/tool/data_objects/object_fields.h"

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// How far past [low, high] a field is followed: an array of structs without element names (which
// Valgrind would describe as one field) must not cost a lookup per byte of a large object.
constexpr Addr kMaxFieldFollow = 4096;

// Copies the name Valgrind's description gives from `name` on: up to a closing quote, comma or tag, with the
// XML escapes of the five characters XML escapes undone (the description is made in XML mode, see
// describe()).
std::uint32_t copy_name(const HChar* name, HChar* out, std::uint32_t capacity) {
  static const struct {
    const HChar* escape;
    HChar character;
  } kEscapes[] = {{"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}};
  std::uint32_t length = 0;
  while (*name != '\0' && *name != '"' && *name != ',' && *name != '<' && length + 1 < capacity) {
    HChar c = *name++;
    if (c == '&') {
      for (const auto& escape : kEscapes) {
        const std::uint32_t size = VG_(strlen)(escape.escape) - 1;
        if (VG_(strncmp)(name, escape.escape + 1, size) == 0) {
          c = escape.character;
          name += size;
          break;
        }
      }
    }
    out[length++] = c;
  }
  out[length] = '\0';
  return length;
}

// Valgrind's description of one address in its two lines of text; false when it has none.
//
// Valgrind warns on stderr ("evaluate_Dwarf3_Expr: unhandled DW_OP_ 0x9b") for every thread-local variable
// of every library whose location it evaluates, on every description: GCC 12's DWARF 5 gives thread-local
// variables (the C library has several) DW_OP_form_tls_address, which Valgrind 3.19 cannot evaluate. Those
// variables are never ccsim's to name, and the warning is printed only when Valgrind is not in XML mode:
// describing in XML mode keeps them from flooding stderr. The texts are then tagged and their names
// escaped, which the parsing below allows for. Valgrind runs one thread at a time, so nothing else prints
// meanwhile.
bool describe(Addr address, XArray* first, XArray* second) {
  const Bool xml = VG_(clo_xml);
  VG_(clo_xml) = True;
  const bool found = VG_(get_data_description)(first, second, VG_(current_DiEpoch)(), address);
  VG_(clo_xml) = xml;
  const HChar end = '\0';
  VG_(addToXA)(first, &end);
  VG_(addToXA)(second, &end);
  return found;
}

}  // namespace

DataDescription describe_data_address(Addr address) {
  DataDescription description{false, false, 0, 0, 0, {}};
  // Without --read-var-info=yes Valgrind has no variable to name (it would only walk the threads' stacks
  // to say so), so nothing is asked: the same answer, and one the simulation worker can give too (it has
  // no live threads to walk: --sim-threads=1 refuses --read-var-info=yes, options.cc).
  if (!VG_(clo_read_var_info)) return description;
  XArray* first = VG_(newXA)(VG_(malloc), "ccsim.objects.field_text", VG_(free), sizeof(HChar));
  XArray* second = VG_(newXA)(VG_(malloc), "ccsim.objects.field_text", VG_(free), sizeof(HChar));
  if (describe(address, first, second)) {
    // `Location 0x601048 is 8 bytes inside pair.second,`, `... inside global var "pair"` (a variable
    // without fields), `... inside local var "result",` or `... inside result.count`; a local's second line
    // ends `in frame #1 of thread 1`.
    const HChar* text = static_cast<const HChar*>(VG_(indexXA)(first, 0));
    const HChar* is = VG_(strstr)(text, " is ");
    const HChar* inside = VG_(strstr)(text, " inside ");
    if (is != nullptr && inside != nullptr && is < inside) {
      const ULong offset = VG_(strtoull10)(is + 4, nullptr);
      const HChar* name = inside + 8;
      static const HChar* const kVariablePrefixes[] = {"global var \"", "local var \""};
      for (const HChar* var : kVariablePrefixes) {
        if (VG_(strncmp)(name, var, VG_(strlen)(var)) == 0) name += VG_(strlen)(var);
      }
      const std::uint32_t length = copy_name(name, description.name, kMaxFieldName);
      description.found = length > 0 && offset <= address;
      description.start = address - offset;
    }
    const HChar* where = static_cast<const HChar*>(VG_(indexXA)(second, 0));
    const HChar* frame = VG_(strstr)(where, "in frame #");
    const HChar* thread = frame != nullptr ? VG_(strstr)(frame, " of thread ") : nullptr;
    if (description.found && thread != nullptr) {
      description.local = true;
      description.frame = static_cast<std::uint32_t>(VG_(strtoull10)(frame + 10, nullptr));
      description.tid = static_cast<ThreadId>(VG_(strtoull10)(thread + 11, nullptr));
    }
  }
  VG_(deleteXA)(first);
  VG_(deleteXA)(second);
  return description;
}

namespace {

bool same_field(const DataDescription& a, const DataDescription& b) {
  return a.found && b.found && a.start == b.start && VG_(strcmp)(a.name, b.name) == 0;
}

}  // namespace

void for_each_field(Addr low, Addr high, Addr extent_start, Addr extent_end, FieldVisitor visit, void* context) {
  for (Addr address = low; address <= high && address >= low;) {
    const DataDescription field = describe_data_address(address);
    if (!field.found) {
      ++address;
      continue;
    }
    // The field's last byte: the first byte after `address` Valgrind describes otherwise, less one.
    const Addr follow_end = extent_end - high > kMaxFieldFollow ? high + kMaxFieldFollow : extent_end;
    Addr last = address;
    while (last < follow_end) {
      const DataDescription next = describe_data_address(last + 1);
      if (!same_field(field, next)) break;
      ++last;
    }
    const Addr start = field.start < extent_start ? extent_start : field.start;
    visit(context, ObjectField{start, last - start + 1, field.name});
    address = last + 1;
  }
}

}  // namespace ccsim
