/* alloc_helpers.c: blocks allocated through helpers that only allocate for their caller: CALLOC, an
   inline function of a header (alloc_helpers.h), and xmalloc, a function of this file, which the test
   names with --alloc-fn=xmalloc. Built as is (CALLOC inlined into main) and with -DOUT_OF_LINE (called). Each block
   is written once per long (8 longs): the test finds each site's object, named by main's line, with its
   8 writes. */
#include <stdlib.h>

#include "alloc_helpers.h"

__attribute__((noinline)) static void* xmalloc(size_t size) {
  void* block = malloc(size);
  if (block == NULL) abort();
  return block;
}

static void fill(volatile long* block) {
  for (int i = 0; i < 8; i++) block[i] = i;
}

int main(void) {
  long* through_header = CALLOC(8, sizeof(long)); /* ccsim-test: site header */
  long* through_xmalloc = xmalloc(8 * sizeof(long)); /* ccsim-test: site xmalloc */
  fill(through_header);
  fill(through_xmalloc);
  free(through_header);
  free(through_xmalloc);
  return 0;
}
