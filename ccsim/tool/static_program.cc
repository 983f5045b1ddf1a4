// static_program.cc: see static_program.h.
#include "ccsim/tool/static_program.h"

#include <elf.h>

#include <cstdint>

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// More program headers than any linker writes: a damaged file is not read further.
constexpr std::uint32_t kMaxProgramHeaders = 256;

// Reads exactly `count` bytes at `offset`.
bool read_exactly(Int fd, void* into, Int count, std::uint64_t offset) {
  const SysRes read = VG_(pread)(fd, into, count, static_cast<OffT>(offset));
  return !sr_isError(read) && sr_Res(read) == static_cast<UWord>(count);
}

}  // namespace

bool statically_linked(const char* path) {
  const SysRes opened = VG_(open)(path, VKI_O_RDONLY, 0);
  if (sr_isError(opened)) return false;
  const Int fd = static_cast<Int>(sr_Res(opened));
  Elf64_Ehdr header;
  Elf64_Phdr programs[kMaxProgramHeaders];
  bool is_static = false;
  if (read_exactly(fd, &header, sizeof header, 0) && VG_(memcmp)(header.e_ident, ELFMAG, SELFMAG) == 0 &&
      header.e_ident[EI_CLASS] == ELFCLASS64 && header.e_phentsize == sizeof(Elf64_Phdr) && header.e_phnum > 0 &&
      header.e_phnum <= kMaxProgramHeaders &&
      read_exactly(fd, programs, static_cast<Int>(header.e_phnum * sizeof(Elf64_Phdr)), header.e_phoff)) {
    is_static = true;
    for (std::uint32_t i = 0; i < header.e_phnum; ++i) {
      if (programs[i].p_type == PT_INTERP) is_static = false;
    }
  }
  VG_(close)(fd);
  return is_static;
}

void warn_if_statically_linked() {
  if (!statically_linked(VG_(args_the_exename))) return;
  VG_(umsg)("ccsim: %s is statically linked, so ccsim's preload cannot be loaded into it: its threads' "
            "synchronization, its heap blocks and its runtime's code are not seen, and the profile will have no "
            "regions (one for the whole run), locks or heap blocks (link it dynamically to have them).\n",
            VG_(args_the_exename));
}

}  // namespace ccsim
