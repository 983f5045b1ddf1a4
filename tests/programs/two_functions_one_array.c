/* two_functions_one_array.c: two functions touch one global array, `table`, of ELEMENTS = 64 longs
   (8-byte aligned, so each access lies in one line), a known number of times each, on two threads. The
   accesses are volatile: one machine access per element access in the source.

   fill() runs on main (thread 1) and writes each element once: 64 writes at the line marked "fill".
   sum() reads each element PASSES = 3 times: 192 reads at the line marked "sum"; it runs on the worker
   (thread 2), then on main after the join. Nothing else touches `table` (the sums are locals; printf
   prints them). Expected cells (table, line, thread): fill on 1: 0 reads, 64 writes; sum on 2: 192 reads,
   0 writes; sum on 1: 192 reads, 0 writes. The object's own counts: thread 1 192 reads and 64 writes,
   thread 2 192 reads: the sums of its cells. */
#include <pthread.h>
#include <stdio.h>

#define ELEMENTS 64
#define PASSES 3

volatile long table[ELEMENTS];

__attribute__((noinline)) static void fill(void) {
  for (int i = 0; i < ELEMENTS; i++) table[i] = i; /* ccsim-test: fill */
}

__attribute__((noinline)) static long sum(void) {
  long total = 0;
  for (int pass = 0; pass < PASSES; pass++) {
    for (int i = 0; i < ELEMENTS; i++) total += table[i]; /* ccsim-test: sum */
  }
  return total;
}

static void* worker(void* result) {
  *(long*)result = sum();
  return NULL;
}

int main(void) {
  fill();
  long from_worker = 0;
  pthread_t thread;
  if (pthread_create(&thread, NULL, worker, &from_worker) != 0) return 1;
  pthread_join(thread, NULL);
  long from_main = sum();
  printf("%ld %ld\n", from_worker, from_main);
  return 0;
}
