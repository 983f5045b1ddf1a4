/* repeated_reads.c: a loop that stores nothing and reads each element of an array four times in a row,
   `sum += a[i / 4]`: work, not a wait, though every three reads in four re-read the address read just
   before. Built with -O2 so that the loop keeps `sum` and `i` in registers and stores nothing, as in real
   programs; the loop's address comes from `i`, which the loop advances, so it is not a polling loop
   (ccsim/tool/instrumentation/spin_waits.h).
   Expected (tests/tool/user_sync_tests.cc): the marked line reads 4096 times, all simulated; `a` is
   1024 longs, 8 KiB = 128 lines of 64 bytes, read in order: 128 compulsory L1 misses and 3968 hits (it
   fits in the 32 KiB L1); nothing is skipped as spinning and no line is reported as waiting. */
#include <stdio.h>

#define ELEMENTS 1024
#define READS (4 * ELEMENTS)

long a[ELEMENTS];

int main(void) {
  long sum = 0;
  for (long i = 0; i < READS; i++) {
    sum += a[i / 4]; /* ccsim-test: repeated read */
  }
  printf("%ld\n", sum);
  return 0;
}
