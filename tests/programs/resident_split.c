/* resident_split.c: an object whose lines are held in two cache sets at different times, so that with
   two simulation workers, each simulating one set's lines, the object's peak of resident lines is not the
   sum of the workers' peaks (docs/parallel-simulation.md, section 9; tests/tool/working_set_tests.cc).

   With --L1=256,2,64 --L2=none --LLC=none: 2 sets of 2 ways, a line's set is its line number mod 2, and
   the machine splits into 2 line shards (the fewest sets), one per worker with --sim-threads=2: worker 0
   simulates set 0, worker 1 set 1. `split` and `other` are 128-byte aligned: split's lines s0 and s2 are
   in set 0, s1 and s3 in set 1; other's o0, o2 in set 0, o1, o3 in set 1. Each of ROUNDS rounds reads s0,
   s2, o0, o2 (set 0), then s1, s3, o1, o3 (set 1): at -O2 the loop keeps its counter, pointers and sum in
   registers, so these 8 reads are its only accesses. Each misses: a set's 2 ways hold the 2 lines read
   last in it, and each read's line was read 4 reads of that set before.

   `resident_split zero`: CCSIM_ZERO_STATS after ROUNDS / 2 rounds (the counts, the clock and the
   integrals start again; the peaks start from the lines held then). The request's own stack writes come
   before it, so the rounds after it miss as before. */
#include <stdlib.h>

#include "ccsim.h"

#define ROUNDS 100000

/* Not static: two static arrays never written would be one (GCC merges them at -O2). */
char split[4 * 64] __attribute__((aligned(128)));
char other[4 * 64] __attribute__((aligned(128)));

int main(int argc, char** argv) {
  (void)argv;
  const int zero = argc > 1;
  volatile char* s = split;
  volatile char* o = other;
  long sum = 0;
  for (int round = 0; round < ROUNDS; ++round) {
    if (zero && round == ROUNDS / 2) CCSIM_ZERO_STATS;
    sum += s[0];
    sum += s[128];
    sum += o[0];
    sum += o[128];
    sum += s[64];
    sum += s[192];
    sum += o[64];
    sum += o[192];
  }
  return sum == 0 ? 0 : 1;
}
