/* placement_structs.c: the "per-thread sums" layout of MapReduce-style programs. Two threads each update
   their own 64-byte struct { long sum; char pad[48]; long count; } UPDATES times (sum += i, count++: each
   a load and a store); the two structs lie side by side in one heap block. Whether they false-share
   depends only on where the structs start within a 64-byte line: at 0 mod 64 each has a line of its own,
   at 16, 32 or 48 thread 2's count and thread 3's sum share a line. The first argument says where the structs go:
     aligned  aligned_alloc(64, 128), the structs at the block's start (0 mod 64 whatever the allocator);
     inside   aligned_alloc(64, 192), the structs 32 bytes into it (the block at 0 mod 64, the structs at 32);
     calloc   calloc(2, 64), the structs at the block's start, wherever the allocator put it.
   It prints the block's start modulo 64 and 128 ("block at 0 mod 64, 0 mod 128"). The main thread never
   touches the structs; a barrier starts both loops together, so that the interleaved order's turns make
   them alternate access by access. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define UPDATES 1000

struct part { /* volatile: every update is a load and a store of the field, whatever the optimizer does */
  volatile long sum;
  char pad[48];
  volatile long count;
};

static pthread_barrier_t start;

static void* worker(void* arg) {
  struct part* mine = arg;
  pthread_barrier_wait(&start);
  for (long i = 0; i < UPDATES; i++) {
    mine->sum += i;
    mine->count++;
  }
  return NULL;
}

int main(int argc, char** argv) {
  const char* mode = argc > 1 ? argv[1] : "aligned";
  char* block;
  struct part* parts;
  if (strcmp(mode, "aligned") == 0) {
    block = aligned_alloc(64, 2 * sizeof(struct part)); /* ccsim-test: aligned block */
    parts = (struct part*)block;
  } else if (strcmp(mode, "inside") == 0) {
    block = aligned_alloc(64, 3 * sizeof(struct part)); /* ccsim-test: inside block */
    parts = (struct part*)(block + 32);
  } else if (strcmp(mode, "calloc") == 0) {
    block = calloc(2, sizeof(struct part)); /* ccsim-test: calloc block */
    parts = (struct part*)block;
  } else {
    fprintf(stderr, "placement_structs: the mode is aligned, inside or calloc, not '%s'\n", mode);
    return 2;
  }
  printf("block at %u mod 64, %u mod 128\n", (unsigned)((uintptr_t)block % 64), (unsigned)((uintptr_t)block % 128));
  pthread_barrier_init(&start, NULL, 2);
  pthread_t threads[2];
  for (int t = 0; t < 2; t++) pthread_create(&threads[t], NULL, worker, &parts[t]);
  for (int t = 0; t < 2; t++) pthread_join(threads[t], NULL);
  free(block);
  return 0;
}
