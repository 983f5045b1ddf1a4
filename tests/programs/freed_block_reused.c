/* freed_block_reused.c: a worker allocates a 4 KiB block (64 lines, 64-byte aligned), writes all of it
   ROUNDS times, frees it and raises a flag; the main thread waits for the flag, then allocates a block
   of the same size and alignment, which Valgrind's allocator gives back at the same address, and writes
   all of it ROUNDS times. In the real run the two uses are one after the other.

   Expected, in every --sim-mode: main's first write to each of the 64 lines removes the worker's copy,
   which the worker last wrote (true sharing): the worker (thread 2) receives 64 invalidations in all,
   and none after that (it touches the memory no more). Before the replay orders waited for the free
   (reused_memory.h), they interleaved the two threads' writes when Valgrind ran the worker's use to its
   end before main's: up to 2 x 64 x ROUNDS invalidations. The program prints whether the block was
   reused; the scenario needs it. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define BYTES 4096
#define ROUNDS 100

static volatile int freed = 0;
static void* first_block = NULL;

static void write_all(long* block) {
  for (int round = 0; round < ROUNDS; round++)
    for (int i = 0; i < BYTES / (int)sizeof(long); i++) block[i] = round + i;
}

static void* worker(void* unused) {
  (void)unused;
  long* block = aligned_alloc(64, BYTES); /* ccsim-test: worker_block */
  first_block = block;
  write_all(block);
  free(block);
  freed = 1;
  return NULL;
}

int main(void) {
  pthread_t thread;
  pthread_create(&thread, NULL, worker, NULL);
  while (!freed) {
  }
  long* block = aligned_alloc(64, BYTES); /* ccsim-test: main_block */
  write_all(block);
  printf("reused: %s\n", (void*)block == first_block ? "yes" : "no");
  pthread_join(thread, NULL);
  free(block);
  return 0;
}
