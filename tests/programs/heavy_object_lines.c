/* heavy_object_lines.c: an object whose false sharing is spread over many lines (as NPB FT's indexmap)
   beside one line that is the program's hottest. Two threads, after a barrier, first store HOT_STORES
   times each into their own long of `hot` (one line), then STORES_PER_LINE times each into their own
   long of each of the SPREAD_LINES lines of `spread`: thread 2 into bytes 0-7 of each line, thread 3
   into bytes 8-15.

   Expected (interleaved, --quantum=1: the two threads alternate store by store): `hot`'s line takes
   about 2 x 3000 invalidations, each line of `spread` about 2 x 1000, fewer than `hot`'s, but `spread`
   takes about 8 x 2 x 1000 = 16000 in all, more than `hot`. With --line-detail=1 the hottest line is
   `hot`'s, and `spread` is the object whose stores caused the most invalidations, so its 4 hottest
   lines are described too: in each, thread 2 writes bytes 0-7 and thread 3 bytes 8-15. No byte is
   written by one thread and used by the other: every invalidation is false sharing. */
#include <pthread.h>
#include <stdio.h>

#define HOT_STORES 3000
#define STORES_PER_LINE 1000
#define SPREAD_LINES 8

struct line {
  volatile long first;
  volatile long second;
  long unused[6];
};

static struct line hot __attribute__((aligned(64)));
static struct line spread[SPREAD_LINES] __attribute__((aligned(64)));
static pthread_barrier_t start;

static void* worker(void* which) {
  const int second = which != NULL;
  pthread_barrier_wait(&start);
  volatile long* mine = second ? &hot.second : &hot.first;
  for (long i = 0; i < HOT_STORES; i++) *mine = i; /* ccsim-test: hot */
  for (int l = 0; l < SPREAD_LINES; l++) {
    mine = second ? &spread[l].second : &spread[l].first;
    for (long i = 0; i < STORES_PER_LINE; i++) *mine = i; /* ccsim-test: spread */
  }
  return NULL;
}

int main(void) {
  pthread_t threads[2];
  pthread_barrier_init(&start, NULL, 2);
  pthread_create(&threads[0], NULL, worker, NULL);
  pthread_create(&threads[1], NULL, worker, (void*)1);
  for (int t = 0; t < 2; t++) pthread_join(threads[t], NULL);
  printf("%ld %ld\n", hot.first + spread[0].first, hot.second + spread[0].second);
  return 0;
}
