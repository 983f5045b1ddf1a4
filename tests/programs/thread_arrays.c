/* thread_arrays.c: two threads run one function at the same time, each over its own global array: the
   same load and store instructions touch `left` on the main thread and `right` on the worker.

   Expected, in every --sim-mode: the sweeps make ROUNDS x ELEMENTS = 10 x 512 = 5,120 reads and 5,120
   writes of `left`, by thread 1 (main), and as many of `right`, by thread 2; main's printf then reads one
   element of each: `left` 5,121 reads by thread 1, `right` 1 read by thread 1 and 5,120 reads and
   writes by thread 2, and no other thread touches either. The interleaved order replays the two
   threads' accesses in alternation, so an instruction's cache of the object it touched last must be
   kept per thread (object_access_counts.h). */
#include <pthread.h>
#include <stdio.h>

#define ELEMENTS 512
#define ROUNDS 10

double left[ELEMENTS], right[ELEMENTS];

static void sweep(double* a) {
  for (int round = 0; round < ROUNDS; round++)
    for (int i = 0; i < ELEMENTS; i++) a[i] += 1.0;
}

static void* worker(void* unused) {
  (void)unused;
  sweep(right);
  return NULL;
}

int main(void) {
  pthread_t thread;
  pthread_create(&thread, NULL, worker, NULL);
  sweep(left);
  pthread_join(thread, NULL);
  printf("%f %f\n", left[0], right[ELEMENTS - 1]);
  return 0;
}
