/* lock_calls.c: every thread takes and releases a mutex of its own over and over, touching one counter
   of its own line inside: the cost of a wrapped lock call (the preload's requests to the tool, the
   tool's report of the lock) with no contention and almost no simulation. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
#define THREADS_MAX 64
#define PAIRS 100000 /* lock and unlock pairs per thread per unit of SCALE */
static struct {
  pthread_mutex_t lock;
  long count;
} __attribute__((aligned(64))) own[THREADS_MAX];
int main(int argc, char** argv) {
  const int scale = argc > 1 ? atoi(argv[1]) : 1; /* perf/tool_bench.sh SCALE: more pairs */
  for (int t = 0; t < THREADS_MAX; t++) pthread_mutex_init(&own[t].lock, NULL);
  long total = 0;
#pragma omp parallel reduction(+ : total)
  {
    const int t = omp_get_thread_num() % THREADS_MAX;
    for (long i = 0; i < (long)PAIRS * scale; i++) {
      pthread_mutex_lock(&own[t].lock);
      own[t].count++;
      pthread_mutex_unlock(&own[t].lock);
    }
    total += own[t].count;
  }
  printf("%ld\n", total);
  return 0;
}
