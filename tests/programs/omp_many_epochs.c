/* omp_many_epochs.c: 600 parallel regions of 4 threads; in region r each thread stores its own double of
   row r mod 8 of a 64-byte-aligned table of 8 rows of 8 doubles (one cache line each) for r < 300, and of
   row 0 from then on: false sharing in every region, on lines 1 to 7 only in the first 300 regions.

   For --timeline=epoch with several simulation workers (tests/tool/sim_worker_tests.cc): rows 0 to 7 are
   consecutive lines, so they fall in different workers' line shards, and a worker that has none of row
   0's events sees its last event near epoch 300 and keeps a finer timeline (width 2) than the worker of
   row 0 (epochs up to 600 and more: width 4 or more). The profile's timeline must still be the one a single
   simulator writes: the finer tables coarsened to the coarser width before they are added. */
#include <stdio.h>

static double table[8][8] __attribute__((aligned(64)));

int main(void) {
  for (int r = 0; r < 600; r++) {
    const int row = r < 300 ? r % 8 : 0;
#pragma omp parallel num_threads(4)
    {
      extern int omp_get_thread_num(void);
      table[row][omp_get_thread_num()] += 1.0;
    }
  }
  printf("%g\n", table[0][0]);
  return 0;
}
