/* omp_critical_sum.c: the thesis' NBF shape. A team of T OpenMP threads (argument 1, default 4) each
   fills a private copy of 4096 doubles with its number + 1, then adds it into one shared array with one
   critical section per element. Built twice for libgomp: with -z now like the other test programs, and
   without (omp_critical_sum_lazy), as users build, so that the dynamic linker binds GOMP_critical_start
   and friends on their first call, in whichever thread gets there first in the real run; and for
   libomp with clang (omp_critical_sum_libomp).

   Expected at the add line, --sim-mode=interleaved, round-robin, quantum 1 (docs/synchronization.md):
   - Entering the parallel region is a barrier: the T threads start the body together and run the same
     accesses one per turn, so they reach the first critical section in the same round. (Runtime code -
     the OpenMP runtime's, and the dynamic linker's binding of a function on its first call - is not
     simulated, so it cannot put one thread behind.)
   - The first thread in turn order to reach the lock takes it; the others wait at it. Releasing ends
     the releaser's turn, and the lock goes to the next waiting thread in turn order. A releaser needs a
     few accesses to reach the lock again, far fewer than the T-1 critical sections before its next
     turn at it, so the critical sections go round in turn order: element i is updated by every thread,
     p1, p2, ..., pT, before element i+1 is.
   - total[] lies alone on its 512 lines (aligned, nothing else touched there) and is not touched before
     the loop. For element i, pk (k >= 2) reads total[i] from p(k-1)'s Modified copy and its write
     removes that copy, whose bytes total[i] p(k-1) has just written: true sharing, in-region,
     critical. p1's write removes pT's copy, on which pT touched only total[i-1] (it came back to pT at
     element i-1): false sharing, except at the first element of a line (i % 8 == 0), which nobody has
     held yet. So:
       true_in_region_critical  = (T-1) x 4096   (T=2: 4096, T=3: 8192, T=4: 12288)
       false_in_region (critical)= 4096 - 512 = 3584, for every T >= 2
     and nothing across regions.
   - Every thread misses on total[] at 3584 elements (all but the first of each line) because it lost
     the line since its last update: coherence misses, true for p2..pT (the bytes were written by
     p(k-1)), false for p1 (nobody has written total[i] yet). The first element of each line is a
     first miss for everyone: compulsory for p1 (nobody held or wrote the line), a transfer miss for
     p2..pT (p(k-1) holds it Modified; docs/model.md). So each of the T threads has 3584 coherence misses
     at the add line: none stays out of the rotation. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define ELEMENTS 4096

static double total[ELEMENTS] __attribute__((aligned(64)));

int main(int argc, char** argv) {
  const int threads = argc > 1 ? atoi(argv[1]) : 4;
#pragma omp parallel num_threads(threads)
  {
    double mine[ELEMENTS];
    const double value = omp_get_thread_num() + 1;
    for (int i = 0; i < ELEMENTS; i++) mine[i] = value;
    for (int i = 0; i < ELEMENTS; i++) {
#pragma omp critical
      total[i] += mine[i]; /* ccsim-test: add */
    }
  }
  const double expected = threads * (threads + 1) / 2.0;
  for (int i = 0; i < ELEMENTS; i++) {
    if (total[i] != expected) return 1;
  }
  printf("%g\n", total[0]);
  return 0;
}
