// global_variables.cc: reads the data symbols of every loaded object into an extent index.
#include "ccsim/tool/data_objects/global_variables.h"

#include "ccsim/core/hash_map.h"
#include "ccsim/tool/data_objects/cached_ranges.h"
#include "ccsim/tool/data_objects/elf_symbols.h"
#include "ccsim/tool/data_objects/extent_index.h"
#include "ccsim/tool/data_objects/layer_hooks.h"
#include "ccsim/tool/data_objects/runtime_libraries.h"
#include "ccsim/tool/data_objects/toolchain_symbols.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// Every variable read so far. Aliases (two symbols at one address, e.g. environ and __environ) keep the
// first name read. Limit: a symbol lying inside another one is found only where no enclosing symbol
// starts below it; compilers do not emit such symbols for C or C++ variables.
ExtentIndex* globals = nullptr;

// The objects (executable, libraries) already read, by a hash of their file name and text address, so
// a rescan reads only new ones.
HashSet<std::uint64_t>* objects_read = nullptr;

// Whether Valgrind may have loaded debug info since the last scan. True at start: the client's
// initial objects are read at the first lookup, after Valgrind has loaded their debug info.
bool scan_pending = true;

const HChar* base_name(const HChar* path) {
  const HChar* slash = VG_(strrchr)(path, '/');
  return slash != nullptr ? slash + 1 : path;
}

// What one object's symbols need: its load bias, its file's base name unless it is the executable, and
// whether it is a runtime library.
struct ObjectFile {
  Addr bias;
  const HChar* library;
  bool runtime;
};

// glibc's allocator keeps its main arena (bins, top chunk, the arena's lock) and its parameters in these
// variables of libc: the allocator's own memory, like the headers between blocks (data_objects.h).
bool is_allocator_state(const HChar* name) {
  return VG_(strcmp)(name, "main_arena") == 0 || VG_(strcmp)(name, "mp_") == 0;
}

void add_variable(void* context, const ElfDataSymbol& symbol) {
  const ObjectFile* object_file = static_cast<const ObjectFile*>(context);
  const Addr start = symbol.value + object_file->bias;
  if (globals->at(start) != nullptr) return;  // an alias of a variable already read
  const HChar* name = symbol.name;
  // VG_(demangle) returns its own buffer, valid until its next call: add_object copies the name.
  if (name[0] == '_' && name[1] == 'Z') VG_(demangle)(True, False, symbol.name, &name);
  ObjectId object;
  if (object_file->library == nullptr) {
    object = add_object(ObjectKind::Global, start, symbol.size, 0, name);
  } else {
    HChar* qualified = static_cast<HChar*>(
        VG_(malloc)("ccsim.objects.global_name", VG_(strlen)(name) + VG_(strlen)(object_file->library) + 5));
    VG_(sprintf)(qualified, "%s in %s", name, object_file->library);
    object = add_object(ObjectKind::Global, start, symbol.size, 0, qualified);
    VG_(free)(qualified);
  }
  // A runtime library's variables are the runtime's, and so are the start files' and the linker's in the
  // executable, and its copies of the C library's (toolchain_symbols.h); glibc's allocator state is the
  // allocator's.
  if (object_file->runtime || is_toolchain_variable(symbol.name, symbol.source_file)) {
    data_object(object).origin = is_allocator_state(name) ? ObjectOrigin::Allocator : ObjectOrigin::Runtime;
  }
  globals->add(start, symbol.size, object);
}

std::uint64_t object_file_key(const HChar* path, Addr text) {
  std::uint64_t h = 14695981039346656037ull;
  for (const HChar* p = path; *p != '\0'; ++p) h = (h ^ static_cast<unsigned char>(*p)) * 1099511628211ull;
  return h ^ text;
}

// Reads one object of Valgrind's debug info list unless read before; `*added` tells whether it had any.
// An object whose debug info is still being loaded (no text yet) is left for a later scan: its last
// mapping will trigger one.
void read_object_file(void* added, const HChar* path, Addr text, std::uint64_t text_size, Addr bias) {
  if (path == nullptr || text_size == 0) return;
  if (!objects_read->add(object_file_key(path, text))) return;
  const HChar* file = base_name(path);
  ObjectFile object_file{bias, VG_(strcmp)(file, base_name(VG_(args_the_exename))) == 0 ? nullptr : file,
                         is_runtime_library(path)};
  if (read_elf_data_symbols(path, add_variable, &object_file)) *static_cast<bool*>(added) = true;
}

// Reads every object in Valgrind's debug info list not read before. The simulation worker
// (--sim-threads=1) reads the list the tool mirrored at this point of the stream (layer_hooks.h).
void scan_debug_info_list() {
  scan_pending = false;
  bool added = false;
  if (live_state_mirror != nullptr) {
    live_state_mirror->for_each_object_file(read_object_file, &added);
  } else {
    for (const DebugInfo* info = VG_(next_DebugInfo)(nullptr); info != nullptr; info = VG_(next_DebugInfo)(info)) {
      read_object_file(&added, VG_(DebugInfo_get_filename)(info), VG_(DebugInfo_get_text_avma)(info),
                       VG_(DebugInfo_get_text_size)(info), static_cast<Addr>(VG_(DebugInfo_get_text_bias)(info)));
    }
  }
  // Ranges cached before the scan may hold addresses of the new variables.
  if (added) forget_all_ranges();
}

}  // namespace

void init_global_variables() {
  globals = create_object<ExtentIndex>("ccsim.objects", "ccsim.objects.globals");
  objects_read = create_object<HashSet<std::uint64_t>>("ccsim.objects", "ccsim.objects.files_read");
}

void note_new_mapping() { scan_pending = true; }

bool global_object_at(Addr address, ObjectExtent* found) {
  if (scan_pending) scan_debug_info_list();
  return globals->find(address, found);
}

}  // namespace ccsim
