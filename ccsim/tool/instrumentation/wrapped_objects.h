// wrapped_objects.h: which functions of a loaded object the preload's entered wrappers wrap
// (entry_wrappers.h), found where Valgrind's redirection finds the functions its tools wrap or replace.
//
// The runtime's functions (the pthread functions, libgomp's barriers, critical sections and locks) are
// looked for by name in the C library, the thread library of glibc before 2.34 and GNU OpenMP's runtime;
// LLVM's OpenMP runtime's (its critical, ordered and lock entry points) in libomp.so*.
// The allocator's (malloc and its family, every operator new and delete) where Valgrind's own malloc
// replacement looks for them (coregrind's m_redir.c, "somalloc"): by name in the C library and the C++
// runtimes (libstdc++*, libc++*), and in the objects Valgrind's --soname-synonyms=somalloc=PATTERN names
// ("NONE" is the executable) or, without that option, as a global function of any object but the dynamic
// linker (an allocator the program links statically, or its own malloc).
#ifndef CCSIM_TOOL_INSTRUMENTATION_WRAPPED_OBJECTS_H
#define CCSIM_TOOL_INSTRUMENTATION_WRAPPED_OBJECTS_H

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

// What of an object's functions may be wrapped.
struct WrappedFunctions {
  bool runtime = false;              // the runtime's functions, by name
  bool libomp = false;               // LLVM's OpenMP runtime's, by name
  bool allocator = false;            // the allocator's, by name
  bool allocator_if_global = false;  // the allocator's, by name, when the symbol is global
  bool any() const { return runtime || libomp || allocator || allocator_if_global; }
};

// For the object whose soname is `soname` (Valgrind's: "NONE" for one without, as the executable).
WrappedFunctions wrapped_functions_of(const HChar* soname);

}  // namespace ccsim

#endif
