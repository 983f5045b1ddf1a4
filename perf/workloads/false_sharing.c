/* false_sharing.c: OpenMP threads incrementing adjacent per-thread counters (coherence-heavy). */
#include <omp.h>
#include <stdio.h>
static volatile long counters[64];
int main(void) {
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    for (long i = 0; i < 1000000; i++) counters[t]++;
  }
  printf("%ld\n", counters[0]);
  return 0;
}
