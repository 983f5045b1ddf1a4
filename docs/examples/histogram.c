/* histogram.c: the example ccsim's README runs. Each OpenMP thread counts the values of its share of an
   array into its own row of `per_thread_counts`. The rows are adjacent, so rows of different threads
   share cache lines: every increment may invalidate a neighbour's copy (false sharing). Build with
   -DPADDED to give each row a line of its own and watch the invalidations disappear.

   gcc -g -O1 -fopenmp histogram.c -o histogram
   valgrind --tool=ccsim ./histogram && ccsim-annotate ccsim.out.<pid>                          */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define VALUES 200000
#define BUCKETS 4
#define MAX_THREADS 64

#ifdef PADDED
struct row { long count[BUCKETS]; char pad[64 - BUCKETS * sizeof(long) % 64]; };
#else
struct row { long count[BUCKETS]; };
#endif

static struct row per_thread_counts[MAX_THREADS] __attribute__((aligned(64)));
static unsigned char values[VALUES];

int main(int argc, char** argv) {
  int threads = argc > 1 ? atoi(argv[1]) : 4;
  for (int i = 0; i < VALUES; i++) values[i] = (unsigned char)(i * 7919u >> 3);
#pragma omp parallel num_threads(threads)
  {
    struct row* mine = &per_thread_counts[omp_get_thread_num()];
#pragma omp for
    for (int i = 0; i < VALUES; i++) mine->count[values[i] % BUCKETS]++;
  }
  long total[BUCKETS] = {0};
  for (int t = 0; t < threads; t++)
    for (int b = 0; b < BUCKETS; b++) total[b] += per_thread_counts[t].count[b];
  for (int b = 0; b < BUCKETS; b++) printf("bucket %d: %ld\n", b, total[b]);
  return 0;
}
