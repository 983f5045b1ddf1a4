/* user_barrier_phases.c: pthread_barrier_phases.c with the barrier PARSEC's benchmarks build themselves
   (parsec_barrier: a mutex, a condition variable, an arrival/departure counter, and a spin on the phase
   flag without the mutex before sleeping). Built three ways: as is, with ccsim.h's annotations
   (-DANNOTATE_CCSIM) and with drd.h's (-DANNOTATE_DRD) around the barrier's wait.

   Annotated, ccsim sees the barrier as it sees a pthread barrier, and the numbers are
   pthread_barrier_phases.c's: 2 x ROUNDS = 200 phases; in each but the first, each thread's write
   removes the other thread's copy, written in the previous phase: 398 invalidations, all
   true_across_regions (caused: 198 by the "own" line, 200 by the "other" line). Each of the 200 barrier
   releases closes a region at the annotation line "arrive": 201 regions, 0..200. The barrier's own code
   (between the annotations) is not simulated, so its mutex makes no critical section: 0 critical
   invalidations, and its spin loop is not simulated either.

   -DUNPAIRED (with -DANNOTATE_CCSIM) makes two mistakes: no CCSIM_BARRIER_INIT and no WAIT_AFTER. ccsim
   then says so at exit: the barrier ends no region (region 0 only), and the two worker threads end
   inside the barrier.

   Not annotated, ccsim sees a mutex and a condition variable: no barrier, so everything is region 0, and
   the barrier's counter, updated under the mutex by both threads, is invalidated inside critical
   sections. */
#include <pthread.h>
#include <stdio.h>

#if defined(ANNOTATE_CCSIM) && defined(UNPAIRED)
#include "ccsim.h"
#define BARRIER_INIT(b, n)
#define WAIT_BEFORE(b) CCSIM_BARRIER_WAIT_BEFORE(b)
#define WAIT_AFTER(b)
#elif defined(ANNOTATE_CCSIM)
#include "ccsim.h"
#define BARRIER_INIT(b, n) CCSIM_BARRIER_INIT(b, n)
#define WAIT_BEFORE(b) CCSIM_BARRIER_WAIT_BEFORE(b)
#define WAIT_AFTER(b) CCSIM_BARRIER_WAIT_AFTER(b)
#elif defined(ANNOTATE_DRD)
#include <valgrind/drd.h>
#define BARRIER_INIT(b, n) ANNOTATE_BARRIER_INIT(b, n, 0)
#define WAIT_BEFORE(b) ANNOTATE_BARRIER_WAIT_BEFORE(b)
#define WAIT_AFTER(b) ANNOTATE_BARRIER_WAIT_AFTER(b)
#else
#define BARRIER_INIT(b, n)
#define WAIT_BEFORE(b)
#define WAIT_AFTER(b)
#endif

#define ROUNDS 100
#define SPIN_COUNTER_MAX (128 * 1024)

/* parsec_barrier_t, as in PARSEC's hooks library. */
typedef struct {
  pthread_mutex_t mutex;
  pthread_cond_t cond;
  volatile int is_arrival_phase;
  unsigned max;
  unsigned n;
} user_barrier_t;

static void user_barrier_init(user_barrier_t* b, unsigned count) {
  pthread_mutex_init(&b->mutex, NULL);
  pthread_cond_init(&b->cond, NULL);
  b->is_arrival_phase = 1;
  b->max = count;
  b->n = 0;
  BARRIER_INIT(b, count);
}

static __attribute__((noinline)) void user_barrier_wait(user_barrier_t* b) {
  WAIT_BEFORE(b); /* ccsim-test: arrive */
  pthread_mutex_lock(&b->mutex);
  while (!b->is_arrival_phase) pthread_cond_wait(&b->cond, &b->mutex); /* the previous departure */
  b->n++; /* ccsim-test: count */
  if (b->n >= b->max) {
    b->is_arrival_phase = 0;
    pthread_cond_broadcast(&b->cond);
  } else {
    /* Spin without the mutex until the last thread arrives, then sleep. */
    pthread_mutex_unlock(&b->mutex);
    for (int i = 0; b->is_arrival_phase && i < SPIN_COUNTER_MAX; i++) continue; /* ccsim-test: spin */
    pthread_mutex_lock(&b->mutex);
    while (b->is_arrival_phase) pthread_cond_wait(&b->cond, &b->mutex);
  }
  b->n--;
  if (b->n == 0) {
    b->is_arrival_phase = 1;
    pthread_cond_broadcast(&b->cond);
  }
  pthread_mutex_unlock(&b->mutex);
  WAIT_AFTER(b);
}

struct slot { volatile long value; char pad[64 - sizeof(long)]; };
static struct slot slots[2] __attribute__((aligned(64)));
static user_barrier_t barrier;

static void* worker(void* arg) {
  const long me = (long)arg;
  const long other = 1 - me;
  for (int round = 0; round < ROUNDS; round++) {
    slots[me].value++; /* ccsim-test: own */
    user_barrier_wait(&barrier);
    slots[other].value++; /* ccsim-test: other */
    user_barrier_wait(&barrier);
  }
  return NULL;
}

int main(void) {
  pthread_t threads[2];
  user_barrier_init(&barrier, 2);
  for (long t = 0; t < 2; t++) pthread_create(&threads[t], NULL, worker, (void*)t);
  for (int t = 0; t < 2; t++) pthread_join(threads[t], NULL);
  printf("%ld %ld\n", slots[0].value, slots[1].value);
  return slots[0].value == 2 * ROUNDS && slots[1].value == 2 * ROUNDS ? 0 : 1;
}
