/* named_range.c: names bytes 1024-1535 of a 4096-byte global array "particle pool" with
   CCSIM_NAME_RANGE, then writes every element of the array once (512 8-byte stores): 64 of them land in
   the named range, the other 448 in the rest of `pool`. A second request, with size 0, must be refused. */
#include "ccsim.h"

static long pool[512] __attribute__((aligned(64)));

int main(void) {
  CCSIM_NAME_RANGE(&pool[128], 64 * sizeof(long), "particle pool");
  CCSIM_NAME_RANGE(&pool[0], 0, "nothing");
  for (int i = 0; i < 512; i++) pool[i] = i; /* ccsim-test: fill */
  return 0;
}
