// process_watch.cc: see process_watch.h.
#include "ccsim/tool/workers/process_watch.h"

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

bool process_gone(int pid, int* wait_status, bool* status_known) {
  *status_known = false;
  const SysRes signalled = VG_(do_syscall)(__NR_kill, static_cast<UWord>(pid), 0, 0, 0, 0, 0, 0, 0);
  if (sr_isError(signalled) && sr_Err(signalled) == VKI_ESRCH) return true;
  // /proc/<pid>/stat (proc(5)): "pid (comm) state ..." with the state the first field after the last
  // ')' (comm may hold anything), and exit_code, the 52nd field, the status waitpid would return.
  HChar path[40];
  VG_(sprintf)(path, "/proc/%d/stat", pid);
  const SysRes opened = VG_(open)(path, VKI_O_RDONLY, 0);
  if (sr_isError(opened)) return false;  // no /proc: kill's answer stands
  const Int fd = static_cast<Int>(sr_Res(opened));
  HChar text[1024];
  const Int length = VG_(read)(fd, text, sizeof text - 1);
  VG_(close)(fd);
  if (length <= 0) return false;
  text[length] = '\0';
  const HChar* after_name = VG_(strrchr)(text, ')');
  if (after_name == nullptr || after_name[1] != ' ') return false;
  const HChar state = after_name[2];
  if (state != 'Z' && state != 'X') return false;
  // Fields 3 on follow the ')', one space before each.
  const HChar* space = after_name + 1;  // before field 3, the state
  for (int field = 3; field < 52 && space != nullptr; ++field) space = VG_(strchr)(space + 1, ' ');
  if (space != nullptr) {
    *wait_status = static_cast<int>(VG_(strtoll10)(space + 1, nullptr));
    *status_known = true;
  }
  return true;
}

void kill_process(int pid) { VG_(do_syscall)(__NR_kill, static_cast<UWord>(pid), VKI_SIGKILL, 0, 0, 0, 0, 0, 0); }

}  // namespace ccsim
