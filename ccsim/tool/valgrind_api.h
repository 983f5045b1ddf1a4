// valgrind_api.h: the one place the tool includes Valgrind's C headers. They are C, so they are wrapped
// in extern "C"; Valgrind's NULL is ((void*)0), which C++ will not convert, so tool code uses nullptr.
#ifndef CCSIM_TOOL_VALGRIND_API_H
#define CCSIM_TOOL_VALGRIND_API_H

extern "C" {
#include "pub_tool_basics.h"
}
// vki-linux.h defines a C++ template when compiled as C++, so it cannot sit inside extern "C"; it only
// declares types and constants, which need no linkage. Other headers include it again (guarded).
#include "pub_tool_vki.h"
extern "C" {
#include "pub_tool_aspacemgr.h"
#include "pub_tool_clientstate.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_hashtable.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_machine.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"
#include "pub_tool_rangemap.h"
#include "pub_tool_redir.h"
#include "pub_tool_replacemalloc.h"
#include "pub_tool_seqmatch.h"
#include "pub_tool_stacktrace.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_tooliface.h"
#include "pub_tool_transtab.h"
#include "pub_tool_wordfm.h"
#include "pub_tool_xarray.h"
#include "pub_tool_vkiscnums.h"

// Exported by libcoregrind but declared only in its core headers (pub_core_libcfile.h,
// pub_core_demangle.h, pub_core_syscall.h), which tools cannot include; these are their signatures from
// 3.16 to today. VG_(do_syscall) serves the system calls the tool interface has no wrapper for (lstat,
// fsync, fchmod, getrandom, a checked close), with the arguments VG_(do_syscallN) passes on amd64.
SysRes VG_(pread)(Int fd, void* buf, Int count, OffT offset);
// pub_core_libcfile.h: the path of an open file descriptor (Valgrind's static buffer, valid until the next
// call); data_objects/runtime_inline_information.h.
Bool VG_(resolve_filename)(Int fd, const HChar** result);
// --read-inline-info (pub_core_options.h): Valgrind turns it on by default for Memcheck, Massif and
// others only; ccsim sets the same default before the command line is read (main.cc).
extern Bool VG_(clo_read_inline_info);
// Valgrind's --fair-sched (pub_core_options.h, its enum as declared there from 3.8 to today): ccsim sets
// `try` before the command line is read (main.cc), and the exit message about early replays reads it.
enum FairSchedType { disable_fair_sched, enable_fair_sched, try_fair_sched };
extern enum FairSchedType VG_(clo_fair_sched);
// Valgrind's --read-var-info (pub_core_options.h): --sim-threads=1 refuses it with data objects (options.cc).
extern Bool VG_(clo_read_var_info);
// pub_core_debuginfo.h: an object's symbols one by one (instrumentation/entry_wrappers.h finds the functions
// ccsim enters its wrappers from). SymAVMAs is the symbol's address; its other fields are ppc64's only.
typedef struct {
  Addr main;
} SymAVMAs;
Int VG_(DebugInfo_syms_howmany)(const DebugInfo* di);
void VG_(DebugInfo_syms_getidx)(const DebugInfo* di, Int idx, SymAVMAs* avmas, UInt* size, const HChar** pri_name,
                                const HChar*** sec_names, Bool* is_text, Bool* is_ifunc, Bool* is_global);
void VG_(demangle)(Bool do_cxx_demangling, Bool do_z_demangling, const HChar* orig, const HChar** result);
SysRes VG_(do_syscall)(UWord sysno, RegWord a1, RegWord a2, RegWord a3, RegWord a4, RegWord a5, RegWord a6,
                       RegWord a7, RegWord a8);
const HChar* VG_(strerror)(UWord errnum);
// pub_core_aspacemgr.h: maps a file shared, in Valgrind's part of the address space (as for vgdb); the
// simulation worker's ring (workers/shared_ring.h).
SysRes VG_(am_shared_mmap_file_float_valgrind)(SizeT length, UInt prot, Int fd, Off64T offset);
Int VG_(access)(const HChar* path, Bool irusr, Bool iwusr, Bool ixusr);
// Valgrind's own checks of an exec before it commits to it (pub_core_options.h, pub_core_ume.h,
// pub_core_clientstate.h): output/client_exec.h makes them again, to know that an exec will replace the image.
Bool VG_(should_we_trace_this_child)(const HChar* child_exe_name, const HChar** child_argv);
SysRes VG_(pre_exec_check)(const HChar* exe_name, Int* out_fd, Bool allow_setuid);
extern HChar* VG_(name_of_launcher);
Int VG_(safe_fd)(Int oldfd);
// pub_core_libcprint.h: where Valgrind's messages go (only its descriptor is read; progress.cc asks whether
// it is a terminal).
struct CoreOutputSink {
  Int fd;
  Int type;
  HChar* fsname_expanded;
};
extern CoreOutputSink VG_(log_output_sink);
}

#endif
