// entry_wrappers.h: the wrappers that ccsim's instrumentation enters from the first instruction of the
// function they wrap, in place of Valgrind's redirection.
//
// Why: a wrapper Valgrind redirects to calls the function it replaces with a no-redirection call, which
// leaves the translated code for Valgrind's scheduler, runs the function's first block alone and leaves
// again (coregrind's handle_noredir_jump): two round trips per call, the larger part of what an
// uncontended pthread_mutex_lock and unlock pair cost the program's thread (perf/README.md, "Wrappers
// entered from the function's first instruction"). So the preload's wrappers of the functions a program
// may call in a loop (the pthread functions, libgomp's barriers, critical sections and locks, libomp's
// critical, ordered and lock entry points, and the allocator's functions) are plain functions named
// `ccsim_entry_<function>`, `ccsim_libomp_entry_<function>` and `ccsim_allocator_entry_<function>`
// (ENTERED_WRAPPER, LIBOMP_WRAPPER and ALLOCATOR_WRAPPER, preload/entered_call.h),
// which Valgrind does not redirect; wrapped_objects.h says in which objects each kind's functions are
// looked for. Instead, the first instruction of <function>, where a translation starts with it, gets a
// side exit to the wrapper, taken unless the call came from a wrapper. A wrapper calls the function with
// r11 holding the call's own return address (entered_call.h), so the test is "r11 differs from the return
// address on top of the stack", which no other call meets (r11 is a scratch register no caller passes
// anything in; a jump into the function leaves its caller's return address there, and r11 is not set to
// it). When the call goes on, r11 is cleared: a wrapped function that jumps into another one (libstdc++'s
// operator delete[] into operator delete, glibc's realloc(NULL, n) into malloc) then enters that one's
// wrapper, as Valgrind's redirection did. The exit's target is a constant, so Valgrind chains it: nothing
// leaves the translated code. Before it the guest's NRADDR is set to the function, where a wrapper finds
// it as under Valgrind's redirection (VALGRIND_GET_ORIG_FN). The program's and the function's
// instructions are the same either way, and the function runs at the stack addresses it ran at under
// Valgrind (a wrapper's frame is the one Valgrind's call gives it: entered_call.h), which matters where
// its accesses are simulated (the allocator's).
//
// That side exit is only right where the function's first instruction starts a translation
// (chased_entries.h).
//
// The wrappers are found by their names in ccsim's preload, and each function by its own, with or without
// a symbol version, in the objects it may live in (wrapped_objects.h), as Valgrind's redirection finds
// functions. Both are looked up again after a system call that may have mapped code (Valgrind reads an
// object's symbols when the object is mapped), before the next translation; the entries of a library
// unmapped (libgomp unloaded with a plugin) are forgotten with it.
#ifndef CCSIM_TOOL_INSTRUMENTATION_ENTRY_WRAPPERS_H
#define CCSIM_TOOL_INSTRUMENTATION_ENTRY_WRAPPERS_H

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

// After a system call `syscall_number(args...)` of the program that returned `result`: the next
// translation looks for new objects first when the call may have mapped code; the entries of code it
// unmapped are forgotten.
void note_syscall_for_entry_wrappers(UInt syscall_number, const UWord* args, SysRes result);

// At the start of a translation: looks up the functions and wrappers in objects mapped since the last one.
void refresh_entry_wrappers();

// The wrapper to enter instead of the function whose first instruction is at `instruction`, or 0.
Addr entry_wrapper_at(Addr instruction);

// Appends to `out`, at the first instruction `instruction` of a function, the side exit to `wrapper` that
// a call from anywhere but a wrapper takes. Only at a translation's first instruction (chased_entries.h).
void add_entry_exit(IRSB* out, Addr instruction, Addr wrapper);

}  // namespace ccsim

#endif
