/* idle_pool_thread.c: a pool thread that waits for work that never comes. main takes `lock`, creates a
   worker and waits on `changed` until the worker is `ready`; the worker, which can take the lock only once
   main's wait has released it, sets `ready`, broadcasts and waits on `changed` (pthread_cond_wait) for
   `work`, never set. So the worker is blocked in its wait, whatever the timing, when main, its wait
   returned, makes ROUNDS x 1,000 = 500,000 stores to its own `scratch` (1,000 longs, 8,000 bytes: 125
   lines, which stay in a 32 KiB L1 after the first round) and returns with the worker still waiting, as
   a program with an idle thread pool does.

   Expected in the replay orders: the worker reported its wait before it blocked, so the replay goes on
   with main's stores without waiting for it: no early replay even at --max-buffer=1 (500,000 records of
   12 bytes, 6 MB); at the end the worker is let past its wait without a forced ordering (nothing it did
   comes after the wait). main's store line: 500,000 writes, 125 L1 write misses, all compulsory. */
#include <pthread.h>

#define ROUNDS 500
#define WORK 1000

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static int ready, work;
static volatile long scratch[WORK] __attribute__((aligned(64))); /* main's own */

static void* wait_for_work(void* unused) {
  (void)unused;
  pthread_mutex_lock(&lock);
  ready = 1;
  pthread_cond_broadcast(&changed);
  while (!work) pthread_cond_wait(&changed, &lock);
  pthread_mutex_unlock(&lock);
  return 0;
}

int main(void) {
  pthread_t worker;
  pthread_mutex_lock(&lock);
  pthread_create(&worker, 0, wait_for_work, 0);
  while (!ready) pthread_cond_wait(&changed, &lock);
  pthread_mutex_unlock(&lock);
  for (int round = 0; round < ROUNDS; round++)
    for (int i = 0; i < WORK; i++) scratch[i] = i; /* ccsim-test: store */
  return 0;
}
