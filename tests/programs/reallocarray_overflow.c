/* reallocarray_overflow.c: reallocarray(p, 2^32, 2^32) asks for 2^64 bytes, a product that wraps to 0:
   it fails and leaves the block as it was (not a realloc to 0 bytes, which would free it). The program
   then writes the block's first long and frees it: the test finds no invalid free reported and the
   block's object with its 1 write. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  volatile long* block = malloc(64); /* ccsim-test: site block */
  volatile size_t half = (size_t)1 << 32;
  volatile long* grown = reallocarray((void*)block, half, half);
  printf("%s\n", grown == NULL ? "failed" : "grew");
  if (grown == NULL) grown = block; /* a failed reallocarray leaves the block where it was */
  grown[0] = 1;
  free((void*)grown);
  return 0;
}
