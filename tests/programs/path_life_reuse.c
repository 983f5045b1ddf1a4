/* path_life_reuse.c: four blocks of one heap site followed one after another, for the object paths'
   reuse of ended lives' records (object_paths.cc, new_life): fill_block, on main (thread 1), allocates a
   block, writes every byte of it and frees it, for blocks of 64, 32, 128 and 16 bytes in that order. The
   second life starts in the first one's ended record, whose mask of touched bytes has room for 32 bytes;
   the third needs a larger mask; the fourth fits in the third's. Every store is one 8-byte store through a
   volatile pointer, and glibc's blocks start 16 bytes apart, so no store straddles a line.

   Expected for the block site (the malloc in fill_block), followed with --paths (64-byte lines): one path
   of 4 freed lives, each with one run (fill_block allocates, writes and frees it, on thread 1): 0 reads,
   8 + 4 + 16 + 2 = 30 writes, 64 + 32 + 128 + 16 = 240 bytes (each life's run touched each byte of its
   block once), offsets 0-127. (malloc's and free's own accesses are the allocator's object, not the
   block's.) A life started with the previous life's bytes still marked would count fewer: none for the
   32-byte block. */
#include <stdlib.h>

static volatile long allocations;

__attribute__((noinline)) static void fill_block(unsigned long bytes) {
  long* block = malloc(bytes); /* ccsim-test: block site */
  allocations++;
  volatile long* v = block;
  for (unsigned long i = 0; i < bytes / sizeof(long); i++) v[i] = (long)i;
  free(block);
  allocations--;
}

int main(void) {
  const unsigned long sizes[] = {64, 32, 128, 16};
  for (int i = 0; i < 4; i++) fill_block(sizes[i]);
  return 0;
}
