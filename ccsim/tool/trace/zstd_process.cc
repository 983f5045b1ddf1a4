// zstd_process.cc: the zstd child process of a trace's writer and reader.
#include "ccsim/tool/trace/zstd_process.h"

namespace ccsim {

const HChar* zstd_program() {
  static HChar found[4096];
  const HChar* path = VG_(getenv)("PATH");
  while (path != nullptr && *path != '\0') {
    const HChar* end = VG_(strchr)(path, ':');
    const SizeT length = end != nullptr ? static_cast<SizeT>(end - path) : VG_(strlen)(path);
    if (length > 0 && length + 6 < sizeof found) {
      VG_(memcpy)(found, path, length);
      VG_(strcpy)(found + length, "/zstd");
      struct vg_stat status;
      if (!sr_isError(VG_(stat)(found, &status)) && VKI_S_ISREG(status.mode)) return found;
    }
    path = end != nullptr ? end + 1 : nullptr;
  }
  struct vg_stat status;
  if (!sr_isError(VG_(stat)("/usr/bin/zstd", &status))) return "/usr/bin/zstd";
  return nullptr;
}

Int start_zstd(const HChar* program, const HChar* const* arguments, Int input, Int output, const Int* close_in_child) {
  const Int pid = VG_(fork)();
  if (pid != 0) return pid < 0 ? -1 : pid;
  VG_(dup2)(input, 0);
  VG_(dup2)(output, 1);
  const SysRes null = VG_(open)("/dev/null", VKI_O_WRONLY, 0);
  if (!sr_isError(null)) VG_(dup2)(static_cast<Int>(sr_Res(null)), 2);
  // Above the standard three only: a pipe made while the program had closed its stdin may be fd 0.
  for (const Int* fd = close_in_child; *fd >= 0; ++fd) {
    if (*fd > 2) VG_(close)(*fd);
  }
  VG_(execv)(program, const_cast<const HChar**>(arguments));
  VG_(exit)(127);  // as a shell says of a program it could not run
  __builtin_unreachable();
}

Int start_decompressing(const HChar* program, Int file, Int* pid) {
  *pid = -1;
  Int ends[2];
  if (VG_(pipe)(ends) != 0) {
    VG_(close)(file);
    return -1;
  }
  const HChar* arguments[] = {"zstd", "-q", "-d", "-c", nullptr};
  const Int close_in_child[] = {ends[0], file, -1};
  *pid = start_zstd(program, arguments, file, ends[1], close_in_child);
  VG_(close)(ends[1]);
  VG_(close)(file);
  if (*pid < 0) {
    VG_(close)(ends[0]);
    return -1;
  }
  return VG_(safe_fd)(ends[0]);
}

bool zstd_succeeded(Int pid, Int* code) {
  Int status = 0;
  if (VG_(waitpid)(pid, &status, 0) != pid) {
    *code = -1;
    return false;
  }
  // The wait status as the kernel gives it: the exit code in bits 8-15, or the signal in bits 0-6.
  *code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f);
  return *code == 0;
}

bool write_fully(Int fd, const void* data, SizeT bytes) {
  const HChar* next = static_cast<const HChar*>(data);
  while (bytes > 0) {
    const Int chunk = bytes > (1u << 30) ? (1 << 30) : static_cast<Int>(bytes);
    const Int written = VG_(write)(fd, next, chunk);
    if (written == -VKI_EINTR) continue;
    if (written <= 0) return false;
    next += written;
    bytes -= static_cast<SizeT>(written);
  }
  return true;
}

bool read_fully(Int fd, void* data, SizeT bytes) {
  HChar* next = static_cast<HChar*>(data);
  while (bytes > 0) {
    const Int chunk = bytes > (1u << 30) ? (1 << 30) : static_cast<Int>(bytes);
    const Int got = VG_(read)(fd, next, chunk);
    if (got == -VKI_EINTR) continue;
    if (got <= 0) return false;
    next += got;
    bytes -= static_cast<SizeT>(got);
  }
  return true;
}

}  // namespace ccsim
