/* omp_many_epochs.c: 600 parallel regions of 4 threads; in region r each thread adds 1 to its own double
   of row r mod 8 of a 64-byte-aligned table of 8 rows of 8 doubles (one cache line each) for r < 300, and
   of row 0 from then on: false sharing in every region, on rows 1 to 7 only in the first half of the run.
   The region number reaches the threads in row 0's last double (written by the main thread before each
   region), not through a variable of main's frame, so that no other line is shared region after region;
   and the simulation stops after the last region (CCSIM_STOP_INSTRUMENTATION): the exit's own accesses
   (crtstuff's `completed.0`, stdio) would be events of the last epoch, on other lines.

   For --timeline=epoch with several simulation workers (tests/tool/sim_worker_tests.cc): rows 0 to 7 are
   consecutive lines, so they fall in different workers' line shards, and a worker that simulates none of
   row 0's line has its last event in the middle of the run: its timeline needs half the width of the
   timeline of row 0's worker, whose events go on to the end. The profile's timeline must still be the one
   a single simulator writes: the finer table coarsened to the coarser width before they are added. */
#include "ccsim.h"

extern int omp_get_thread_num(void);

/* External, so that the compiler keeps every store to it though the program never reads it back. */
double table[8][8] __attribute__((aligned(64)));

int main(void) {
  for (int r = 0; r < 600; r++) {
    table[0][7] = r;
#pragma omp parallel num_threads(4)
    {
      const int region = (int)table[0][7];
      const int row = region < 300 ? region % 8 : 0;
      table[row][omp_get_thread_num()] += 1.0;
    }
  }
  CCSIM_STOP_INSTRUMENTATION;
  return 0;
}
