/* flag_handoff.c: two threads hand work to each other through a volatile flag, `turn`, and spin while they
   wait for it. Built as is and with ccsim.h's hand-off annotations (-DANNOTATE_CCSIM).

   The main thread creates the worker, writes all of `produced` ROUNDS times (its real work), then gives
   the worker its turn (turn = 1) and spins until the worker gives it back. The worker spins until its turn,
   writes `consumed` once (its real work) and gives the turn back (turn = 2). Each array has lines of its
   own, and so does the flag.

   Expected in the interleaved and piped modes, annotated or not (docs/synchronization.md):
   - "work main": ROUNDS x N = 400,000 writes, 8,000 B = 125 lines: 125 L1 misses, the rest hits
     (`produced` fits the 32 KiB L1), no invalidation;
   - "work worker": N = 1,000 writes, 125 L1 misses, no invalidation;
   - "wait main", "wait worker": each spin simulates exactly one read of `turn`, the one that saw the flag
     change, however long the thread spun in the real run (the main thread spins for at least the rest of
     its Valgrind time slice: the worker cannot run before it); the other re-reads are `skipped: spin`.
   Work and waiting alike are the same with and without the annotations: the spins are not simulated,
   and the two threads' work touches different lines. What the annotations add is the order of the
   hand-off itself (see the test). */
#include <pthread.h>
#include <stdio.h>

#if defined(ANNOTATE_CCSIM)
#include "ccsim.h"
#define HAPPENS_BEFORE(x) CCSIM_HAPPENS_BEFORE(x)
#define HAPPENS_AFTER(x) CCSIM_HAPPENS_AFTER(x)
#else
#define HAPPENS_BEFORE(x)
#define HAPPENS_AFTER(x)
#endif

#if defined(PAUSE)
#include <immintrin.h>
#define RELAX() _mm_pause()
#else
#define RELAX() (void)0
#endif

#define N 1000
#define ROUNDS 400

static long produced[N] __attribute__((aligned(64)));
static long consumed[N] __attribute__((aligned(64)));
static volatile int turn __attribute__((aligned(64)));

static void* worker(void* arg) {
  (void)arg;
  while (turn != 1) RELAX(); /* ccsim-test: wait worker */
  HAPPENS_AFTER(&turn);
  for (int i = 0; i < N; i++) consumed[i] = i; /* ccsim-test: work worker */
  HAPPENS_BEFORE(&turn);
  turn = 2; /* ccsim-test: give back */
  return NULL;
}

int main(void) {
  pthread_t thread;
  pthread_create(&thread, NULL, worker, NULL);
  for (int round = 0; round < ROUNDS; round++) {
    for (int i = 0; i < N; i++) produced[i] = i + round; /* ccsim-test: work main */
  }
  HAPPENS_BEFORE(&turn);
  turn = 1; /* ccsim-test: give turn */
  while (turn != 2) RELAX(); /* ccsim-test: wait main */
  HAPPENS_AFTER(&turn);
  pthread_join(thread, NULL);
  printf("%ld %ld\n", produced[N - 1], consumed[N - 1]);
  return 0;
}
