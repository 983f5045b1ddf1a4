// client_exec.cc: see client_exec.h.
#include "ccsim/tool/output/client_exec.h"

#include "ccsim/tool/output/tool_messages.h"
#include "pub_tool_vkiscnums.h"

namespace ccsim {
namespace {

constexpr Int kAtCurrentDirectory = -100;  // AT_FDCWD (the kernel's fcntl.h), which vki does not define

bool forked = false;          // this process was forked by the program (atfork's "child" callback)
bool profile_written = false;  // before an exec (note_profile_written_for_exec)

void note_forked_child(ThreadId) { forked = true; }

bool readable(Addr address, SizeT bytes) { return VG_(am_is_valid_for_client)(address, bytes, VKI_PROT_READ); }

// Valgrind's checks of execve(path, argv, envp) before it commits (handle_pre_sys_execve, 3.19): argv
// and its first entry readable, envp (when given) readable, the path readable, the file executable, and
// for a traced child a launcher named by an absolute path.
bool valgrind_will_exec(Addr path, Addr argv, Addr envp) {
  if (!readable(argv, sizeof(Addr))) return false;
  if (envp != 0 && !readable(envp, sizeof(Addr))) return false;
  if (!readable(path, 1)) return false;
  const HChar** child_argv = reinterpret_cast<const HChar**>(argv);
  if (child_argv[0] == nullptr) child_argv = nullptr;
  const HChar* program = reinterpret_cast<const HChar*>(path);
  const bool traced = VG_(should_we_trace_this_child)(program, child_argv);
  if (sr_isError(VG_(pre_exec_check)(program, nullptr, traced ? False : True))) return false;
  if (traced && (VG_(name_of_launcher) == nullptr || VG_(name_of_launcher)[0] != '/')) return false;
  return true;
}

}  // namespace

void init_client_exec() { VG_(atfork)(nullptr, nullptr, note_forked_child); }

bool forked_by_program() { return forked; }

bool exec_replaces_image(UInt syscall_number, const UWord* args, UInt arg_count, const HChar** path) {
  Addr program = 0;
  if (syscall_number == __NR_execve && arg_count >= 3) {
    if (!valgrind_will_exec(args[0], args[1], args[2])) return false;
    program = args[0];
  } else if (syscall_number == __NR_execveat && arg_count >= 5) {
    // Only a path Valgrind passes on as it is: absolute, or relative to the working directory, and not an
    // empty one (AT_EMPTY_PATH: the descriptor is the file). Valgrind also refuses a symlink then.
    if (!readable(args[1], 1)) return false;
    const HChar* name = reinterpret_cast<const HChar*>(args[1]);
    const bool absolute = name[0] == '/';
    if (!absolute && (static_cast<Int>(args[0]) != kAtCurrentDirectory || name[0] == '\0')) return false;
    if (!absolute) {
      struct vg_stat status;
      if (sr_isError(VG_(stat)(name, &status)) || VKI_S_ISLNK(status.mode)) return false;
    }
    if (!valgrind_will_exec(args[1], args[2], args[3])) return false;
    program = args[1];
  } else {
    return false;
  }
  *path = reinterpret_cast<const HChar*>(program);
  return true;
}

void note_profile_written_for_exec() { profile_written = true; }

void exec_failed_after_profile(UInt syscall_number, SysRes result) {
  if (!profile_written || (syscall_number != __NR_execve && syscall_number != __NR_execveat)) return;
  if (!sr_isError(result)) return;
  tool_message("ccsim: the program's exec failed (%s) after ccsim had ended its simulation and written its "
               "profile for it, so the run cannot go on; that profile covers the run up to the exec.\n",
               VG_(strerror)(sr_Err(result)));
  VG_(exit)(1);
}

}  // namespace ccsim
