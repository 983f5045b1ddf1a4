/* omp_tasks.c: one thread of a team of two creates TASKS tasks; each task increments its own counter
   (a cache line each) ITERATIONS times. Whichever thread runs a task, its accesses are the program's.

   Expected at the task body line, in every --sim-mode: no invalidation (each counter is touched by
   one task only). Writes: clang (libomp) 4 x 100 = 400, one read-modify-write per increment: ccsim
   makes a task body user code wherever it runs. gcc (libgomp): 0 writes, the documented limit: the
   tasks are queued, and both threads run them while waiting at the single construct's implicit
   barrier, which is runtime code (docs/synchronization.md). */
#include <omp.h>
#include <stdio.h>

#define TASKS 4
#define ITERATIONS 100

struct slot { volatile long value; char pad[64 - sizeof(long)]; };
static struct slot slots[TASKS] __attribute__((aligned(64)));

int main(void) {
#pragma omp parallel num_threads(2)
  {
#pragma omp single
    for (int t = 0; t < TASKS; t++) {
#pragma omp task firstprivate(t)
      for (int i = 0; i < ITERATIONS; i++) slots[t].value++; /* ccsim-test: task body */
    }
  }
  long sum = 0;
  for (int t = 0; t < TASKS; t++) sum += slots[t].value;
  printf("%ld\n", sum);
  return sum == TASKS * ITERATIONS ? 0 : 1;
}
