/* published_blocks.c: the main thread allocates BLOCKS blocks of 32 bytes, each in a critical section of
   one mutex, writing its `value` and publishing it in a global array; then it writes a byte to a pipe.
   A reader thread waits for that byte (a kernel pipe: ordering the replay does not see), then reads each
   block's `value` in reverse order, each in a critical section of the same mutex, and writes a byte to a
   second pipe; main waits for it and frees the blocks, each in a critical section.

   In the real run every read comes after the block's allocation and before its free. The replay orders
   the critical sections its own way (docs/synchronization.md): interleaved alternates the two threads'
   sections, so the reader's first reads (of the last blocks) come before main's later allocations;
   piped replays main's sections first, frees included, so every read comes after its block's free.

   Expected, in every --sim-mode: the reader (thread 2) makes BLOCKS reads of the blocks, every one
   charged to the blocks' bin (the allocation line marked below), and none to the heap mapping outside
   live blocks; main (thread 1) makes BLOCKS writes to the bin. The program prints the sum of the values
   read, 0 + 1 + ... + (BLOCKS - 1).

   Built twice: with 32-byte blocks, which the heap layer keeps in shadow tables (heap_shadow.h), and with
   -DLARGE_BLOCKS, blocks of 64 KiB and 8 bytes, which it leaves to its trees: the same numbers. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define BLOCKS 100

#ifdef LARGE_BLOCKS
#define PADDING (65536 / sizeof(long))
#else
#define PADDING 3
#endif

struct block {
  long value;
  long padding[PADDING];
};

static struct block* blocks[BLOCKS];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int published[2];
static int read_all[2];
static long sum;

static void* reader(void* unused) {
  char byte;
  if (read(published[0], &byte, 1) != 1) abort();
  for (int i = BLOCKS - 1; i >= 0; i--) {
    pthread_mutex_lock(&lock);
    sum += blocks[i]->value;
    pthread_mutex_unlock(&lock);
  }
  if (write(read_all[1], &byte, 1) != 1) abort();
  return unused;
}

int main(void) {
  if (pipe(published) != 0 || pipe(read_all) != 0) return 1;
  pthread_t thread;
  pthread_create(&thread, NULL, reader, NULL);
  for (int i = 0; i < BLOCKS; i++) {
    pthread_mutex_lock(&lock);
    blocks[i] = malloc(sizeof(struct block)); /* ccsim-test: block */
    blocks[i]->value = i;
    pthread_mutex_unlock(&lock);
  }
  char byte = 0;
  if (write(published[1], &byte, 1) != 1 || read(read_all[0], &byte, 1) != 1) return 1;
  for (int i = 0; i < BLOCKS; i++) {
    pthread_mutex_lock(&lock);
    free(blocks[i]);
    pthread_mutex_unlock(&lock);
  }
  pthread_join(thread, NULL);
  printf("sum: %ld\n", sum);
  return 0;
}
