/* l1_hits.c: every thread updates its own 16 KiB array of doubles over and over: after the first pass
   every access is an L1 hit of the thread's own lines (the hit path alone; nothing shared). With
   OMP_NUM_THREADS=1 it is the `hits.c` of perf/README.md. */
#include <stdio.h>
#include <stdlib.h>
#define ELEMENTS 2048 /* 16 KiB: half of ccsim's and Cachegrind's default L1 */
#define PASSES 2500   /* per unit of SCALE */
int main(int argc, char** argv) {
  const int scale = argc > 1 ? atoi(argv[1]) : 1; /* perf/tool_bench.sh SCALE: more passes */
  double total = 0;
#pragma omp parallel reduction(+ : total)
  {
    double* a = calloc(ELEMENTS, sizeof *a);
    for (int pass = 0; pass < PASSES * scale; pass++)
      for (int i = 0; i < ELEMENTS; i++) a[i] = a[i] * 0.5 + 1.0;
    total += a[ELEMENTS / 2];
    /* Every thread has its array before any is freed: otherwise, when Valgrind's scheduler ran a thread
       to its end before another started, the later calloc got the freed array back, and the replay
       orders replay the two threads' passes one after the other (docs/synchronization.md), not at once. */
#pragma omp barrier
    free(a);
  }
  printf("%f\n", total);
  return 0;
}
