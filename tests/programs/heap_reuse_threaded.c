/* heap_reuse_threaded.c: heap_reuse.c while another thread holds the replay back. The worker blocks in
   read() on a pipe, a wait in the kernel that ccsim does not see as synchronization, so in the
   interleaved and piped modes the replay waits for the worker's next event and replays little or none
   of main's work meanwhile. By the time main's accesses are simulated, main has freed its first block
   and allocated the second at the same address: each access must still be charged to the block that
   held its address when main made it.

   main allocates a 64 KiB block at the line marked "site first" and writes one long in each of its
   1024 cache lines of 64 bytes, frees it, allocates a block of the same size at the line marked "site
   second", which must be the same memory (the program fails with exit status 2 otherwise, so a test
   cannot pass without the reuse), and writes one long in each of its lines again. Then it wakes the
   worker and joins it.

   Expected, in every --sim-mode, with the default 32 KiB 8-way L1 (64 sets): the first object has the
   1024 writes of the first sweep and their 1024 L1 write misses, all compulsory (the lines were never
   in main's cache). The second object has the 1024 writes of the second sweep and 1024 L1 write misses,
   all replacement misses: the block's 1024 consecutive lines fall 16 in each set, and between two
   touches of a line each sweep touches the 15 other lines of its set, more than the 8 ways hold. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define BLOCK_BYTES 65536
#define LINE_LONGS (64 / sizeof(long))

static int wake_pipe[2];

static void* worker(void* arg) {
  (void)arg;
  char byte;
  return read(wake_pipe[0], &byte, 1) == 1 ? NULL : (void*)1;
}

static void sweep(volatile long* block) {
  for (long i = 0; i < BLOCK_BYTES / 64; i++) block[i * LINE_LONGS] = i; /* ccsim-test: sweep */
}

int main(void) {
  if (pipe(wake_pipe) != 0) return 3;
  pthread_t thread;
  if (pthread_create(&thread, NULL, worker, NULL) != 0) return 3;
  long* first = malloc(BLOCK_BYTES); /* ccsim-test: site first */
  sweep(first);
  const uintptr_t first_address = (uintptr_t)first;
  free(first);
  long* second = malloc(BLOCK_BYTES); /* ccsim-test: site second */
  if ((uintptr_t)second != first_address) {
    fprintf(stderr, "heap_reuse_threaded: the second block is not the first one's memory\n");
    return 2;
  }
  sweep(second);
  void* result = NULL;
  if (write(wake_pipe[1], "x", 1) != 1 || pthread_join(thread, &result) != 0 || result != NULL) return 3;
  free(second);
  return 0;
}
