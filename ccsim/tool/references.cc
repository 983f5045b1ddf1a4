// references.cc: reference table (instruction address -> Reference), with debug info looked up once.
#include "ccsim/tool/references.h"

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// Removes "x/../" and "./" segments in place ("/src/build/../t.c" -> "/src/t.c"), so one source file has
// one name however the compiler was pointed at it.
void normalize_path(HChar* path) {
  HChar* out = path;
  for (HChar* in = path; *in != '\0';) {
    if (in[0] == '.' && in[1] == '/' && (in == path || in[-1] == '/')) {
      in += 2;
    } else if (in[0] == '.' && in[1] == '.' && in[2] == '/' && out > path + 1 && out[-1] == '/') {
      HChar* parent = out - 1;
      while (parent > path && parent[-1] != '/') --parent;
      if (parent == out - 1 || (parent[0] == '.' && parent[1] == '.')) {
        *out++ = *in++;
        continue;
      }
      out = parent;
      in += 3;
    } else {
      *out++ = *in++;
    }
  }
  *out = '\0';
}

VgHashTable* references_by_address = nullptr;  // instruction address -> Reference
XArray* references_by_id = nullptr;            // RefId -> Reference*
ReferenceNames names;

// Resolves file, function, line and object of `address`. Functions without debug info keep their symbol
// name (from the symbol table) when there is one; otherwise 0, shown as "???" like Cachegrind does.
void resolve_debug_info(Reference* ref) {
  DiEpoch epoch = VG_(current_DiEpoch)();
  const HChar* file = nullptr;
  const HChar* dir = nullptr;
  UInt line = 0;
  if (VG_(get_filename_linenum)(epoch, ref->address, &file, &dir, &line) && file) {
    // The directory is prepended only when it is absolute (the compilation directory of the user's own
    // code); relative ones (glibc's "./elf") would only repeat what the file name already says.
    if (dir && dir[0] == '/' && file[0] != '/') {
      HChar* full = static_cast<HChar*>(VG_(malloc)("ccsim.refs.path", VG_(strlen)(dir) + VG_(strlen)(file) + 2));
      VG_(sprintf)(full, "%s/%s", dir, file);
      normalize_path(full);
      ref->source_file = names.files.intern(full);
      VG_(free)(full);
    } else {
      ref->source_file = names.files.intern(file);
    }
    ref->line = line;
  }
  const HChar* function = nullptr;
  if (VG_(get_fnname)(epoch, ref->address, &function) && function) ref->function = names.functions.intern(function);
  const HChar* object = nullptr;
  if (VG_(get_objname)(epoch, ref->address, &object) && object) ref->object_file = names.objects.intern(object);
}

}  // namespace

void init_references() {
  references_by_address = VG_(HT_construct)("ccsim.refs.by_address");
  references_by_id = VG_(newXA)(VG_(malloc), "ccsim.refs.by_id", VG_(free), sizeof(Reference*));
  names.files.init("ccsim.names.files");
  names.functions.init("ccsim.names.functions");
  names.objects.init("ccsim.names.objects");
}

Reference* reference_at(unsigned long address) {
  Reference* ref = static_cast<Reference*>(VG_(HT_lookup)(references_by_address, address));
  if (ref) return ref;
  ref = static_cast<Reference*>(VG_(calloc)("ccsim.refs.node", 1, sizeof(Reference)));
  ref->address = address;
  ref->id = static_cast<RefId>(VG_(sizeXA)(references_by_id));
  resolve_debug_info(ref);
  VG_(addToXA)(references_by_id, &ref);
  VG_(HT_add_node)(references_by_address, ref);
  return ref;
}

std::uint32_t reference_count() { return static_cast<std::uint32_t>(VG_(sizeXA)(references_by_id)); }

const Reference* reference(RefId id) { return *static_cast<Reference**>(VG_(indexXA)(references_by_id, id)); }

const ReferenceNames& reference_names() { return names; }

}  // namespace ccsim
