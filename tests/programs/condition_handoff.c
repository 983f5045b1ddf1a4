/* condition_handoff.c: producer_consumer.c's hand-off through a mutex and a condition variable instead
   of a barrier. main takes `lock` and creates the consumer thread, then waits on `changed` until
   `waiting` is set: the consumer, which can take the lock only once main's wait has released it, sets
   `waiting`, broadcasts and waits on `changed` until `ready`. So each thread waits exactly once, whatever
   the timing (a thread that found its condition true would not wait, and the run would take another
   path). main's wait returns after the consumer's broadcast; main releases the lock, does WORK = 1,000
   stores to its own `scratch`, takes the lock again, writes the first byte of each of the LINES = 16
   lines of `buffer`, sets `ready` and broadcasts. The consumer's wait then returns (after main's
   broadcast, the condition's second), and it reads the same 16 bytes.

   Expected in the replay orders, the consumer going on after the broadcast that woke it: main's stores
   are compulsory write misses served by memory (nobody held the lines), and each consumer read is a
   transfer miss served by main's Modified copy, which it downgrades: 16 transfers from Modified, 16
   downgrades caused at the read line and received at the write line, and no invalidation at either line.
   (Ordered by the mutex alone, the consumer's return would take the free lock during main's scratch work,
   its reads would come first, compulsory, and main's stores would invalidate its 16 copies.)

   With an argument R, main's scratch work is done R times (R x 1,000 stores to the same 1,000 longs)
   while the consumer is blocked in its second wait: the consumer reported that wait before it blocked,
   so the replay goes on with main's work without waiting for the consumer, and a small --max-buffer
   forces no early replay (handoff_tests.cc). The numbers above do not depend on R. */
#include <pthread.h>
#include <stdlib.h>

#define LINES 16
#define WORK 1000

static char buffer[LINES * 64] __attribute__((aligned(64)));
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static int waiting, ready;
static volatile long scratch[WORK]; /* main's own */

static void* consume(void* unused) {
  (void)unused;
  long sum = 0;
  pthread_mutex_lock(&lock);
  waiting = 1;
  pthread_cond_broadcast(&changed);
  while (!ready) pthread_cond_wait(&changed, &lock);
  for (int line = 0; line < LINES; line++) sum += *(volatile char*)&buffer[64 * line]; /* ccsim-test: read */
  pthread_mutex_unlock(&lock);
  return (void*)sum;
}

int main(int argc, char** argv) {
  const long rounds = argc > 1 ? atol(argv[1]) : 1;
  pthread_t consumer;
  pthread_mutex_lock(&lock);
  pthread_create(&consumer, NULL, consume, NULL);
  while (!waiting) pthread_cond_wait(&changed, &lock);
  pthread_mutex_unlock(&lock);
  for (long round = 0; round < rounds; round++)
    for (int i = 0; i < WORK; i++) scratch[i] = i;
  pthread_mutex_lock(&lock);
  for (int line = 0; line < LINES; line++) *(volatile char*)&buffer[64 * line] = 1; /* ccsim-test: write */
  ready = 1;
  pthread_cond_broadcast(&changed);
  pthread_mutex_unlock(&lock);
  pthread_join(consumer, NULL);
  return 0;
}
