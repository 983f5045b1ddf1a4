/* alloc_churn.c: every thread frees and allocates small heap blocks in a loop (16 to 112 bytes, 64 of
   them live per thread, each written once and read once): an allocation-heavy program, as C++ code with
   node containers and strings is. Each malloc and free changes the data objects' layout, so this measures
   what a layout change costs the tool (perf/README.md). */
#include <stdio.h>
#include <stdlib.h>
#define LIVE 64
#define ROUNDS 200000 /* allocations per thread per unit of SCALE */
int main(int argc, char** argv) {
  const int scale = argc > 1 ? atoi(argv[1]) : 1; /* perf/tool_bench.sh SCALE: more rounds */
  long total = 0;
#pragma omp parallel reduction(+ : total)
  {
    long* live[LIVE] = {0};
    for (long i = 0; i < (long)ROUNDS * scale; i++) {
      const int k = i % LIVE;
      free(live[k]);
      long* block = malloc(16 + (i % 7) * 16);
      block[0] = i;
      block[1] = k;
      live[k] = block;
      total += block[0];
    }
    for (int k = 0; k < LIVE; k++) free(live[k]);
  }
  printf("%ld\n", total);
  return 0;
}
