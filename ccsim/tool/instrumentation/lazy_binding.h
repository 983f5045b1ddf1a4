// lazy_binding.h: the part of a program's PLT that only runs while the dynamic linker binds a function
// lazily (on its first call, in a program linked without `-z now`).
#ifndef CCSIM_TOOL_INSTRUMENTATION_LAZY_BINDING_H
#define CCSIM_TOOL_INSTRUMENTATION_LAZY_BINDING_H

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

// Whether the instruction at `address` belongs to lazy binding: the PLT's first entry (PLT0: push the
// object's link map, jump to the resolver) or the `push <relocation index>` each PLT entry runs before
// jumping to PLT0. These run once per function and process, in whichever thread calls the function
// first in the real run; simulated as that thread's, their stack and GOT accesses would make profiles
// differ from run to run (docs/synchronization.md, "Runtime code is not the program's"). The PLT's
// `jmp *GOT` that every call runs is the program's, as with `-z now`.
bool is_lazy_binding_stub(Addr address);

}  // namespace ccsim

#endif
