/* evicted_block.c: a small heap block that starts in the middle of a cache line, read once, and its line
   then evicted by a sweep. main allocates a 24-byte pad ("site pad"), then a 40-byte block at "site
   block", until the block starts at 32 mod 64 (others are kept, unused; exit status 2 when none does
   within 64 tries): glibc puts the pad's 24 bytes at 0..23 of the block's line and the block's header at
   24..31, which malloc writes. main reads the block's first long (32..39) once, then writes one byte of
   each line of an 8 KiB array.

   Expected with a direct-mapped 4 KiB L1 and no other level (tests/tool/object_tests.cc): the line is
   evicted once, with 16 bytes used (the header malloc wrote, the long main read), and the eviction is
   charged to the object holding the first byte used, the header: the allocator's memory between blocks,
   1 L1 eviction and 16 bytes used there. Neither the pad, which holds the line's first byte and which
   nothing touched, nor the block's site gets it. */
#include <stdint.h>
#include <stdlib.h>

static char sweep[8192];
static void* pads[64];
static void* others[64];

int main(void) {
  long* block = NULL;
  for (int tries = 0; tries < 64 && block == NULL; tries++) {
    pads[tries] = malloc(24); /* ccsim-test: site pad */
    long* candidate = malloc(40); /* ccsim-test: site block */
    if (((uintptr_t)candidate & 63) == 32 && (char*)candidate == (char*)pads[tries] + 32) {
      block = candidate;
    } else {
      others[tries] = candidate;
    }
  }
  if (block == NULL) return 2;
  __asm__("" : "+r"(block)); /* malloc wrote no value there: reading it as is is the point */
  volatile long seen = block[0];
  (void)seen;
  for (unsigned i = 0; i < sizeof sweep; i += 64) sweep[i] = 1;
  return 0;
}
