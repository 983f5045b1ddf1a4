/* triad.c: STREAM-like a[i] = b[i] + s*c[i] over 4 MiB arrays, split across OpenMP threads (private
   streaming: misses, no sharing). */
#include <stdio.h>
#include <stdlib.h>
#define N (1 << 19)
static double a[N], b[N], c[N];
int main(int argc, char** argv) {
  const int scale = argc > 1 ? atoi(argv[1]) : 1;  /* perf/tool_bench.sh SCALE: more repetitions */
  for (int i = 0; i < N; i++) { b[i] = i; c[i] = 2 * i; }
  for (int rep = 0; rep < 8 * scale; rep++) {
#pragma omp parallel for
    for (int i = 0; i < N; i++) a[i] = b[i] + 3.0 * c[i];
  }
  printf("%f\n", a[N / 2]);
  return 0;
}
