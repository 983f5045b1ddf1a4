/* heap_buffers_one_line.c: two threads' small buffers, two heap blocks from two allocation sites (two
   objects), share one cache line (as Phoenix string_match's per-thread buffers do). main allocates a
   16-byte buffer at "site a" until one starts a 64-byte line (the others stay allocated; exit status 2
   when none does within 64 tries), then one at "site b", which must lie in the same line (glibc puts
   it 32 bytes further: a 16-byte block takes a 32-byte chunk); after a barrier thread 2 stores STORES
   times into a[0] and thread 3 into b[0].

   Expected: neither thread touches the other's buffer and main touches neither while the threads run,
   so every invalidation of the line is false sharing (0 true sharing), and each object's line detail
   holds one thread's bytes only: the class comes from the whole line. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define STORES 2000

static volatile long* a;
static volatile long* b;
static pthread_barrier_t start;

static void* worker(void* which) {
  volatile long* mine = which == NULL ? a : b;
  pthread_barrier_wait(&start);
  for (long i = 0; i < STORES; i++) *mine = i; /* ccsim-test: store */
  return NULL;
}

int main(void) {
  int tries = 0;
  do {
    a = malloc(16); /* ccsim-test: site a */
  } while ((uintptr_t)a % 64 != 0 && ++tries < 64);
  b = malloc(16); /* ccsim-test: site b */
  if ((uintptr_t)a / 64 != (uintptr_t)b / 64) {
    fprintf(stderr, "heap_buffers_one_line: the two buffers do not share a line\n");
    return 2;
  }
  pthread_t threads[2];
  pthread_barrier_init(&start, NULL, 2);
  pthread_create(&threads[0], NULL, worker, NULL);
  pthread_create(&threads[1], NULL, worker, (void*)1);
  for (int t = 0; t < 2; t++) pthread_join(threads[t], NULL);
  printf("%ld %ld\n", a[0], b[0]);
  return 0;
}
