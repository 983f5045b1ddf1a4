/* heap_block_lives.c: a block allocated and freed per round (as PARSEC streamcluster does with its work
   memory per call), reused at one address, in which two threads write disjoint halves - but not the same
   halves in every round: thread 2 writes bytes 0-31 in even rounds and 32-63 in odd ones, thread 3 the
   other half. Each block's life is false sharing; merged over the lives, both threads wrote every byte.

   main allocates a 128-byte block at the line marked "site" and the threads use the 64-byte line that
   starts in it (glibc puts the block's header before it, and the links it writes into a freed block in
   its first 16 bytes: neither in that line, so the line holds the threads' data alone), the
   threads (after a barrier) store ITERATIONS times into one long of their half (the line marked
   "store"), and after a second barrier main frees the block; ROUNDS rounds. Every block must start at
   the first one's address (the program fails with exit status 2 otherwise).

   Expected (interleaved, --quantum=1; nothing else touches the line): each write that finds the other
   thread's copy removes it. A copy touched by its thread in the round before holds bytes of the other
   thread's new half, so the first invalidation of rounds 2..ROUNDS is true sharing: ROUNDS - 1 = 3 true
   sharing invalidations (the copies of round 1 start empty; after the first invalidation of a round,
   every copy was fetched in this round and holds its own thread's half only). Every other invalidation
   is false sharing. The line detail describes one life: thread 2 writes one half, thread 3 the other. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define ROUNDS 4
#define ITERATIONS 2000
#define HALF_LONGS 4 /* 32 bytes */

static pthread_barrier_t start_round, end_round;
static volatile long* volatile block;  /* the aligned line inside the allocation */
static int round_number;

static void* worker(void* which) {
  const int thread = which != NULL; /* 0: thread 2, 1: thread 3 */
  for (int r = 0; r < ROUNDS; r++) {
    pthread_barrier_wait(&start_round);
    volatile long* mine = block + ((thread + round_number) % 2) * HALF_LONGS;
    for (long i = 0; i < ITERATIONS; i++) *mine = i; /* ccsim-test: store */
    pthread_barrier_wait(&end_round);
  }
  return NULL;
}

int main(void) {
  pthread_t threads[2];
  pthread_barrier_init(&start_round, NULL, 3);
  pthread_barrier_init(&end_round, NULL, 3);
  pthread_create(&threads[0], NULL, worker, NULL);
  pthread_create(&threads[1], NULL, worker, (void*)1);
  uintptr_t first = 0;
  for (round_number = 0; round_number < ROUNDS; round_number++) {
    char* allocation = malloc(128); /* ccsim-test: site */
    block = (volatile long*)(((uintptr_t)allocation + 63) & ~(uintptr_t)63);
    if ((char*)block < allocation + 16) block += 8;  /* past the links free writes */
    if (first == 0) first = (uintptr_t)block;
    if ((uintptr_t)block != first) {
      fprintf(stderr, "heap_block_lives: block %d is not the first one's memory\n", round_number);
      return 2;
    }
    pthread_barrier_wait(&start_round);
    pthread_barrier_wait(&end_round);
    free(allocation);
  }
  for (int t = 0; t < 2; t++) pthread_join(threads[t], NULL);
  return 0;
}
