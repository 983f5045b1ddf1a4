/* stack_results.c: two workers hand their results to main through a struct on main's stack, each writing its
   own field of it in a counted loop: false sharing of a local variable, which the findings must name by its
   variable and frame ("results in main") and its fields, not as "the stack of thread 1".

   Threads: main (1) clears `results` (its one line of 64 bytes: aligned, nothing else on it), creates the
   workers (2, 3), and joins them. The workers meet at a pthread barrier, then make ROUNDS stores each, one
   per iteration (their counters stay in registers at -O2): worker 2 to `results.a` (bytes 0-7 of results),
   worker 3 to `results.b` (bytes 8-15). Main reads both after the joins.

   Expected in the interleaved order (one access per thread per turn; as in counted_reader.c, the barrier's
   release starts a round at the lowest-numbered thread that can run, and main waits in its join): worker 2
   store 1, worker 3 store 1, worker 2 store 2, ..., worker 3 store ROUNDS.
   - Worker 2's store 1 removes main's copy (main wrote bytes 0-15 clearing the struct): 1 invalidation.
   - Worker 3's store k removes the copy worker 2's store k brought in (k = 1..ROUNDS), and worker 2's store
     k removes the copy of worker 3's store k-1 (k = 2..ROUNDS): 2 x ROUNDS - 1 = 39,999 invalidations, all
     false (each thread only ever touched its own field, which the other never writes).
   So results' line has 40,000 invalidations, 39,999 of them false: false sharing, both fields named. */
#include <pthread.h>
#include <stdio.h>

#define ROUNDS 20000

/* Each worker's result; volatile, so that every iteration stores. */
struct results {
  volatile long a;
  volatile long b;
};

static pthread_barrier_t start;

static void* worker_a(void* arg) {
  struct results* results = arg;
  pthread_barrier_wait(&start);
  for (long i = 0; i < ROUNDS; i++) results->a = i + 1; /* ccsim-test: store a */
  return NULL;
}

static void* worker_b(void* arg) {
  struct results* results = arg;
  pthread_barrier_wait(&start);
  for (long i = 0; i < ROUNDS; i++) results->b = i + 1; /* ccsim-test: store b */
  return NULL;
}

int main(void) {
  struct results results __attribute__((aligned(64))) = {0, 0};
  pthread_t threads[2];
  pthread_barrier_init(&start, NULL, 2);
  pthread_create(&threads[0], NULL, worker_a, &results);
  pthread_create(&threads[1], NULL, worker_b, &results);
  pthread_join(threads[0], NULL);
  pthread_join(threads[1], NULL);
  printf("%ld %ld\n", results.a, results.b);
  return results.a == ROUNDS && results.b == ROUNDS ? 0 : 1;
}
