/* alloc_helpers.h: allocation helpers as projects write them in a header (Phoenix's stddefines.h CALLOC):
   they only allocate for their caller, so ccsim names their blocks by the caller's line. */
#ifndef ALLOC_HELPERS_H
#define ALLOC_HELPERS_H
#include <stdlib.h>

/* Built with -DOUT_OF_LINE, CALLOC is called rather than inlined. */
#ifdef OUT_OF_LINE
#define ALLOC_HELPER static __attribute__((noinline))
#else
#define ALLOC_HELPER static inline
#endif

ALLOC_HELPER void* CALLOC(size_t count, size_t size) {
  void* block = calloc(count, size);
  if (block == NULL) abort();
  return block;
}

#endif
