/* thread_scaling.c: the same total work however many OpenMP threads share it (perf/thread_scaling.sh
   runs it with 4 and with 64). Three arrays of 2048 doubles (48 KiB in all) are split into one chunk
   per thread (2048 / threads elements of each, whole cache lines); each unit of work is one parallel
   region in which every thread makes 256 passes of `a[k] = b[k] + 3 * c[k]` over its own chunk. So a
   unit is 512 Ki elements, 1.5 Mi accesses (with -fno-tree-vectorize), whatever the thread count, and
   the program touches the same 48 KiB: only how it is split changes. No line is shared.
   With "shared" as the second argument, every thread reads the first chunk's c (read sharing) instead
   of its own, and after each 512 elements it increments its own counter in an array of longs packed 8
   to a cache line (false sharing among 8 threads): 2 more accesses per 512 elements, again the same in
   total for any thread count.
   Usage: thread_scaling [SCALE] [private|shared]   (8 * SCALE units; perf/tool_bench.sh passes SCALE). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define ELEMENTS 2048
#define PASSES_PER_UNIT 256
#define ELEMENTS_PER_COUNT 512
#define MAX_THREADS 64
static double a[ELEMENTS] __attribute__((aligned(64)));
static double b[ELEMENTS] __attribute__((aligned(64)));
static double c[ELEMENTS] __attribute__((aligned(64)));
static volatile long counts[MAX_THREADS] __attribute__((aligned(64)));

int main(int argc, char** argv) {
  const int scale = argc > 1 ? atoi(argv[1]) : 1;
  const int shared = argc > 2 && strcmp(argv[2], "shared") == 0;
  if (scale < 1 || (argc > 2 && !shared && strcmp(argv[2], "private") != 0)) {
    fprintf(stderr, "usage: thread_scaling [SCALE >= 1] [private|shared]\n");
    return 2;
  }
  const int threads = omp_get_max_threads();
  /* Powers of two up to 64: chunks of whole lines (at least 32 elements), whole passes per count. */
  if (threads > MAX_THREADS || (threads & (threads - 1)) != 0) {
    fprintf(stderr, "thread_scaling: OMP_NUM_THREADS must be a power of two of at most %d, not %d.\n",
            MAX_THREADS, threads);
    return 2;
  }
  for (int k = 0; k < ELEMENTS; k++) { b[k] = k; c[k] = 2 * k; }
  const int chunk = ELEMENTS / threads;
  const int passes_per_count = chunk < ELEMENTS_PER_COUNT ? ELEMENTS_PER_COUNT / chunk : 1;
  const int counts_per_pass = chunk > ELEMENTS_PER_COUNT ? chunk / ELEMENTS_PER_COUNT : 1;
  for (int unit = 0; unit < 8 * scale; unit++) {
#pragma omp parallel num_threads(threads)
    {
      const int t = omp_get_thread_num();
      double* my_a = a + t * chunk;
      const double* my_b = b + t * chunk;
      const double* my_c = shared ? c : c + t * chunk;
      for (int pass = 0; pass < PASSES_PER_UNIT; pass++) {
        for (int k = 0; k < chunk; k++) my_a[k] = my_b[k] + 3.0 * my_c[k];
        if (shared && (pass + 1) % passes_per_count == 0)
          for (int n = 0; n < counts_per_pass; n++) counts[t]++;
      }
    }
  }
  double sum = 0;
  for (int t = 0; t < threads; t++) sum += a[t * chunk] + counts[t];
  printf("%f\n", sum);
  return 0;
}
