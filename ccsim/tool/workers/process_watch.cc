// process_watch.cc: see process_watch.h.
#include "ccsim/tool/workers/process_watch.h"

#include "ccsim/tool/process_stat.h"
#include "ccsim/tool/trace/trace_writer.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

bool process_gone(int pid, int* wait_status, bool* status_known) {
  *status_known = false;
  const SysRes signalled = VG_(do_syscall)(__NR_kill, static_cast<UWord>(pid), 0, 0, 0, 0, 0, 0, 0);
  if (sr_isError(signalled) && sr_Err(signalled) == VKI_ESRCH) return true;
  HChar text[1024];
  const HChar* fields = read_process_stat(pid, text, sizeof text);
  if (fields == nullptr) return false;  // no /proc: kill's answer stands
  const HChar state = fields[1];
  if (state != 'Z' && state != 'X') return false;
  // A zombie leader whose other threads still run is a live process: the thread that calls exit() from
  // outside main runs the tool's exit function after Valgrind's main thread has ended (and a program's
  // main thread may pthread_exit). num_threads, the 20th field, then counts the leader and the live ones.
  if (const HChar* threads = process_stat_field(fields, 20)) {
    if (VG_(strtoll10)(threads, nullptr) > 1) return false;
  }
  // exit_code, the 52nd field: the status waitpid would return.
  if (const HChar* exit_code = process_stat_field(fields, 52)) {
    *wait_status = static_cast<int>(VG_(strtoll10)(exit_code, nullptr));
    *status_known = true;
  }
  return true;
}

std::uint64_t process_cpu_ticks(int pid) {
  HChar text[1024];
  const HChar* fields = read_process_stat(pid, text, sizeof text);
  if (fields == nullptr) return 0;
  const HChar* user = process_stat_field(fields, 14);
  const HChar* system = process_stat_field(fields, 15);
  if (user == nullptr || system == nullptr) return 0;
  return VG_(strtoull10)(user, nullptr) + VG_(strtoull10)(system, nullptr);
}

void kill_process(int pid) { VG_(do_syscall)(__NR_kill, static_cast<UWord>(pid), VKI_SIGKILL, 0, 0, 0, 0, 0, 0); }

void end_worker_without_tool() {
  remove_unfinished_trace();
  VG_(exit)(2);
  __builtin_unreachable();
}

}  // namespace ccsim
