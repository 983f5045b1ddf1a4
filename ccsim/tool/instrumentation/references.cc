// references.cc: reference table (instruction address -> Reference), with debug info looked up once.
#include "ccsim/tool/instrumentation/references.h"

#include "ccsim/tool/data_objects/runtime_libraries.h"
#include "ccsim/tool/instrumentation/lazy_binding.h"
#include "ccsim/tool/valgrind_api.h"
#include "ccsim/tool/workers/worker_handover.h"

namespace ccsim {

GrowableArray<Reference*>* references_by_id = nullptr;

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
// By reference id: whether it is an allocator twin (allocator_twin); as long as the last twin's id + 1.
GrowableArray<bool>* allocator_references = nullptr;
ReferenceNames names;

// The last component of a path.
const HChar* base_name(const HChar* path) {
  const HChar* slash = VG_(strrchr)(path, '/');
  return slash ? slash + 1 : path;
}

// The dynamic linker is a runtime too: besides loading and relocating, it binds a lazily linked
// function on its first call (libomp.so is linked so, whatever the program's options), a symbol lookup
// of a few hundred accesses in whichever thread calls the function first in the real run. Simulated as
// the program's, that timing would put one thread of a team behind the others in an interleaved replay
// for the rest of a region (docs/synchronization.md, "Runtime code is not the program's").
// Limit: the main executable is recognised by its file name; a program started through a differently
// named link to it counts as library code (its accesses inside runtime calls, e.g. task bodies that a
// barrier runs, are then excluded).
RuntimeClass runtime_class_of(const HChar* object_file) {
  if (object_file == nullptr) return kLibraryCode;
  if (is_openmp_runtime_library(object_file) || is_dynamic_loader(object_file)) return kRuntimeLibrary;
  return VG_(strcmp)(base_name(object_file), base_name(VG_(args_the_exename))) == 0 ? kProgramCode : kLibraryCode;
}

}  // namespace

const char* function_name_of(unsigned long address) {
  const HChar* function = nullptr;
  if (!VG_(get_fnname)(VG_(current_DiEpoch)(), address, &function) || function == nullptr) return nullptr;
  static constexpr const HChar* kStaticInitializerPrefixes[] = {"_GLOBAL__sub_I_", "global constructors keyed to "};
  for (const HChar* prefix : kStaticInitializerPrefixes) {
    const SizeT length = VG_(strlen)(prefix);
    if (VG_(strncmp)(function, prefix, length) != 0 || function[length] == '\0') continue;
    const HChar* initialized = function + length;
    if (initialized[0] == '_' && initialized[1] == 'Z') VG_(demangle)(True, False, initialized, &initialized);
    return initialized;
  }
  return function;
}

namespace {

// Resolves file, function, line and object of `address`. Functions without debug info keep their symbol
// name (from the symbol table) when there is one; otherwise 0, shown as "???" like Cachegrind does.
void resolve_debug_info(Reference* ref) {
  DiEpoch epoch = VG_(current_DiEpoch)();
  ref->source_file = source_file_of(ref->address, &ref->line);
  if (const HChar* function = function_name_of(ref->address)) ref->function = names.functions.intern(function);
  const HChar* object = nullptr;
  if (VG_(get_objname)(epoch, ref->address, &object) && object) ref->object_file = names.objects.intern(object);
  ref->access_class = is_lazy_binding_stub(ref->address) ? kRuntimeLibrary : runtime_class_of(object);
}

}  // namespace

std::uint32_t source_file_of(unsigned long address, std::uint32_t* line) {
  const HChar* file = nullptr;
  const HChar* dir = nullptr;
  UInt found_line = 0;
  *line = 0;
  if (!VG_(get_filename_linenum)(VG_(current_DiEpoch)(), address, &file, &dir, &found_line) || !file) return 0;
  *line = found_line;
  // The directory is prepended only when it is absolute (the compilation directory of the user's own
  // code); relative ones (glibc's "./elf") would only repeat what the file name already says.
  if (!dir || dir[0] != '/' || file[0] == '/') return names.files.intern(file);
  HChar* full = static_cast<HChar*>(VG_(malloc)("ccsim.refs.path", VG_(strlen)(dir) + VG_(strlen)(file) + 2));
  VG_(sprintf)(full, "%s/%s", dir, file);
  normalize_path(full);
  const std::uint32_t number = names.files.intern(full);
  VG_(free)(full);
  return number;
}

std::uint32_t source_file_number(const char* path) { return names.files.intern(path); }

std::uint32_t function_number(const char* name) { return names.functions.intern(name); }

void init_references() {
  references_by_address = VG_(HT_construct)("ccsim.refs.by_address");
  references_by_id = create_object<GrowableArray<Reference*>>("ccsim.refs", "ccsim.refs.by_id");
  allocator_references = create_object<GrowableArray<bool>>("ccsim.refs", "ccsim.refs.allocator");
  names.files.init("ccsim.names.files");
  names.functions.init("ccsim.names.functions");
  names.objects.init("ccsim.names.objects");
}

Reference* reference_at(unsigned long address) {
  Reference* ref = static_cast<Reference*>(VG_(HT_lookup)(references_by_address, address));
  if (ref) return ref;
  ref = static_cast<Reference*>(VG_(calloc)("ccsim.refs.node", 1, sizeof(Reference)));
  ref->address = address;
  ref->id = references_by_id->size();
  resolve_debug_info(ref);
  references_by_id->push_back(ref);
  VG_(HT_add_node)(references_by_address, ref);
  send_new_reference(ref);
  return ref;
}

std::uint32_t reference_count() { return references_by_id->size(); }

Reference* make_allocator_twin(Reference* ref) {
  Reference* twin = static_cast<Reference*>(VG_(calloc)("ccsim.refs.node", 1, sizeof(Reference)));
  twin->address = ref->address;
  twin->id = references_by_id->size();
  twin->object_file = ref->object_file;
  twin->source_file = ref->source_file;
  twin->function = ref->function;
  twin->line = ref->line;
  twin->access_class = ref->access_class;
  references_by_id->push_back(twin);  // by id only: the address finds the instruction's own reference
  while (allocator_references->size() <= twin->id) allocator_references->push_back(false);
  (*allocator_references)[twin->id] = true;
  ref->allocator_twin = twin;
  send_new_reference(twin);
  return twin;
}

bool is_allocator_reference(RefId id) { return id < allocator_references->size() && (*allocator_references)[id]; }

const ReferenceNames& reference_names() { return names; }

void adopt_reference(const AdoptedReference& adopted) {
  tl_assert(adopted.id == references_by_id->size());
  Reference* ref = static_cast<Reference*>(VG_(calloc)("ccsim.refs.node", 1, sizeof(Reference)));
  ref->address = adopted.address;
  ref->id = adopted.id;
  ref->line = adopted.line;
  ref->access_class = adopted.access_class;
  ref->spin_reads = adopted.spin_reads;
  if (adopted.object_file != nullptr) ref->object_file = names.objects.intern(adopted.object_file);
  if (adopted.source_file != nullptr) ref->source_file = names.files.intern(adopted.source_file);
  if (adopted.function != nullptr) ref->function = names.functions.intern(adopted.function);
  references_by_id->push_back(ref);
  if (adopted.twin) {
    while (allocator_references->size() <= ref->id) allocator_references->push_back(false);
    (*allocator_references)[ref->id] = true;
    reference(adopted.twin_of)->allocator_twin = ref;
  } else {
    VG_(HT_add_node)(references_by_address, ref);
  }
}

}  // namespace ccsim
