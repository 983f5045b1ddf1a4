/* private_scratch.c: four threads that each allocate a private scratch buffer of SIZE bytes (argv[1]:
   1024, 8192, 65536 or 1048576), write every long of it, read every long back and free it, ROUNDS =
   262,144 / SIZE times (at least 2). Each thread allocates its first buffer before the start barrier,
   so that all four have taken an arena while all are alive, as they do when they run at once natively
   (Valgrind runs one thread at a time: a thread that finished its whole loop before the next one's
   first malloc would hand it its arena, and its memory; docs/data-objects.md, "Limits"). Nothing is
   shared: each buffer is its thread's alone while it is live, and glibc gives each thread an arena of its
   own (the 1 MiB buffers are mapped on their own, then, once the first is freed and glibc raises its
   mmap threshold, come from the thread's arena).

   Expected, in every --sim-mode: the buffers (two allocation sites, the first and the others) have each
   thread's ROUNDS x SIZE / 8 writes and as many reads, and no invalidation: no thread touches a line of
   another thread's buffer. The allocator's own accesses (its headers and free lists, its arena locks, zeroing
   nothing here) are charged to "(allocator)", never to the buffers. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define THREADS 4

static pthread_barrier_t start;
static long size;
static long rounds;

static void* use_buffers(void* unused) {
  (void)unused;
  long total = 0;
  long* buffer = malloc(size); /* ccsim-test: first buffer */
  pthread_barrier_wait(&start);
  for (long round = 0; round < rounds; round++) {
    const long longs = size / (long)sizeof(long);
    for (long i = 0; i < longs; i++) buffer[i] = round + i;
    for (long i = 0; i < longs; i++) total += buffer[i];
    free(buffer);
    buffer = round + 1 < rounds ? malloc(size) : NULL; /* ccsim-test: buffer */
  }
  return (void*)total;
}

int main(int argc, char** argv) {
  size = argc > 1 ? atol(argv[1]) : 1024;
  if (size < 64) return 2;
  rounds = 262144 / size < 2 ? 2 : 262144 / size;
  pthread_barrier_init(&start, NULL, THREADS);
  pthread_t threads[THREADS];
  for (int t = 0; t < THREADS; t++) pthread_create(&threads[t], NULL, use_buffers, NULL);
  long total = 0;
  for (int t = 0; t < THREADS; t++) {
    void* sum;
    pthread_join(threads[t], &sum);
    total += (long)sum;
  }
  printf("%ld rounds of %ld bytes, total %ld\n", rounds, size, total);
  return 0;
}
