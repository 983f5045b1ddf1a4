/* heap_reuse_pingpong.c: two threads take one line of a heap block from each other, the block is freed,
   and the same memory, allocated again at another line of the program, is fought over again by the same
   code. It checks that what ccsim remembers about a hot line's repeated invalidations (line_detail.cc)
   is forgotten when the line's memory changes owner: every invalidation of the second phase belongs to
   the second block.

   Each phase: a 64-byte block, two threads that meet at a barrier, then each adds 1 ROUNDS times to its
   own long of the block (thread a to long 0, thread b to long 1): false sharing. Between the phases main
   frees the first block and allocates the second at the line marked "site second"; glibc hands the
   freed memory back from main's per-thread cache, so it must be the first block's memory (exit status 2
   otherwise, so a test cannot pass without the reuse). The same function `bump` makes every increment, so the two phases'
   invalidations have the same writer instruction, threads and bytes: only the memory's owner differs.

   Expected (derived in the test): each block's invalidations are all false sharing in one region, and
   the writers that the line detail lists for it caused exactly the invalidations its object received. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define ROUNDS 1000

static pthread_barrier_t start;

struct work {
  volatile long* counter;
};

static void* bump(void* arg) {
  volatile long* counter = ((struct work*)arg)->counter;
  pthread_barrier_wait(&start);
  for (int i = 0; i < ROUNDS; i++) *counter += 1; /* ccsim-test: increment */
  return NULL;
}

/* Two threads bump longs 0 and 1 of `block`. */
static int fight_over(long* block) {
  struct work a = {&block[0]}, b = {&block[1]};
  pthread_t ta, tb;
  if (pthread_barrier_init(&start, NULL, 2) != 0) return 3;
  if (pthread_create(&ta, NULL, bump, &a) != 0 || pthread_create(&tb, NULL, bump, &b) != 0) return 3;
  if (pthread_join(ta, NULL) != 0 || pthread_join(tb, NULL) != 0) return 3;
  pthread_barrier_destroy(&start);
  return block[0] == ROUNDS && block[1] == ROUNDS ? 0 : 3;
}

int main(void) {
  long* first = malloc(64); /* ccsim-test: site first */
  if (first == NULL) return 3;
  first[0] = first[1] = 0;
  if (fight_over(first) != 0) return 3;
  const uintptr_t first_address = (uintptr_t)first;
  free(first);
  long* second = malloc(64); /* ccsim-test: site second */
  if (second == NULL) return 3;
  if ((uintptr_t)second != first_address) {
    fprintf(stderr, "heap_reuse_pingpong: the second block is not the first one's memory\n");
    return 2;
  }
  second[0] = second[1] = 0;
  int status = fight_over(second);
  free(second);
  return status;
}
