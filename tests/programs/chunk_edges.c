/* chunk_edges.c: an array split among 4 threads in contiguous chunks, each thread storing into every
   element of its own chunk, ROUNDS times over, after a barrier. `chunk_edges 125`: chunks of 125 longs
   (1,000 bytes, not a multiple of 64); `chunk_edges 128`: chunks of 128 longs (1,024 bytes = 16 lines).
   `chunk_edges big`: the main thread alone stores once into each element of `big`, 600 lines.

   `data` is 64-byte aligned, 4 x 128 longs (4,096 bytes, 64 lines); thread w (0..3, profile threads
   2..5) stores into elements [w x CHUNK, (w + 1) x CHUNK). Nothing else writes `data` (main neither reads
   nor writes it), and it fits in L1 (no evictions).

   Expected with CHUNK = 125, interleaved, --quantum=1 (docs/synchronization.md: after the barrier the
   four workers take turns one access each, so every worker makes its s-th access in the same round; all
   run the same code, so in each round every worker stores element s of its chunk in iteration r of
   the same number). Chunk w starts at byte 1,000 w: the edges are in lines 15 (bytes 960-1023: thread 2
   stores bytes 960-999, elements 120-124 at steps 120-124 of each iteration; thread 3 bytes 1000-1023,
   elements 125-127 at steps 0-2), 31 (bytes 1984-2047: thread 3 bytes 1984-1999, steps 123-124; thread 4
   bytes 2000-2047, steps 0-5) and 46 (bytes 2944-3007: thread 4 bytes 2944-2999, steps 118-124; thread 5
   bytes 3000-3007, step 0). In each edge line, the later chunk's thread stores first in every iteration
   and the earlier chunk's thread last. docs/model.md: a store removes every other copy. Iteration 0: the
   later thread's store finds no other copy (a compulsory L1 miss); the earlier thread's store, finding
   the later thread's Modified copy, is a transfer miss (docs/model.md: the line was held by another
   processor, not compulsory) and removes that copy: 1 invalidation. Iterations 1..ROUNDS-1: the later thread's store
   removes the earlier's copy, the earlier's removes the later's: 2 each. Per edge line 2 x ROUNDS - 1
   = 199 invalidations, all false sharing in one region (each writes bytes the other never touched): the
   later thread receives ROUNDS = 100, the earlier ROUNDS - 1 = 99. Each victim's next store is a false
   coherence miss, except the later thread's after iteration ROUNDS - 1 (it has none): 99 each, and the
   L1 misses there are, for the later thread, 1 compulsory + 99 coherence, for the earlier thread 1
   transfer + 99 coherence. Every other line (0-14, 16-30, 32-45,
   47-62; line 63 is never touched) is stored by one thread only: 1 compulsory miss, no invalidation.
   So exactly 3 x 199 = 597 invalidations, at the 3 edge blocks, none elsewhere.

   With CHUNK = 128, chunk w is lines 16 w to 16 w + 15: no line is shared, no invalidation at all.

   `big`: 600 x 64 = 38,400 bytes, 64-byte aligned, more than 256 lines: buckets of 2^k blocks with the
   smallest k giving at most 256 buckets: 600 / 2 = 300 is too many, 600 / 4 = 150 is not, so 150
   buckets of 4 lines, each with 4 compulsory L1 misses of thread 1 (each line stored first there; an L1
   of 512 lines evicts some, but no line is stored twice). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS 4
#define ROUNDS 100
#define MAX_CHUNK 128
#define BIG_LINES 600

static long data[THREADS * MAX_CHUNK] __attribute__((aligned(64)));
static long big[BIG_LINES * 8] __attribute__((aligned(64)));
static int chunk;
static pthread_barrier_t start;

static void* worker(void* arg) {
  volatile long* mine = data + (long)arg * chunk;
  pthread_barrier_wait(&start);
  for (long r = 0; r < ROUNDS; r++) {
    for (int i = 0; i < chunk; i++) mine[i] = r; /* ccsim-test: store */
  }
  return NULL;
}

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: chunk_edges 125|128|big\n");
    return 2;
  }
  if (strcmp(argv[1], "big") == 0) {
    volatile long* all = big;
    for (int i = 0; i < BIG_LINES * 8; i++) all[i] = i;
    return 0;
  }
  chunk = atoi(argv[1]);
  if (chunk < 1 || chunk > MAX_CHUNK) return 2;
  pthread_t threads[THREADS];
  pthread_barrier_init(&start, NULL, THREADS);
  for (long w = 0; w < THREADS; w++) pthread_create(&threads[w], NULL, worker, (void*)w);
  for (int w = 0; w < THREADS; w++) pthread_join(threads[w], NULL);
  return 0;
}
