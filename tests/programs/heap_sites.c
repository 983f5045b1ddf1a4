/* heap_sites.c: heap blocks from three allocation sites, a global array and an array on the stack, each
   written a known number of times (one 8-byte store per element, at the line marked "fill"):
   - site "first": one block of 8 longs, written once: 8 writes;
   - site "second": one block of 8 longs, written once: 8 writes;
   - site "loop": two blocks of 16 longs from one line, each written once: 32 writes;
   - the global `table`, 16 longs: 16 writes;
   - `local`, 32 longs on the main thread's stack: 32 writes.
   Nothing else reads or writes these bytes. Built stripped (-s) too, as heap_sites_stripped. */
#include <stdlib.h>

#define BLOCK_LONGS 8

static long table[16];

static void fill(volatile long* array, long count) {
  for (long i = 0; i < count; i++) array[i] = i; /* ccsim-test: fill */
}

int main(void) {
  long* first = malloc(BLOCK_LONGS * sizeof(long)); /* ccsim-test: site first */
  long* second = malloc(BLOCK_LONGS * sizeof(long)); /* ccsim-test: site second */
  long* looped[2];
  volatile int blocks = 2; /* read at run time, so that the loop stays one call of malloc when optimized */
  for (int i = 0; i < blocks; i++) looped[i] = malloc(2 * BLOCK_LONGS * sizeof(long)); /* ccsim-test: site loop */
  volatile long local[32];

  fill(first, BLOCK_LONGS);
  fill(second, BLOCK_LONGS);
  for (int i = 0; i < 2; i++) fill(looped[i], 2 * BLOCK_LONGS);
  fill(table, 16);
  fill(local, 32);

  free(first);
  free(second);
  for (int i = 0; i < 2; i++) free(looped[i]);
  return 0;
}
