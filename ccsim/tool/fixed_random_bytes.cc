// fixed_random_bytes.cc: see fixed_random_bytes.h.
#include "ccsim/tool/fixed_random_bytes.h"

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// Auxiliary vector entry types (Linux <elf.h>; Valgrind's vki headers do not name these two).
constexpr UWord kAuxEnd = 0;      // AT_NULL
constexpr UWord kAuxRandom = 25;  // AT_RANDOM: the address of 16 random bytes

constexpr char kFixedBytes[16] = {'c', 'c', 's', 'i', 'm', ' ', 'f', 'i', 'x', 'e', 'd', ' ', 's', 'e', 'e', 'd'};

}  // namespace

// The initial stack, from the stack pointer up: argc, argv[0..argc-1], NULL, envp[...], NULL, then the
// auxiliary vector as (type, value) pairs ending with AT_NULL.
void fix_client_random_bytes() {
  const UWord* word = reinterpret_cast<const UWord*>(VG_(get_SP)(1));
  const UWord argc = word[0];
  word += 1 + argc + 1;
  while (*word != 0) ++word;
  ++word;
  for (; word[0] != kAuxEnd; word += 2) {
    if (word[0] == kAuxRandom) {
      VG_(memcpy)(reinterpret_cast<void*>(word[1]), kFixedBytes, sizeof kFixedBytes);
      return;
    }
  }
}

}  // namespace ccsim
