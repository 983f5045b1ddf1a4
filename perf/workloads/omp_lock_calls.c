/* omp_lock_calls.c: lock_calls.c with OpenMP's lock API: every thread sets and unsets an omp_lock_t of its
   own over and over, touching one counter of its own line inside: the cost of a wrapped libgomp lock call
   (the preload's requests to the tool, the tool's report of the lock) with no contention and almost no
   simulation. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#define THREADS_MAX 64
#define PAIRS 100000 /* set and unset pairs per thread per unit of SCALE */
static struct {
  omp_lock_t lock;
  long count;
} __attribute__((aligned(64))) own[THREADS_MAX];
int main(int argc, char** argv) {
  const int scale = argc > 1 ? atoi(argv[1]) : 1; /* perf/tool_bench.sh SCALE: more pairs */
  for (int t = 0; t < THREADS_MAX; t++) omp_init_lock(&own[t].lock);
  long total = 0;
#pragma omp parallel reduction(+ : total)
  {
    const int t = omp_get_thread_num() % THREADS_MAX;
    for (long i = 0; i < (long)PAIRS * scale; i++) {
      omp_set_lock(&own[t].lock);
      own[t].count++;
      omp_unset_lock(&own[t].lock);
    }
    total += own[t].count;
  }
  printf("%ld\n", total);
  return 0;
}
