/* false_sharing.c: OpenMP threads incrementing adjacent per-thread counters (coherence-heavy). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
static volatile long counters[64];
int main(int argc, char** argv) {
  const long scale = argc > 1 ? atol(argv[1]) : 1;  /* perf/tool_bench.sh SCALE: more increments */
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    for (long i = 0; i < 1000000 * scale; i++) counters[t]++;
  }
  printf("%ld\n", counters[0]);
  return 0;
}
