/* omp_two_loops.c: an iterative OpenMP code with two parallel loops, each closed by its own barrier,
   run 100 times: loop 1 adds to array a, each of the 2 threads its own chunk of 12 doubles (96 bytes),
   so the chunks meet inside a's second line; loop 2 reads array b, each thread its own chunk, into a
   padded slot of its own. Run under ccsim --sim-mode=interleaved (tests/tool/phase_tests.cc).

   a and b are 24 doubles (192 bytes, 3 lines of 64 bytes), 64-byte aligned: thread 0 (the master, the
   profile's thread 1) uses bytes 0-95, lines 0 and 1; thread 1 bytes 96-191, lines 1 and 2. Line 1 is
   the edge: bytes 64-95 are thread 0's, 96-127 thread 1's.

   Loop 1, per round, as the replay runs the two threads in turns: each thread's first store to line 1
   in the round removes the other's copy, which the other wrote in the previous round: false sharing
   (the bytes differ), 2 invalidations per round; each thread's first access to line 1 then misses on a
   line it lost (a false coherence miss, 2 per round) and is served by the other's Modified copy (2
   transfers). In round 1 nobody held line 1 before: the first thread there misses compulsorily, the
   second misses on the other's copy (a transfer miss, served by a transfer) and its store removes that
   copy (1 invalidation). Lines 0 and 2 are one thread's each: one compulsory miss each, in round 1.
   So, summed over the 100 regions that loop 1's barrier closes, a has: L1 misses 3 compulsory,
   1 transfer, 198 coherence; coherence misses 198 false; invalidations 199 false; transfers 199.
   Whichever thread reaches line 1 first in a round, the counts are the same.

   Loop 2 reads b (never written): lines 0 and 2 one thread's each, line 1 both threads': 3 compulsory
   misses and 1 transfer miss (the second reader of line 1 is served by the first one's Exclusive copy:
   1 transfer), all in round 1; no invalidation. Each thread stores once per round into results, whose
   two elements share one line: as a's edge line, but one store each per round: the round's first store
   misses on the line the other thread took in the previous round (a false coherence miss, served by
   its Modified copy: a transfer) and removes that copy (a false invalidation), and so does the second;
   in round 1 the first misses compulsorily, the second is a transfer miss (and a transfer) and removes
   the first's copy. So results has, over loop 2's 100 regions: 1 compulsory, 1 transfer and 198
   coherence L1 misses, 198 false coherence misses, 199 false invalidations, 199 transfers. Each loop's
   barrier thus closes 100 regions, each with events (a region without any is not in the profile).
   After the team, main's printf reads a[23] and results[1] from lines thread 1 wrote last: transfer
   misses in the region open at exit.
   The arrays are not static: GCC gives no debug information of a static array it never writes (b). */
#include <omp.h>
#include <stdio.h>

#define ROUNDS 100
#define CHUNK 12

double a[2 * CHUNK] __attribute__((aligned(64)));
double b[2 * CHUNK] __attribute__((aligned(64)));
double results[2] __attribute__((aligned(64)));

int main(void) {
#pragma omp parallel num_threads(2)
  {
    const int me = omp_get_thread_num();
    for (int round = 0; round < ROUNDS; round++) {
      for (int i = me * CHUNK; i < (me + 1) * CHUNK; i++) a[i] += 1.0; /* ccsim-test: loop 1 */
#pragma omp barrier /* ccsim-test: barrier after loop 1 */
      double sum = 0.0;
      for (int i = me * CHUNK; i < (me + 1) * CHUNK; i++) sum += b[i]; /* ccsim-test: loop 2 */
      results[me] = sum; /* ccsim-test: store of the sum */
#pragma omp barrier /* ccsim-test: barrier after loop 2 */
    }
  }
  printf("%g %g %g\n", a[0], a[2 * CHUNK - 1], results[0] + results[1]);
  return a[0] == ROUNDS && a[2 * CHUNK - 1] == ROUNDS ? 0 : 1;
}
