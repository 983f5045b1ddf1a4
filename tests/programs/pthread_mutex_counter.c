/* pthread_mutex_counter.c: worker threads update one shared counter under a mutex. Each increment reads
   and writes the same word, so every invalidation at the increment line is true sharing, and the
   writer holds the lock (critical). Arguments: the number of workers (default 2, at most 8) and the
   increments per worker (default 200000). The workers start together, at a barrier of all of them: no
   worker can finish before the last is created (Valgrind would give the new thread the finished one's
   thread id). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_WORKERS 8

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
/* The counter has a line of its own, so the lock word's traffic does not mix with it. */
static struct { volatile long value; char pad[64 - sizeof(long)]; } shared __attribute__((aligned(64)));
#define shared_counter shared.value

static pthread_barrier_t start;

static void* worker(void* arg) {
  const long iterations = *(const long*)arg;
  pthread_barrier_wait(&start);
  for (long i = 0; i < iterations; i++) {
    pthread_mutex_lock(&lock);
    shared_counter++; /* ccsim-test: increment */
    pthread_mutex_unlock(&lock);
  }
  return NULL;
}

int main(int argc, char** argv) {
  int workers = argc > 1 ? atoi(argv[1]) : 2;
  if (workers < 1 || workers > MAX_WORKERS) return 2;
  long iterations = argc > 2 ? atol(argv[2]) : 200000;
  pthread_barrier_init(&start, NULL, workers);
  pthread_t threads[MAX_WORKERS];
  for (int t = 0; t < workers; t++) pthread_create(&threads[t], NULL, worker, &iterations);
  for (int t = 0; t < workers; t++) pthread_join(threads[t], NULL);
  printf("%ld\n", shared_counter);
  return shared_counter == workers * iterations ? 0 : 1;
}
