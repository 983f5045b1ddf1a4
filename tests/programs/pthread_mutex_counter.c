/* pthread_mutex_counter.c: worker threads update one shared counter under a mutex. Each increment reads
   and writes the same word, so every invalidation at the increment line is true sharing, and the
   writer holds the lock (critical). Arguments: the number of workers (default 2, at most 8) and the
   increments per worker (default 200000). The workers start together, at a barrier of all of them: no
   worker can finish before the last is created (Valgrind would give the new thread the finished one's
   thread id).

   Per lock, 2 workers x N increments, --sim-mode=interleaved, round-robin, quantum 1
   (docs/synchronization.md, "Locks in the replay"): the workers leave the barrier together and run the
   same accesses one per turn; worker 1 (thread 2) is first in turn order, so it takes the mutex first and
   worker 2 (thread 3), one access behind, finds it held. Releasing ends the releaser's turn and the
   waiting worker takes the mutex; the releaser's way back to the lock (the unlock's return, the loop, the
   lock call) is shorter than the other's critical section (the counter's load and store, the unlock
   call), so it finds the mutex held in turn. So the 2N acquisitions alternate: N each, every one but the
   very first is a hand-off and found the mutex held (N - 1 for thread 2, N for thread 3). Inside the
   critical sections each increment but the first reads the counter from the other worker's Modified copy
   and its store removes that copy: 2N - 1 true in-region invalidations, the profile's critical count. */
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
    pthread_mutex_lock(&lock); /* ccsim-test: lock */
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
