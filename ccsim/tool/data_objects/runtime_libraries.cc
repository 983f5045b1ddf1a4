// runtime_libraries.cc: the runtime libraries, by the base names of their files.
#include "ccsim/tool/data_objects/runtime_libraries.h"

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// The base names' prefixes, each up to the point where versions and platforms start to differ
// ("libc.so.6", "ld-linux-x86-64.so.2", "libomp.so.5"). Libraries a program calls for its own
// computations (libm, BLAS) are not here: their data serves the program.
constexpr const char* kOpenMpPrefixes[] = {"libgomp.so", "libomp.so", "libiomp5.so"};
constexpr const char* kDynamicLoaderPrefixes[] = {"ld-linux", "ld64.so"};
constexpr const char* kOtherRuntimePrefixes[] = {
    "libc.so", "libpthread.so", "libdl.so", "librt.so", "libstdc++.so", "libgcc_s.so",
    "libc++.so", "libc++abi.so", "libunwind.so", "vgpreload_",
};

template <std::size_t kCount>
bool base_name_starts_with_one_of(const char* path, const char* const (&prefixes)[kCount]) {
  const char* slash = VG_(strrchr)(path, '/');
  const char* base = slash != nullptr ? slash + 1 : path;
  for (const char* prefix : prefixes) {
    if (VG_(strncmp)(base, prefix, VG_(strlen)(prefix)) == 0) return true;
  }
  return false;
}

}  // namespace

bool is_openmp_runtime_library(const char* path) { return base_name_starts_with_one_of(path, kOpenMpPrefixes); }

bool is_dynamic_loader(const char* path) { return base_name_starts_with_one_of(path, kDynamicLoaderPrefixes); }

bool is_runtime_library(const char* path) {
  return is_openmp_runtime_library(path) || is_dynamic_loader(path) ||
         base_name_starts_with_one_of(path, kOtherRuntimePrefixes);
}

bool is_runtime_code(Addr ip) {
  const DebugInfo* object_file = VG_(find_DebugInfo)(VG_(current_DiEpoch)(), ip);
  return object_file != nullptr && is_runtime_library(VG_(DebugInfo_get_filename)(object_file));
}

bool is_openmp_runtime_code(Addr ip) {
  const DebugInfo* object_file = VG_(find_DebugInfo)(VG_(current_DiEpoch)(), ip);
  return object_file != nullptr && is_openmp_runtime_library(VG_(DebugInfo_get_filename)(object_file));
}

}  // namespace ccsim
