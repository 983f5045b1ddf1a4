// runtime_objects.h: which data objects and references belong to the runtime (the dynamic loader, the C
// and C++ libraries, the OpenMP runtimes, Valgrind's preloads) rather than to the program.
//
// Their traffic is real but not the user's to fix: the loader's relocations, stdio's buffers, an OpenMP
// runtime's own heap blocks. The views group them as "(runtime)" and leave them out of findings,
// rankings and graphs unless --runtime=show.
#ifndef CCSIM_ANNOTATE_RUNTIME_OBJECTS_H
#define CCSIM_ANNOTATE_RUNTIME_OBJECTS_H

#include <string>
#include <vector>

#include "ccsim/annotate/parsing/profile.h"

namespace ccsim::annotate {

// Whether an object file (a path or a base name such as "libc.so.6") is one of the runtime's libraries.
bool is_runtime_library(const std::string& object_file);

// Per reference: whether its instruction is in a runtime library.
std::vector<bool> runtime_references(const Profile& profile);

// Per object: whether it belongs to the runtime. A variable the toolchain names (toolchain_names.h: the
// linker's and the start files' symbols such as __dso_handle, and copies of a runtime library's variables
// such as stdout@GLIBC_2.2.5) always does. Otherwise as its `object-origin:` record says when the profile
// has one (the tool also classifies crtstuff.c's completed.0 by its file symbol); otherwise guessed from
// names: a variable whose name says it is in a runtime library ("stdout in libc.so.6"), or a one-byte
// completed.0 (crtstuff.c's flag; a program's function-local `static bool completed` is rarely so); a
// heap block none of whose allocation frames is in the program's own code (a frame is the program's when
// its source file or function is one of a reference outside the runtime libraries); a mapping of a runtime library; any other unnamed memory that runtime code touches and no
// program line with debug info does. Stacks and named ranges are the program's.
std::vector<bool> runtime_objects(const Profile& profile, const std::vector<bool>& references_in_runtime);

// Whether an object is the program allocator's own memory (`object-origin: <id> allocator`: its headers,
// free lists and arenas), a runtime object the views name "(allocator)" apart from the others.
inline bool is_allocator_object(const DataObject& object) { return object.origin == "allocator"; }

}  // namespace ccsim::annotate

#endif
