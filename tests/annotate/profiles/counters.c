/* counters.c: two threads each increment their own counter, and both counters share one cache line,
   so every increment invalidates the other thread's copy (false sharing). */
#include <pthread.h>
#include <stdio.h>

#define ITERATIONS 1000

static long counters[2]; /* 16 bytes in one 64-byte line */

static void *worker(void *arg) {
  long id = (long)arg;
  for (int i = 0; i < ITERATIONS; i++) counters[id]++;
  return NULL;
}

int main(void) {
  pthread_t threads[2];
  for (long id = 0; id < 2; id++) {
    pthread_create(&threads[id], NULL, worker, (void *)id);
  }
  for (int id = 0; id < 2; id++) {
    pthread_join(threads[id], NULL);
  }
  /*
   * Both workers have finished: the main thread reads the two counters,
   * which costs one miss (the line now lives in the last writer's cache)
   * and one hit on the same line.
   */
  long total;
  total = counters[0] + counters[1];
  printf("%ld\n", total);
  return 0;
}
