/* omp_parallel_loops.c: a time-step loop of eight parallel regions: in each, four OpenMP threads compute
   a[i] = b[i] + 3 c[i] over their own quarter of three 128 KiB arrays (a STREAM triad per step). Between
   the regions the runtime parks its workers until the next team needs them.

   Expected: nothing is shared but the team's start and end, yet the simulated order matters to the
   shared last-level cache and to which instruction's lines an eviction removes. The interleaved and
   piped orders depend only on each thread's stream (docs/synchronization.md, "Determinism"), so two runs
   write the same profile, whichever worker the runtime wakes first for each region. Linked with lazy
   binding (as gcc -fopenmp links by default), the order in which the workers reach each team varied
   enough that before the replay started each region's turns with the lowest thread, most pairs of runs
   differed in their last-level cache and eviction counts. */
#include <stdio.h>

#define N (1 << 14)
#define STEPS 8

static double a[N], b[N], c[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    b[i] = i;
    c[i] = 2 * i;
  }
  for (int step = 0; step < STEPS; step++) {
#pragma omp parallel for num_threads(4) schedule(static)
    for (int i = 0; i < N; i++) a[i] = b[i] + 3.0 * c[i];
  }
  printf("%f\n", a[N / 2]);
  return 0;
}
