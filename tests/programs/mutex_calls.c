/* mutex_calls.c: one thread takes one mutex in each of the ways whose reports the preload makes in one
   request with the runtime's entry or exit (ccsim/sync/requests.h), N times each (argument, default 1000):
   - pthread_mutex_lock, then pthread_mutex_unlock;
   - pthread_mutex_trylock, which takes it, then a second pthread_mutex_trylock, which fails (the mutex is
     held: EBUSY, not reported), then pthread_mutex_unlock;
   - pthread_mutex_lock, then pthread_cond_timedwait with a deadline already past, which releases the
     mutex, holds it again and returns ETIMEDOUT at once, then pthread_mutex_unlock.
   Each section increments a counter of its own. So the mutex is acquired 4N times (a lock, a trylock
   that takes it, a lock, the wait's taking it again: the failed trylock is not an acquisition), always by
   this one thread (no hand-off, never found held); each counter is written N times and read N + 1
   times (the last by the printf), every access in a section after its lock calls, so a runtime call the
   tool saw entered and not left would lose them. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t never_signalled = PTHREAD_COND_INITIALIZER;
static volatile long locked_count, tried_count, waited_count;

int main(int argc, char** argv) {
  const long n = argc > 1 ? atol(argv[1]) : 1000;
  const struct timespec past = {0, 0};
  for (long i = 0; i < n; i++) {
    pthread_mutex_lock(&lock); /* ccsim-test: lock */
    locked_count++;
    pthread_mutex_unlock(&lock);

    if (pthread_mutex_trylock(&lock) != 0) return 3;
    if (pthread_mutex_trylock(&lock) != EBUSY) return 4;
    tried_count++;
    pthread_mutex_unlock(&lock);

    pthread_mutex_lock(&lock);
    if (pthread_cond_timedwait(&never_signalled, &lock, &past) != ETIMEDOUT) return 5;
    waited_count++;
    pthread_mutex_unlock(&lock);
  }
  printf("%ld %ld %ld\n", locked_count, tried_count, waited_count);
  return 0;
}
