/* two_locks.c: two worker threads each take lock_a to add 1 to counter a, then lock_b to add 1 to counter
   b, ITERATIONS times. Each counter has a line of its own, and each lock protects only its counter.

   Expected, --sim-mode=interleaved, round-robin, quantum 1 (docs/synchronization.md, "Locks in the
   replay"): the workers leave the start barrier together and run the same code one access per turn.
   Worker 1 (thread 2) takes lock_a first and worker 2 (thread 3) waits for it; releasing a lock ends the
   releaser's turn, so the waiting worker takes it next. The releaser then needs its unlock's return, the
   loop's own accesses and lock_b's critical section before it reaches lock_a again, more turns than the
   other's critical section of lock_a takes: so each lock goes to the workers in turn, thread 2, thread 3,
   thread 2, ... Per lock: ITERATIONS acquisitions per worker, and every acquisition but the first is a
   hand-off: 2 x ITERATIONS - 1 (1,000 for thread 3, 999 for thread 2). Inside lock_a's critical sections
   each increment but the first reads a from the other worker's Modified copy and its store removes
   that copy: 2 x ITERATIONS - 1 true in-region invalidations, all to a; likewise lock_b's, all to b; and
   no store under one lock touches the other's counter. */
#include <pthread.h>
#include <stdio.h>

#define ITERATIONS 1000

static pthread_mutex_t lock_a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_b = PTHREAD_MUTEX_INITIALIZER;
static struct { volatile long value; char pad[64 - sizeof(long)]; } a __attribute__((aligned(64)));
static struct { volatile long value; char pad[64 - sizeof(long)]; } b __attribute__((aligned(64)));
static pthread_barrier_t start;

static void* worker(void* arg) {
  (void)arg;
  pthread_barrier_wait(&start);
  for (int i = 0; i < ITERATIONS; i++) {
    pthread_mutex_lock(&lock_a);
    a.value++; /* ccsim-test: a */
    pthread_mutex_unlock(&lock_a);
    pthread_mutex_lock(&lock_b);
    b.value++; /* ccsim-test: b */
    pthread_mutex_unlock(&lock_b);
  }
  return NULL;
}

int main(void) {
  pthread_t threads[2];
  pthread_barrier_init(&start, NULL, 2);
  for (int t = 0; t < 2; t++) pthread_create(&threads[t], NULL, worker, NULL);
  for (int t = 0; t < 2; t++) pthread_join(threads[t], NULL);
  printf("%ld %ld\n", a.value, b.value);
  return a.value == 2 * ITERATIONS && b.value == 2 * ITERATIONS ? 0 : 1;
}
