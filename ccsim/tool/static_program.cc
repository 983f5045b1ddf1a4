// static_program.cc: see static_program.h.
#include "ccsim/tool/static_program.h"

#include <cstdint>

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// The parts of the ELF-64 file and program headers read here (the System V ABI's layout).
constexpr std::uint32_t kProgramHeaderOffset = 0x20;  // e_phoff (8 bytes)
constexpr std::uint32_t kProgramHeaderSize = 0x36;    // e_phentsize (2 bytes)
constexpr std::uint32_t kProgramHeaderCount = 0x38;   // e_phnum (2 bytes)
constexpr std::uint32_t kInterpreter = 3;             // PT_INTERP, a program header's p_type (4 bytes)

template <class T>
T read_at(const unsigned char* bytes, std::uint32_t offset) {
  T value = 0;
  for (std::uint32_t i = 0; i < sizeof(T); ++i) value |= static_cast<T>(bytes[offset + i]) << (8 * i);
  return value;  // little-endian, as on every platform ccsim builds for
}

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
  unsigned char header[64];
  bool is_static = false;
  if (read_exactly(fd, header, sizeof header, 0) && header[0] == 0x7f &&
      header[1] == 'E' && header[2] == 'L' && header[3] == 'F' && header[4] == 2 /* ELFCLASS64 */) {
    const std::uint64_t offset = read_at<std::uint64_t>(header, kProgramHeaderOffset);
    const std::uint16_t size = read_at<std::uint16_t>(header, kProgramHeaderSize);
    const std::uint16_t count = read_at<std::uint16_t>(header, kProgramHeaderCount);
    is_static = count > 0 && size >= 4;
    for (std::uint16_t i = 0; i < count && is_static; ++i) {
      unsigned char type[4];
      if (!read_exactly(fd, type, sizeof type, offset + std::uint64_t(i) * size)) {
        is_static = false;  // unreadable: say nothing
        break;
      }
      if (read_at<std::uint32_t>(type, 0) == kInterpreter) is_static = false;
    }
  }
  VG_(close)(fd);
  return is_static;
}

void warn_if_statically_linked() {
  if (!statically_linked(VG_(args_the_exename))) return;
  VG_(umsg)("ccsim: %s is statically linked, so ccsim's preload cannot be loaded into it: its threads' "
            "synchronization, its heap blocks and its runtime's code are not seen, and the profile will have no "
            "regions (one for the whole run), locks or heap blocks (link it dynamically to have them).\n", VG_(args_the_exename));
}

}  // namespace ccsim
