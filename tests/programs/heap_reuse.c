/* heap_reuse.c: a block is written once and freed; the next allocation, from another line, gets the same
   memory (a thread's small blocks come from its own region, which hands its last freed block of a size
   class out again first, docs/data-objects.md; the program prints
   "reused" when it did) and is written three times. The first site's object has the 8 writes of the
   first block, the second site's the 3 x 8 = 24 writes made after the reuse. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCK_LONGS 8

static void fill(volatile long* array, long count) {
  for (long i = 0; i < count; i++) array[i] = i; /* ccsim-test: fill */
}

int main(void) {
  long* first = malloc(BLOCK_LONGS * sizeof(long)); /* ccsim-test: site first */
  fill(first, BLOCK_LONGS);
  uintptr_t first_address = (uintptr_t)first;
  free(first);
  long* second = malloc(BLOCK_LONGS * sizeof(long)); /* ccsim-test: site second */
  for (int pass = 0; pass < 3; pass++) fill(second, BLOCK_LONGS);
  uintptr_t second_address = (uintptr_t)second;
  free(second);
  printf("%s\n", first_address == second_address ? "reused" : "moved");
  return 0;
}
