/* pthread_barrier_phases.c: omp_barrier_phases.c with POSIX threads: two threads alternate between
   writing their own slot and the other thread's slot, with a pthread barrier between phases. Each slot
   has a cache line of its own, so all sharing is true sharing, and every invalidation is across regions.

   Expected, in every --sim-mode: 2 x ROUNDS = 200 phases; in each but the first, each thread's write
   removes the other thread's copy, written in the previous phase: 398 invalidations, all
   true_across_regions. Caused: 198 by the "own" line, 200 by the "other" line; received: 200 by the
   "own" line, 198 by the "other" line. Both threads start in the main thread's region, 0; each of the
   200 barrier releases closes a phase's region (100 at each barrier line) and opens the next: 201
   regions, 0..200, the last one open. */
#include <pthread.h>
#include <stdio.h>

#define ROUNDS 100

struct slot { volatile long value; char pad[64 - sizeof(long)]; };
static struct slot slots[2] __attribute__((aligned(64)));
static pthread_barrier_t barrier;

static void* worker(void* arg) {
  const long me = (long)arg;
  const long other = 1 - me;
  for (int round = 0; round < ROUNDS; round++) {
    slots[me].value++; /* ccsim-test: own */
    pthread_barrier_wait(&barrier); /* ccsim-test: barrier after own */
    slots[other].value++; /* ccsim-test: other */
    pthread_barrier_wait(&barrier); /* ccsim-test: barrier after other */
  }
  return NULL;
}

int main(void) {
  pthread_t threads[2];
  pthread_barrier_init(&barrier, NULL, 2);
  for (long t = 0; t < 2; t++) pthread_create(&threads[t], NULL, worker, (void*)t);
  for (int t = 0; t < 2; t++) pthread_join(threads[t], NULL);
  pthread_barrier_destroy(&barrier);
  printf("%ld %ld\n", slots[0].value, slots[1].value);
  return slots[0].value == 2 * ROUNDS && slots[1].value == 2 * ROUNDS ? 0 : 1;
}
