// process_stat.cc: see process_stat.h.
#include "ccsim/tool/process_stat.h"

#include "pub_tool_vkiscnums.h"

namespace ccsim {

const HChar* read_process_stat(int pid, HChar* text, Int capacity) {
  HChar path[40];
  VG_(sprintf)(path, "/proc/%d/stat", pid);
  const SysRes opened = VG_(open)(path, VKI_O_RDONLY, 0);
  if (sr_isError(opened)) return nullptr;
  const Int fd = static_cast<Int>(sr_Res(opened));
  const Int length = VG_(read)(fd, text, capacity - 1);
  VG_(close)(fd);
  if (length <= 0) return nullptr;
  text[length] = '\0';
  const HChar* after_name = VG_(strrchr)(text, ')');
  if (after_name == nullptr || after_name[1] != ' ') return nullptr;
  return after_name + 1;
}

const HChar* process_stat_field(const HChar* fields, int number) {
  const HChar* space = fields;  // before field 3
  for (int field = 3; field < number && space != nullptr; ++field) space = VG_(strchr)(space + 1, ' ');
  return space != nullptr ? space + 1 : nullptr;
}

std::uint32_t usable_cpus() {
  // 1024 CPUs' bits, the C library's cpu_set_t; the kernel writes as many bytes as its own mask has.
  std::uint64_t mask[16] = {};
  const SysRes result = VG_(do_syscall)(__NR_sched_getaffinity, 0, sizeof mask, reinterpret_cast<UWord>(mask), 0, 0, 0,
                                        0, 0);
  if (sr_isError(result)) return 0;
  std::uint32_t cpus = 0;
  for (const std::uint64_t word : mask) cpus += static_cast<std::uint32_t>(__builtin_popcountll(word));
  return cpus;
}

}  // namespace ccsim
