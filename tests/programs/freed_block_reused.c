/* freed_block_reused.c: a worker allocates a 256 KiB block, writes all of it ROUNDS times, frees it and
   raises a flag; the main thread waits for the flag, then allocates a block of the same size, which the
   allocator gives back at the same address, and writes all of it ROUNDS times. In the real run the two
   uses are one after the other. The blocks are mapped by the allocator (mallopt fixes glibc's mmap
   threshold at 128 KiB, below the block, so that the worker's free does not raise it): each block is
   its own mapping, its header in the first 16 bytes (the block starts at 16 mod 64), and the second
   mapping lands where the first was.

   Expected, in every --sim-mode: the block spans 4,097 lines; the first also holds the header, which
   main's malloc writes before main's program touches the line, so main's allocator takes that line from
   the worker. Main's first write to each of the other 4,096 lines removes the worker's copy, which the
   worker last wrote (true sharing): main's block causes 4,096 invalidations and the worker (thread 2)
   receives them there (the memory is main's block by then), and no other invalidation of either
   block's bin. Before the replay orders waited for the free (reused_memory.h), they interleaved the two
   threads' writes when Valgrind ran the worker's use to its end before main's. The program prints
   whether the block was reused; the scenario needs it. */
#include <malloc.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define BYTES (256 * 1024)
#define ROUNDS 2

static volatile int freed = 0;
static void* first_block = NULL;

static void write_all(long* block) {
  for (int round = 0; round < ROUNDS; round++)
    for (int i = 0; i < BYTES / (int)sizeof(long); i++) block[i] = round + i;
}

static void* worker(void* unused) {
  (void)unused;
  long* block = malloc(BYTES); /* ccsim-test: worker_block */
  first_block = block;
  write_all(block);
  free(block);
  freed = 1;
  return NULL;
}

int main(void) {
  mallopt(M_MMAP_THRESHOLD, 128 * 1024);
  pthread_t thread;
  pthread_create(&thread, NULL, worker, NULL);
  while (!freed) sched_yield();
  long* block = malloc(BYTES); /* ccsim-test: main_block */
  write_all(block);
  printf("reused: %s, at %lu mod 64\n", (void*)block == first_block ? "yes" : "no", (unsigned long)(uintptr_t)block % 64);
  pthread_join(thread, NULL);
  free(block);
  return 0;
}
