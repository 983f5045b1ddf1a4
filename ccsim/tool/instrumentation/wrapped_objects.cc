// wrapped_objects.cc: which functions of a loaded object are wrapped (wrapped_objects.h).
#include "ccsim/tool/instrumentation/wrapped_objects.h"

namespace ccsim {
namespace {

constexpr char kSynonymsOption[] = "--soname-synonyms=";
constexpr char kAllocatorSynonym[] = "somalloc=";

// The pattern of Valgrind's --soname-synonyms=somalloc=PATTERN (an entry of the comma-separated list of
// the last such option, which is the one Valgrind takes), or null; read from Valgrind's arguments (those
// of ~/.valgrindrc, $VALGRIND_OPTS, ./.valgrindrc and the command line) at the first question.
const HChar* allocator_soname_pattern = nullptr;
bool allocator_soname_read = false;

const HChar* read_allocator_soname_pattern() {
  const HChar* synonyms = nullptr;
  XArray* arguments = VG_(args_for_valgrind);
  for (Word i = 0; i < VG_(sizeXA)(arguments); ++i) {
    const HChar* argument = *static_cast<HChar**>(VG_(indexXA)(arguments, i));
    if (VG_(strncmp)(argument, kSynonymsOption, sizeof(kSynonymsOption) - 1) == 0) {
      synonyms = argument + sizeof(kSynonymsOption) - 1;
    }
  }
  for (const HChar* entry = synonyms; entry != nullptr && *entry != '\0';) {
    const HChar* end = VG_(strchr)(entry, ',');
    const SizeT length = end != nullptr ? static_cast<SizeT>(end - entry) : VG_(strlen)(entry);
    if (length >= sizeof(kAllocatorSynonym) - 1 &&
        VG_(strncmp)(entry, kAllocatorSynonym, sizeof(kAllocatorSynonym) - 1) == 0) {
      const SizeT pattern_length = length - (sizeof(kAllocatorSynonym) - 1);
      HChar* pattern = static_cast<HChar*>(VG_(malloc)("ccsim.entry_wrappers.somalloc", pattern_length + 1));
      VG_(memcpy)(pattern, entry + sizeof(kAllocatorSynonym) - 1, pattern_length);
      pattern[pattern_length] = '\0';
      return pattern;
    }
    entry = end != nullptr ? end + 1 : nullptr;
  }
  return nullptr;
}

bool is_c_library(const HChar* soname) { return VG_(string_match)("libc.so*", soname); }

}  // namespace

WrappedFunctions wrapped_functions_of(const HChar* soname) {
  if (!allocator_soname_read) {
    allocator_soname_pattern = read_allocator_soname_pattern();
    allocator_soname_read = true;
  }
  WrappedFunctions wrapped;
  if (soname == nullptr) return wrapped;
  wrapped.runtime = is_c_library(soname) || VG_(strcmp)(soname, "libpthread.so.0") == 0 ||
                    VG_(strcmp)(soname, "libgomp.so.1") == 0;
  wrapped.libomp = VG_(string_match)("libomp.so*", soname);
  wrapped.allocator = is_c_library(soname) || VG_(string_match)("libstdc++*", soname) ||
                      VG_(string_match)("libc++*", soname) ||
                      (allocator_soname_pattern != nullptr && VG_(string_match)(allocator_soname_pattern, soname));
  wrapped.allocator_if_global = allocator_soname_pattern == nullptr && !VG_(is_soname_ld_so)(soname);
  return wrapped;
}

}  // namespace ccsim
