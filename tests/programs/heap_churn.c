/* heap_churn.c: many small heap blocks allocated, freed, allocated again at the same addresses from
   another line, and moved by realloc; then one large block. tests/tool/object_tests.cc checks each
   allocation site's reads and writes (one per long: every long is 8-byte aligned, so it touches one line):
   - site first:  2000 blocks of 3 longs, each long written once: 6000 writes. All freed.
   - site second: 2000 blocks of 3 longs (the allocator hands most of the freed blocks out again: the
     program prints how many came back at an address of the first round), each long written once (6000
     writes); each block reallocated to 6 longs, which moves it (ccsim's realloc always moves; the copy
     is not the program's access) and keeps it in this site's object; longs 3-5 written (6000 writes);
     then all 6 longs of every block read in a scattered order (12000 reads). All freed.
   - site third:  2000 blocks of 3 longs again, each long written once and read once (6000 and 6000).
   - site large:  one block of 12500 longs (100,000 bytes), every 8th long written: 1563 writes.
   The pointer table `blocks` is written once per allocation and per realloc: 4 x 2000 = 8000 writes. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCKS 2000
#define LARGE_LONGS 12500

static volatile long* blocks[BLOCKS];
static uintptr_t first_addresses[BLOCKS];

static void fill(volatile long* block, int from, int to) {
  for (int i = from; i < to; i++) block[i] = i;
}

static long sum(volatile long* block, int count) {
  long total = 0;
  for (int i = 0; i < count; i++) total += block[i];
  return total;
}

static int compare_addresses(const void* a, const void* b) {
  const uintptr_t x = *(const uintptr_t*)a, y = *(const uintptr_t*)b;
  return x < y ? -1 : x > y;
}

int main(void) {
  for (int i = 0; i < BLOCKS; i++) {
    blocks[i] = malloc(3 * sizeof(long)); /* ccsim-test: site first */
    fill(blocks[i], 0, 3);
    first_addresses[i] = (uintptr_t)blocks[i];
  }
  for (int i = 0; i < BLOCKS; i++) free((void*)blocks[i]);
  qsort(first_addresses, BLOCKS, sizeof first_addresses[0], compare_addresses);
  int reused = 0;
  for (int i = 0; i < BLOCKS; i++) {
    blocks[i] = malloc(3 * sizeof(long)); /* ccsim-test: site second */
    uintptr_t address = (uintptr_t)blocks[i];
    if (bsearch(&address, first_addresses, BLOCKS, sizeof first_addresses[0], compare_addresses)) reused++;
    fill(blocks[i], 0, 3);
  }
  int moved = 0;
  for (int i = 0; i < BLOCKS; i++) {
    volatile long* old = blocks[i];
    blocks[i] = realloc((void*)blocks[i], 6 * sizeof(long));
    if (blocks[i] != old) moved++;
    fill(blocks[i], 3, 6);
  }
  long total = 0;
  for (int i = 0; i < BLOCKS; i++) total += sum(blocks[(i * 7) % BLOCKS], 6);
  for (int i = 0; i < BLOCKS; i++) free((void*)blocks[i]);
  for (int i = 0; i < BLOCKS; i++) {
    blocks[i] = malloc(3 * sizeof(long)); /* ccsim-test: site third */
    fill(blocks[i], 0, 3);
    total += sum(blocks[i], 3);
  }
  volatile long* large = malloc(LARGE_LONGS * sizeof(long)); /* ccsim-test: site large */
  for (int i = 0; i < LARGE_LONGS; i += 8) large[i] = i;
  free((void*)large);
  for (int i = 0; i < BLOCKS; i++) free((void*)blocks[i]);
  printf("reused %s, moved %d, total %ld\n", reused > BLOCKS / 2 ? "most" : "few", moved, total);
  return 0;
}
