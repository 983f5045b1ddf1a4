/* runtime_mutex_counter.c: two workers increment one shared counter ITERATIONS times each under a pthread
   mutex, but take and release the mutex from "runtime code": between the requests the preload uses to
   bracket a synchronization runtime's own code (ccsim/sync/requests.h, RUNTIME_ENTER and RUNTIME_EXIT),
   as an OpenMP runtime does when it puts a waiting thread to sleep and wakes it with a pthread mutex and
   a condition variable. Such locks are the runtime's: ccsim does not report them, so the replay sees
   two threads that increment a counter with no synchronization between the pthread barrier that starts
   them and their ends.

   Expected at the increment line, --sim-mode=interleaved (round-robin, quantum 1; gcc compiles the
   increment into a read and a write of the volatile counter, clang into one read-modify-write, which
   makes 2 x ITERATIONS - 1): after the barrier the two workers alternate access by
   access, R2 R3 W2 W3 per iteration, and each write removes the other's copy of a word it read: 2 x
   ITERATIONS = 2,000 true-sharing invalidations in the region after the barrier, none of them critical
   (no lock is held). Had the mutex been reported, the critical sections would alternate whole: 1,999
   true, in-region, critical invalidations. */
#include <pthread.h>
#include <stdio.h>

#include "ccsim/sync/requests.h"

#define ITERATIONS 1000

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct { volatile long value; char pad[64 - sizeof(long)]; } shared __attribute__((aligned(64)));
static pthread_barrier_t start;

static void runtime_enter(void) { VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_RUNTIME_ENTER, 0, 0, 0, 0, 0); }
static void runtime_exit(void) { VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_RUNTIME_EXIT, 0, 0, 0, 0, 0); }

static void* worker(void* unused) {
  pthread_barrier_wait(&start);
  for (int i = 0; i < ITERATIONS; i++) {
    runtime_enter();
    pthread_mutex_lock(&lock);
    runtime_exit();
    shared.value++; /* ccsim-test: increment */
    runtime_enter();
    pthread_mutex_unlock(&lock);
    runtime_exit();
  }
  return unused;
}

int main(void) {
  pthread_t threads[2];
  pthread_barrier_init(&start, NULL, 2);
  for (int t = 0; t < 2; t++) pthread_create(&threads[t], NULL, worker, NULL);
  for (int t = 0; t < 2; t++) pthread_join(threads[t], NULL);
  printf("%ld\n", shared.value);
  return shared.value == 2 * ITERATIONS ? 0 : 1;
}
