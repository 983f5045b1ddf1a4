/* producer_consumer.c: main (the producer) writes the first byte of each of the LINES = 16 lines of
   `buffer` (1 KiB, 64-byte aligned), then meets the consumer thread at a barrier; the consumer then reads
   the same 16 bytes. Nothing else touches `buffer`.

   Expected, with the default 32 KiB L1 and 64-byte lines, in the interleaved order (the barrier orders
   the two loops): each producer store is a compulsory write miss (nobody held or wrote the line), served
   by memory, and leaves the line Modified in main's caches (16 lines fit any L1). Each consumer read
   misses: the consumer never held the line, but main holds it, so it is a transfer miss, not a
   compulsory one (0 compulsory misses at the read line); it is served by main's Modified copy (a
   transfer from Modified, 16 in all) and downgrades that copy to Shared: 16 downgrades caused at the
   read line, 16 received at the store line. One transfer edge, store line -> read line, thread 1 -> 2,
   of 16 from Modified, and `buffer` moved 16 times between 2 threads (object-transfer: 1 -> 2, 16). */
#include <pthread.h>

#define LINES 16

static char buffer[LINES * 64] __attribute__((aligned(64)));
static pthread_barrier_t produced;

static void* consume(void* unused) {
  (void)unused;
  pthread_barrier_wait(&produced);
  long sum = 0;
  for (int line = 0; line < LINES; line++) sum += *(volatile char*)&buffer[64 * line]; /* ccsim-test: read */
  return (void*)sum;
}

int main(void) {
  pthread_t consumer;
  pthread_barrier_init(&produced, NULL, 2);
  pthread_create(&consumer, NULL, consume, NULL);
  for (int line = 0; line < LINES; line++) *(volatile char*)&buffer[64 * line] = 1; /* ccsim-test: write */
  pthread_barrier_wait(&produced);
  pthread_join(consumer, NULL);
  return 0;
}
