// invalid_frees.h: what ccsim does when the program's code gives free, realloc or delete (any form) a
// pointer that is not the start of a live heap block (heap_blocks.h): a pointer into the middle of a
// block, to the stack or a global, or to a block freed already. glibc would abort on it and no profile
// would be written; like Memcheck, ccsim reports it instead, once per call site, and the call does not
// reach the allocator.
#ifndef CCSIM_TOOL_INVALID_FREES_H
#define CCSIM_TOOL_INVALID_FREES_H

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

// Reports that thread `tid` handed `address` to free/delete/realloc, unless a call with the same stack
// was reported already.
void report_invalid_free(ThreadId tid, Addr address);

}  // namespace ccsim

#endif
