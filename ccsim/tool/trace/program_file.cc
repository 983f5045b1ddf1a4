// program_file.cc: the size and time of change of the program's file.
#include "ccsim/tool/trace/program_file.h"

namespace ccsim {
namespace {

bool stamp_of(const HChar* path, HChar* out, SizeT capacity) {
  struct vg_stat status;
  if (sr_isError(VG_(stat)(path, &status)) || !VKI_S_ISREG(status.mode)) return false;
  VG_(snprintf)(out, static_cast<Int>(capacity), "%lld %llu", static_cast<Long>(status.size),
                static_cast<ULong>(status.mtime));
  return true;
}

}  // namespace

bool program_stamp(const HChar* name, HChar* out, SizeT capacity) {
  if (VG_(strchr)(name, '/') != nullptr) return stamp_of(name, out, capacity);
  HChar path[4096];
  const HChar* directories = VG_(getenv)("PATH");
  while (directories != nullptr && *directories != '\0') {
    const HChar* end = VG_(strchr)(directories, ':');
    const SizeT length = end != nullptr ? static_cast<SizeT>(end - directories) : VG_(strlen)(directories);
    if (length > 0 && length + VG_(strlen)(name) + 2 < sizeof path) {
      VG_(memcpy)(path, directories, length);
      path[length] = '/';
      VG_(strcpy)(path + length + 1, name);
      if (stamp_of(path, out, capacity)) return true;
    }
    directories = end != nullptr ? end + 1 : nullptr;
  }
  return false;
}

}  // namespace ccsim
