// invalid_frees.h: what ccsim does when the client gives free, realloc or delete (any form) a pointer
// that is not the start of a live block ccsim's malloc replacement allocated: a pointer into the middle
// of a block, to the stack or a global, or to a block freed already. Valgrind's allocator would abort
// on it (an assertion in m_mallocfree.c) and no profile would be written; like Memcheck, ccsim reports
// it instead, once per call site, and the call does nothing.
#ifndef CCSIM_TOOL_INVALID_FREES_H
#define CCSIM_TOOL_INVALID_FREES_H

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

// Reports that thread `tid` handed `address` to free/delete/realloc, unless a call with the same stack
// was reported already.
void report_invalid_free(ThreadId tid, Addr address);

}  // namespace ccsim

#endif
