/* thread_counters.c: two worker threads each increment their own `long` of one 64-byte line N times
   (the textbook false-sharing case), either at the same time or one after the other.

   thread_counters N          both workers are created, then both joined: they run together.
   thread_counters N serial   the first worker is created and joined before the second is created: the
                              second starts after the first has exited, and under Valgrind usually gets
                              its thread id. ccsim still simulates it on a processor of its own.

   Every increment is one load and one store of the worker's own counter (volatile, no vectorization).

   Invalidations with `serial`: exactly 1, at the increment line, on `counters`. The first worker leaves
   the line Modified in its cache and exits; the second worker's first load takes the line Shared (a
   downgrade, which removes no copy) and its first store removes the first worker's copy: 1 invalidation,
   received by thread 2 (false sharing: it touched bytes 0-7, thread 3 writes 8-15; across regions: main's
   join of thread 2 ended main's region). Every later store of the second worker finds the line Modified
   in its own cache, and main reads the counters only after both joins, taking the line Shared. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile long counters[2] __attribute__((aligned(64)));
static long iterations;

static void* worker(void* arg) {
  long id = (long)arg;
  for (long i = 0; i < iterations; i++) {
    counters[id]++; /* ccsim-test: increment */
  }
  return NULL;
}

int main(int argc, char** argv) {
  iterations = argc > 1 ? atol(argv[1]) : 10000;
  const int serial = argc > 2 && strcmp(argv[2], "serial") == 0;
  pthread_t threads[2];
  for (long t = 0; t < 2; t++) {
    pthread_create(&threads[t], NULL, worker, (void*)t);
    if (serial) pthread_join(threads[t], NULL);
  }
  if (!serial) {
    for (int t = 0; t < 2; t++) pthread_join(threads[t], NULL);
  }
  printf("%ld %ld\n", counters[0], counters[1]);
  return 0;
}
