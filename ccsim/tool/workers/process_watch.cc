// process_watch.cc: see process_watch.h.
#include "ccsim/tool/workers/process_watch.h"

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

namespace {

// /proc/<pid>/stat (proc(5)): "pid (comm) state ...", into `text` (`capacity` bytes); returns where the
// fields after the command name start (the space before field 3, the state), or null when it cannot be
// read. comm may hold anything, so the fields are counted from its last ')'.
const HChar* read_stat(int pid, HChar* text, Int capacity) {
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

// The field numbered `number` (3 or more) of a stat line whose fields start at `fields` (read_stat), or
// null when the line is shorter. Fields are separated by one space.
const HChar* stat_field(const HChar* fields, int number) {
  const HChar* space = fields;  // before field 3
  for (int field = 3; field < number && space != nullptr; ++field) space = VG_(strchr)(space + 1, ' ');
  return space != nullptr ? space + 1 : nullptr;
}

}  // namespace

bool process_gone(int pid, int* wait_status, bool* status_known) {
  *status_known = false;
  const SysRes signalled = VG_(do_syscall)(__NR_kill, static_cast<UWord>(pid), 0, 0, 0, 0, 0, 0, 0);
  if (sr_isError(signalled) && sr_Err(signalled) == VKI_ESRCH) return true;
  HChar text[1024];
  const HChar* fields = read_stat(pid, text, sizeof text);
  if (fields == nullptr) return false;  // no /proc: kill's answer stands
  const HChar state = fields[1];
  if (state != 'Z' && state != 'X') return false;
  // exit_code, the 52nd field: the status waitpid would return.
  if (const HChar* exit_code = stat_field(fields, 52)) {
    *wait_status = static_cast<int>(VG_(strtoll10)(exit_code, nullptr));
    *status_known = true;
  }
  return true;
}

std::uint64_t process_cpu_ticks(int pid) {
  HChar text[1024];
  const HChar* fields = read_stat(pid, text, sizeof text);
  if (fields == nullptr) return 0;
  const HChar* user = stat_field(fields, 14);
  const HChar* system = stat_field(fields, 15);
  if (user == nullptr || system == nullptr) return 0;
  return VG_(strtoull10)(user, nullptr) + VG_(strtoull10)(system, nullptr);
}

void kill_process(int pid) { VG_(do_syscall)(__NR_kill, static_cast<UWord>(pid), VKI_SIGKILL, 0, 0, 0, 0, 0, 0); }

}  // namespace ccsim
