/* written_once_then_shared.c: main fills a block of two per-thread argument structs once, then two
   workers each read their own struct's `count` and write its `sum` (as Phoenix linear_regression does
   with its tid_args). The block is 64 bytes aligned to 64, alone in its line: thread 2's struct is bytes
   0-15 (count 0-7, sum 8-15), thread 3's bytes 16-31; main writes bytes 0-31 before creating the threads.

   Expected: main's copy, Modified with bytes 0-31 touched, is downgraded by the workers' first reads and
   removed by the first worker store, which writes bytes main touched: exactly 1 true sharing
   invalidation. main touches the line again only after joining both threads. Every other invalidation
   is a worker's store removing the other worker's copy, which touched only that worker's own struct:
   false sharing, 2 x STORES - 1 of them at most (one per store but the first). The bytes alone say
   "true and false sharing" (main wrote what the workers use); the counts say false sharing. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define STORES 2000

struct args {
  volatile long count;
  volatile long sum;
};

static struct args* args;
static pthread_barrier_t start;

static void* worker(void* which) {
  struct args* mine = &args[which != NULL];
  pthread_barrier_wait(&start);
  for (long i = 0; i < mine->count; i++) mine->sum = i; /* ccsim-test: store */
  return NULL;
}

int main(void) {
  args = aligned_alloc(64, 64); /* ccsim-test: site */
  for (int t = 0; t < 2; t++) {
    args[t].count = STORES;
    args[t].sum = 0;
  }
  pthread_t threads[2];
  pthread_barrier_init(&start, NULL, 2);
  pthread_create(&threads[0], NULL, worker, NULL);
  pthread_create(&threads[1], NULL, worker, (void*)1);
  for (int t = 0; t < 2; t++) pthread_join(threads[t], NULL);
  printf("%ld %ld\n", args[0].sum, args[1].sum);
  return 0;
}
