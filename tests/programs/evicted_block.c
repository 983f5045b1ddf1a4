/* evicted_block.c: a small heap block that starts in the middle of a cache line, read once, and its line
   then evicted by a sweep. The bytes of the line before the block are the allocator's, or a block that is
   a 24-byte block of another site: no object of the block's allocation site. main allocates a 24-byte
   pad, then a block at "site block", until the block does not start a 64-byte line (one that does is
   kept, unused: freed, an allocator that reuses the last block freed would give it back every time;
   exit status 2 when none does within 64 tries), reads its first long once, then writes one byte of each
   line of an 8 KiB array.

   Expected with a direct-mapped 4 KiB L1 and no other level (tests/tool/object_tests.cc): the block's line
   is brought in once and evicted once, with the 8 bytes read used, and the eviction is charged to the
   block's allocation site: 1 L1 eviction, 8 evicted bytes used. (Charged to the line's first byte, it
   went to the allocator's bytes between blocks, no object of the site.) */
#include <stdint.h>
#include <stdlib.h>

static char sweep[8192];
static void* pads[64];
static void* line_aligned[64];

int main(void) {
  long* block = NULL;
  for (int tries = 0; tries < 64 && block == NULL; tries++) {
    pads[tries] = malloc(24); /* with the block's 40, not a multiple of the line: the next try moves */
    long* candidate = malloc(40); /* ccsim-test: site block */
    if (((uintptr_t)candidate & 63) != 0) {
      block = candidate;
    } else {
      line_aligned[tries] = candidate;
    }
  }
  if (block == NULL) return 2;
  volatile long seen = block[0];
  (void)seen;
  for (unsigned i = 0; i < sizeof sweep; i += 64) sweep[i] = 1;
  return 0;
}
