// exit_status.cc: see exit_status.h.
#include "ccsim/tool/output/exit_status.h"

#include "pub_tool_vkiscnums.h"

namespace ccsim {
namespace {

// The argument of the client's exit_group, once it has called it. Threads ending with plain exit(2)
// do not end the process (glibc's exit() and a return from main call exit_group).
bool client_called_exit_group = false;
Int client_exit_code = 0;

}  // namespace

void note_exit_code_before_syscall(ThreadId, UInt syscall_number, UWord* args, UInt arg_count) {
  if (syscall_number != __NR_exit_group || arg_count < 1) return;
  client_called_exit_group = true;
  client_exit_code = static_cast<Int>(args[0] & 0xff);
}

void after_syscall(ThreadId, UInt, UWord*, UInt, SysRes) {}

void exit_for_lost_profile() {
  if (!client_called_exit_group) return;
  VG_(exit)(client_exit_code != 0 ? client_exit_code : 1);
}

}  // namespace ccsim
