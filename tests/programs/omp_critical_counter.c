/* omp_critical_counter.c: two OpenMP threads each add 1 to one shared counter ITERATIONS times inside a
   critical section (with -DLOCK_API, between omp_set_lock and omp_unset_lock). Every invalidation of the
   counter is true sharing (both threads touch the same word), in-region, and critical (the writer holds
   the lock). This is the thesis' NBF case: interleaved and piped simulation differ by orders of
   magnitude.

   Expected at the increment line:
   - --sim-mode=interleaved, round-robin, quantum 1: the barrier before the loop releases both threads
     at the same point of the same code; releasing a lock ends the releaser's turn, so the waiting
     thread takes the lock next, and the 2 x 1000 critical sections alternate between the threads. The
     first removes no copy; each of the other 1999 reads the counter from the other thread's Modified
     copy and its write removes that copy: 1999 invalidations, all true_in_region_critical (so
     true_in_region too).
   - --sim-mode=piped: each thread runs its 1000 critical sections in one go; only the second thread's
     first write removes a copy: 1 invalidation, true_in_region_critical.
   - -DCRITICAL_OUTSIDE_LOOP (the fix the thesis applied to NBF): each thread sums into a private
     variable and enters the critical section once; the second thread's write removes the first's copy:
     1 invalidation at the (single) critical update line, in both orders.
   The numbers are the same with gcc (libgomp) and clang (libomp), whose lock entry points run whole as
   runtime code. gcc compiles an increment into a read and a write, clang into one read-modify-write
   instruction. */
#include <omp.h>
#include <stdio.h>

#define ITERATIONS 1000

/* A cache line of its own: nothing else (the lock, the name of the critical section, the C runtime's
   flags in .bss) shares it. */
static struct { volatile long value; char pad[64 - sizeof(long)]; } shared __attribute__((aligned(64)));
#ifdef LOCK_API
static omp_lock_t lock;
#define ENTER omp_set_lock(&lock);
#define LEAVE omp_unset_lock(&lock);
#else
#define ENTER _Pragma("omp critical")
#define LEAVE
#endif

int main(void) {
#ifdef LOCK_API
  omp_init_lock(&lock);
#endif
#pragma omp parallel num_threads(2)
  {
#pragma omp barrier
#ifdef CRITICAL_OUTSIDE_LOOP
    long mine = 0;
    for (int i = 0; i < ITERATIONS; i++) mine++;
    ENTER { shared.value += mine; } /* ccsim-test: update once */
    LEAVE
#else
    for (int i = 0; i < ITERATIONS; i++) {
      ENTER { shared.value++; } /* ccsim-test: increment */
      LEAVE
    }
#endif
  }
  printf("%ld\n", shared.value);
  return shared.value == 2 * ITERATIONS ? 0 : 1;
}
