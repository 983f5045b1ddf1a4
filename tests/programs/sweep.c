/* sweep.c: single-threaded sequential and strided sweeps over arrays larger than L1 (Cachegrind parity).
   Every access is an aligned 8-byte load or store, so no access straddles two lines. */
#include <stdlib.h>

#define N (1 << 17) /* 128 Ki longs = 1 MiB per array */

static long a[N], b[N];

__attribute__((noinline)) void sequential_sweep(void) {
  for (int i = 0; i < N; i++) b[i] = a[i] + 1;
}

__attribute__((noinline)) void strided_sweep(int stride) {
  for (int s = 0; s < stride; s++)
    for (int i = s; i < N; i += stride) a[i] = b[i] * 3;
}

int main(void) {
  for (int round = 0; round < 3; round++) {
    sequential_sweep();
    strided_sweep(16);
  }
  return a[5] == 3 * (b[5]) ? 0 : 1;
}
