/* per_thread_sums.c: the "per-thread sums" layout of MapReduce-style programs: an array of one 64-byte
   struct per thread in one calloc block, each thread updating its own struct's first and last fields
   ROUNDS times (one store each per round) after a start barrier. Built twice: as is (the block lies where
   glibc's calloc puts it: 16, 32 or 48 mod 64 for this program, never 0), and with -DALIGNED
   (aligned_alloc(64, ...): 0 mod 64). Prints "block at <address mod 64> mod 64".

   Expected in the interleaved order (one access per thread per turn, thread 2 first after the barrier):
   - at 0 mod 64 each struct is a line of its own: no invalidation of the block;
   - at 16, 32 or 48 mod 64, struct 0's last field and struct 1's first field share a line (the only
     line both threads write), at bytes 8 apart. Each round, thread 2 writes its first field (its own
     line) and its last field (the shared line), thread 3 its first field (the shared line) and its last
     field (its own line), in the order 2:first, 3:first, 2:last, 3:last. In round 1, 3:first takes the
     line with no copy elsewhere, and 2:last removes thread 3's copy; in every later round 3:first
     removes thread 2's copy and 2:last removes thread 3's: 1 + 2 (ROUNDS - 1) = 1,999 invalidations, all
     false sharing (each writes bytes the other never touched) in one region: thread 2 receives 999,
     thread 3 receives 1,000. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define ROUNDS 1000

struct sums {
  long first;
  long middle[6];
  long last;
};

static struct sums* per_thread;
static pthread_barrier_t start;

static void* worker(void* index) {
  volatile struct sums* mine = &per_thread[(intptr_t)index];
  pthread_barrier_wait(&start);
  for (long i = 0; i < ROUNDS; i++) {
    mine->first = i; /* ccsim-test: first */
    mine->last = i;  /* ccsim-test: last */
  }
  return NULL;
}

int main(void) {
#ifdef ALIGNED
  per_thread = aligned_alloc(64, 2 * sizeof(struct sums)); /* ccsim-test: aligned block */
  if (per_thread == NULL) return 1;
#else
  per_thread = calloc(2, sizeof(struct sums)); /* ccsim-test: block */
#endif
  pthread_barrier_init(&start, NULL, 2);
  pthread_t threads[2];
  for (intptr_t t = 0; t < 2; t++) pthread_create(&threads[t], NULL, worker, (void*)t);
  for (int t = 0; t < 2; t++) pthread_join(threads[t], NULL);
  printf("block at %lu mod 64\n", (unsigned long)((uintptr_t)per_thread % 64));
  free(per_thread);
  return 0;
}
