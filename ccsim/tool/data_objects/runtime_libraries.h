// runtime_libraries.h: which code and data are the runtime's rather than the program's: the dynamic
// loader, the C and C++ libraries and their support libraries, the OpenMP runtimes, and the preloads of
// Valgrind and ccsim. A data object is the runtime's (`object-origin: <object> runtime`) when its
// variable lies in such a library, or when every allocating frame of its heap bin does, so that
// readers can group that noise apart from the program's own data.
#ifndef CCSIM_TOOL_RUNTIME_LIBRARIES_H
#define CCSIM_TOOL_RUNTIME_LIBRARIES_H

#include "ccsim/core/types.h"

namespace ccsim {

// Whether the object file at `path` is one of the runtime libraries (by its base name: ld-linux*,
// libc.so*, libstdc++.so*, libgomp.so*, ...).
bool is_runtime_library(const char* path);
// Whether it is an OpenMP runtime (libgomp, libomp, libiomp5), one of those.
bool is_openmp_runtime_library(const char* path);
// Whether it is the dynamic loader (ld-linux*, ld64.so*), one of those.
bool is_dynamic_loader(const char* path);

// Whether the code at `ip` lies in a runtime library (false when Valgrind knows no object file there).
bool is_runtime_code(Addr ip);
// Whether the code at `ip` lies in an OpenMP runtime (libgomp, libomp, libiomp5).
bool is_openmp_runtime_code(Addr ip);

}  // namespace ccsim

#endif
