/* omp_false_sharing.c: two OpenMP threads each increment their own counter ITERATIONS times; the two
   counters are adjacent words of one cache line. Neither thread touches the other's word, so every
   invalidation at the increment line is false sharing, inside the parallel region's one epoch.
   Build with -DPADDED to give each counter a line of its own: then nothing is invalidated.

   Expected at the increment line (L1 lines of 64 bytes). gcc compiles an increment into a read and a
   write of the counter, clang into one read-modify-write instruction (one write access); the loop
   keeps everything else in registers. The barrier before the loop releases both threads at the same
   point of their code, whatever the runtime did before.
   - --sim-mode=interleaved, round-robin, quantum 1: the replay alternates the two threads access by
     access. gcc: in iteration 1 both reads miss, t0's write removes t1's copy and t1's write removes
     t0's; in every later iteration t0's read misses (the line is Modified at t1), t1's read hits, t0's
     write removes t1's copy and t1's write removes t0's: 2 x 2000 = 4000 invalidations, all
     false_in_region. clang: every write but t0's first removes the other thread's copy:
     2 x 2000 - 1 = 3999, all false_in_region. With -DPADDED: 0.
   - --sim-mode=piped: thread 0's whole loop, then thread 1's; only thread 1's first write removes a copy
     (thread 0's): 1 invalidation, false_in_region. With -DPADDED: 0.
   Built with gcc the program runs on libgomp, with clang on libomp. */
#include <omp.h>
#include <stdio.h>

#define ITERATIONS 2000

#ifdef PADDED
struct counter { volatile long value; char pad[64 - sizeof(long)]; };
static struct counter counters[2] __attribute__((aligned(64)));
#define COUNTER(i) counters[i].value
#else
static volatile long counters[2] __attribute__((aligned(64)));
#define COUNTER(i) counters[i]
#endif

int main(void) {
#pragma omp parallel num_threads(2)
  {
    const int me = omp_get_thread_num();
#pragma omp barrier
    for (int i = 0; i < ITERATIONS; i++) {
      COUNTER(me)++; /* ccsim-test: increment */
    }
  }
  printf("%ld %ld\n", COUNTER(0), COUNTER(1));
  return COUNTER(0) == ITERATIONS && COUNTER(1) == ITERATIONS ? 0 : 1;
}
