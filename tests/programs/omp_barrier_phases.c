/* omp_barrier_phases.c: two OpenMP threads alternate between writing their own slot and the other
   thread's slot, with a barrier between phases. Each slot has a cache line of its own, so all sharing
   is true sharing, and because a barrier separates every write from the other thread's previous touch
   of that line, every invalidation is across regions.

   Expected, in every --sim-mode (the barriers fix the order): in each phase each thread's write
   removes the other thread's copy of the line, which the other wrote in the previous phase, except in
   the very first phase, where each thread writes a line nobody else has touched. There are
   2 x ROUNDS = 200 phases, so 2 x 199 = 398 invalidations, all true_across_regions. Caused: 198 by
   the "own" line (every round but the first), 200 by the "other" line. Received, by the line that last
   wrote the removed copy: 200 by the "own" line, 198 by the "other" line.
   Regions: 0 until the team's entry closes it (at the parallel construct); each of the 200 barriers
   closes its phase's region (100 at each barrier line); the team's end closes the empty region after
   the last barrier (at the parallel construct again); the region after the team stays open: 203 in
   all, numbered 0..202. */
#include <omp.h>
#include <stdio.h>

#define ROUNDS 100

struct slot { volatile long value; char pad[64 - sizeof(long)]; };
static struct slot slots[2] __attribute__((aligned(64)));

int main(void) {
#pragma omp parallel num_threads(2)
  {
    const int me = omp_get_thread_num();
    const int other = 1 - me;
    for (int round = 0; round < ROUNDS; round++) {
      slots[me].value++; /* ccsim-test: own */
#pragma omp barrier /* ccsim-test: barrier after own */
      slots[other].value++; /* ccsim-test: other */
#pragma omp barrier /* ccsim-test: barrier after other */
    }
  }
  printf("%ld %ld\n", slots[0].value, slots[1].value);
  return slots[0].value == 2 * ROUNDS && slots[1].value == 2 * ROUNDS ? 0 : 1;
}
