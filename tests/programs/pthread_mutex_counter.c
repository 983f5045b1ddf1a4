/* pthread_mutex_counter.c: two threads update one shared counter under a mutex. Each increment reads
   and writes the same word, so every invalidation at the increment line is true sharing, and the
   writer holds the lock (critical). */
#include <pthread.h>
#include <stdio.h>

#define ITERATIONS 200000

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
/* The counter has a line of its own, so the lock word's traffic does not mix with it. */
static struct { volatile long value; char pad[64 - sizeof(long)]; } shared __attribute__((aligned(64)));
#define shared_counter shared.value

static void* worker(void* arg) {
  (void)arg;
  for (long i = 0; i < ITERATIONS; i++) {
    pthread_mutex_lock(&lock);
    shared_counter++; /* ccsim-test: increment */
    pthread_mutex_unlock(&lock);
  }
  return NULL;
}

int main(void) {
  pthread_t threads[2];
  for (int t = 0; t < 2; t++) pthread_create(&threads[t], NULL, worker, NULL);
  for (int t = 0; t < 2; t++) pthread_join(threads[t], NULL);
  printf("%ld\n", shared_counter);
  return shared_counter == 2 * ITERATIONS ? 0 : 1;
}
