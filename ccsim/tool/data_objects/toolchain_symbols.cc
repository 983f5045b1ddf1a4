// toolchain_symbols.cc: the start files, the linker's names and the runtime libraries' symbol versions.
#include "ccsim/tool/data_objects/toolchain_symbols.h"

#include "ccsim/tool/data_objects/toolchain_names.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

bool starts_with(const char* text, const char* prefix) {
  return VG_(strncmp)(text, prefix, VG_(strlen)(prefix)) == 0;
}

bool ends_with(const char* text, const char* suffix) {
  const SizeT length = VG_(strlen)(text);
  const SizeT suffix_length = VG_(strlen)(suffix);
  return length >= suffix_length && VG_(strcmp)(text + length - suffix_length, suffix) == 0;
}

// crtstuff.c (GCC's crtbegin*.o / crtend*.o keep its name), the C library's crt*.o start files ("crt1.o",
// "Scrt1.o", "gcrt1.o", "rcrt1.o", "crti.o", "crtn.o", "crtbeginS.o", ...), and the linker's unnamed file.
bool is_start_file(const char* file) {
  if (file[0] == '\0' || VG_(strcmp)(file, "crtstuff.c") == 0) return true;
  const char* base = file[0] == 'S' || file[0] == 'g' || file[0] == 'r' ? file + 1 : file;
  return starts_with(base, "crt") && ends_with(base, ".o");
}

}  // namespace

bool is_toolchain_variable(const char* name, const char* source_file) {
  if (source_file != nullptr && is_start_file(source_file)) return true;
  for (const char* toolchain_name : kToolchainVariableNames) {
    if (VG_(strcmp)(name, toolchain_name) == 0) return true;
  }
  const char* at = VG_(strchr)(name, '@');
  if (at == nullptr) return false;
  const char* version = at[1] == '@' ? at + 2 : at + 1;
  for (const char* prefix : kRuntimeSymbolVersions) {
    if (starts_with(version, prefix)) return true;
  }
  return false;
}

}  // namespace ccsim
