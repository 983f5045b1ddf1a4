// runtime_inline_information.h: Valgrind reads inline information for the program's own object files,
// not for the runtime libraries' (runtime_libraries.h: the C library, the C++ library, the OpenMP
// runtimes, ...).
//
// Why: a heap bin is named where the program asked for memory, through its inlined allocation helpers
// (allocation_sites.cc), which needs Valgrind's inline information (--read-inline-info, on by default in
// ccsim: main.cc). Valgrind 3.19 reads it with the rest of an object file's debug information when the
// file is mapped, for every file, and with the C library's debug information installed (libc6-dbg) that
// cost every run 0.07 to 0.09 s of CPU time at its start, about a quarter of Cachegrind's whole run of a
// program that does nothing (perf/README.md, "The C library's inline information"). A runtime library's
// inline levels name nothing the program asked for. What changes: a bin's frames inside the C library
// (the stdio buffer's, the caller of a static initializer) name the function whose symbol holds the code
// (`__libc_start_main`) rather than the function the debug information says was inlined there
// (`call_init`); the frames are compared by file and line, which the line table gives either way, so the
// bins themselves are the same.
//
// How: Valgrind reads an object file's debug information inside the wrapper of the mmap system call that
// maps it, and consults the option then; a tool's system-call hooks run just before and just after the
// wrappers. So before an mmap of a runtime library's file the option is turned off, and after the call it
// is set back to what it was (the user's --read-inline-info=no stays no). Valgrind runs mmap without
// letting go of its big lock (it is no blocking call), so no other thread runs in between and no lookup
// of an inline level meets the option off. The files Valgrind maps itself before the program's first
// instruction (the executable, the dynamic loader, the preloads) are read with it on. Cost: one readlink
// of /proc/self/fd/N per mmap of a file; nothing for other calls.
#ifndef CCSIM_TOOL_DATA_OBJECTS_RUNTIME_INLINE_INFORMATION_H
#define CCSIM_TOOL_DATA_OBJECTS_RUNTIME_INLINE_INFORMATION_H

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

// Before the program's system call `syscall_number` with `args`: when it maps a runtime library's file,
// Valgrind is to read no inline information from it.
void skip_runtime_inline_information(UInt syscall_number, const UWord* args, UInt arg_count);
// After the program's system call: --read-inline-info is again what it was before it.
void restore_inline_information_option();

}  // namespace ccsim

#endif
