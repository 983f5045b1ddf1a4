/* omp_parallel_init.c: the thesis' wupwise pattern. The master zeroes an array serially, two OpenMP
   threads then initialise it in parallel (static schedule: thread 0 the first half, thread 1 the second),
   and after the parallel region the master reads it all serially.

   Expected (L1 32 KiB, 64-byte lines; the array is 1024 longs = 8 KiB = 128 lines, aligned, so it stays
   in every cache throughout; any --sim-mode, the barriers fix the order):
   - thread 1's writes to the second half (64 lines) remove the master's copies, which the master touched
     at the zeroing line in the serial region before the team: 64 invalidations caused at the parallel
     init line and 64 received at the zeroing line, all true sharing (same bytes), across regions.
   - the master's serial read then misses on exactly those 64 lines; thread 1 wrote the bytes it reads
     since the master lost them: 64 true coherence misses at the serial read line, and no other miss
     there (the first half stayed in the master's cache).
   The master writing the first half in the team hits its own (Exclusive/Modified) copies: nothing else
   is invalidated. */
#include <omp.h>
#include <stdio.h>

#define N 1024

static volatile long values[N] __attribute__((aligned(64)));

int main(void) {
  for (int i = 0; i < N; i++) values[i] = 0; /* ccsim-test: zeroing */
#pragma omp parallel num_threads(2)
  {
#pragma omp for schedule(static)
    for (int i = 0; i < N; i++) values[i] = i; /* ccsim-test: parallel init */
  }
  long sum = 0;
  for (int i = 0; i < N; i++) sum += values[i]; /* ccsim-test: serial read */
  printf("%ld\n", sum);
  return sum == (long)N * (N - 1) / 2 ? 0 : 1;
}
