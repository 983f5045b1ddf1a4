/* random_walk.c: single-threaded pointer chase through a random permutation (Cachegrind parity). */
#include <stdlib.h>

#define N (1 << 16)

static long next[N];

__attribute__((noinline)) long walk(long steps) {
  long i = 0, sum = 0;
  for (long s = 0; s < steps; s++) {
    sum += i;
    i = next[i];
  }
  return sum;
}

int main(void) {
  unsigned x = 12345;
  for (long i = 0; i < N; i++) next[i] = i;
  for (long i = N - 1; i > 0; i--) { /* Fisher-Yates with a fixed xorshift: same walk every run */
    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
    long j = x % (i + 1), t = next[i];
    next[i] = next[j];
    next[j] = t;
  }
  return (int)(walk(400000) & 1);
}
