/* private_buffers.c: two threads each allocate a 256-byte buffer, fill it, sum it and free it, ROUNDS
   times, at the same time (they start together at a barrier). Nothing is shared: each buffer is its
   thread's alone, and glibc gives main its main arena and the worker an arena of its own.

   Expected, in every --sim-mode: the buffers of each thread are one object (one allocation stack: main's
   call or the worker's), which has its thread's ROUNDS x 32 = 32,000
   writes and 32,000 reads (32 longs a round), and no invalidation at all: neither thread ever touches a
   line the other does. (When ccsim replaced the allocator with Valgrind's one arena, each got the
   buffer the other had just freed, and blocks allocated one after the other shared a line: hundreds to
   thousands of invalidations, a different number in every run.) */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define LONGS 32
#define ROUNDS 1000

static pthread_barrier_t start;

static long use_buffers(void) {
  long total = 0;
  for (int round = 0; round < ROUNDS; round++) {
    long* buffer = malloc(LONGS * sizeof(long)); /* ccsim-test: buffer */
    for (int i = 0; i < LONGS; i++) buffer[i] = round + i;
    for (int i = 0; i < LONGS; i++) total += buffer[i];
    free(buffer);
  }
  return total;
}

static void* worker(void* unused) {
  (void)unused;
  pthread_barrier_wait(&start);
  return (void*)use_buffers();
}

int main(void) {
  pthread_t thread;
  pthread_barrier_init(&start, NULL, 2);
  pthread_create(&thread, NULL, worker, NULL);
  pthread_barrier_wait(&start);
  long total = use_buffers();
  void* other;
  pthread_join(thread, &other);
  printf("%ld\n", total + (long)other);
  return 0;
}
