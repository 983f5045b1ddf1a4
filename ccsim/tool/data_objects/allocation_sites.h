// allocation_sites.h: heap bins. The blocks allocated from one call stack (its innermost --alloc-depth
// frames, as MemSpy's bins) form one data object, named after that stack: "histogram.c:213 main <-
// histogram.c:250 __libc_start_main", or by code addresses ("0x401136 <- 0x4011a0") without debug info.
// Frames are compared by source line where they have one, so the copies of one malloc call that the
// compiler makes (inlining, loop unrolling) are one site; by code address where they have none. ccsim's
// own frames are left out, and so are the leading frames of helpers that only allocate for their caller
// (--alloc-fn, functions in headers; allocation_sites.cc).
#ifndef CCSIM_TOOL_ALLOCATION_SITES_H
#define CCSIM_TOOL_ALLOCATION_SITES_H

#include <cstdint>

#include "ccsim/tool/data_objects/data_objects.h"

namespace ccsim {

// The most frames --alloc-depth may ask for.
constexpr std::uint32_t kMaxAllocationDepth = 64;

void init_allocation_sites(std::uint32_t depth);

// The bin of the allocation thread `tid` is making now with `allocator` ("malloc", ..., a string
// constant) (called when the allocator's call returns, heap_blocks.h), created at the first allocation
// from its stack: the runtime's when all of its frames are in runtime libraries (runtime_libraries.h).
ObjectId allocation_site_object(unsigned tid, const char* allocator);

}  // namespace ccsim

#endif
