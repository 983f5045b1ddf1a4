/* unlocked_counter.c: two worker threads each add 1 to one shared word ITERATIONS times, with no lock
   (the thesis' sPPM bug: several threads write the same bytes in one region), or, given the argument
   "locked", each increment under one mutex.

   Expected, --sim-mode=interleaved, round-robin, quantum 1: the workers leave the start barrier together
   and run the same accesses one per turn, so their increments (a load and a store of the word, compiled
   without optimization) interleave: thread 2 loads, thread 3 loads, thread 2 stores, thread 3 stores, ...
   Every store removes the other worker's copy of the line, in the region that the barrier opened
   (2 x ITERATIONS invalidations). Unlocked, thread 2's first store writes bytes nobody else wrote
   before; every later store writes the word the other worker wrote in the same region with no lock held
   (docs/model.md, "Unlocked shared writes"): 2 x ITERATIONS - 1 unlocked shared writes at the increment
   line, ITERATIONS by thread 3 and ITERATIONS - 1 by thread 2. Locked, every store is made holding the
   mutex: none. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define ITERATIONS 1000

static struct { volatile long value; char pad[64 - sizeof(long)]; } shared __attribute__((aligned(64)));
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_barrier_t start;
static int locked;

static void* worker(void* arg) {
  (void)arg;
  pthread_barrier_wait(&start);
  for (int i = 0; i < ITERATIONS; i++) {
    if (locked) pthread_mutex_lock(&lock);
    shared.value++; /* ccsim-test: increment */
    if (locked) pthread_mutex_unlock(&lock);
  }
  return NULL;
}

int main(int argc, char** argv) {
  locked = argc > 1 && strcmp(argv[1], "locked") == 0;
  pthread_t threads[2];
  pthread_barrier_init(&start, NULL, 2);
  for (int t = 0; t < 2; t++) pthread_create(&threads[t], NULL, worker, NULL);
  for (int t = 0; t < 2; t++) pthread_join(threads[t], NULL);
  printf("%ld\n", shared.value);
  return 0;
}
