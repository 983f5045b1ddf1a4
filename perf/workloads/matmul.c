/* matmul.c: blocked-free 160x160 double matrix multiply, rows split across OpenMP threads (hit-dominated,
   read sharing of b). */
#include <stdio.h>
#include <stdlib.h>
#define N 160
static double a[N][N], b[N][N], c[N][N];
int main(int argc, char** argv) {
  const int scale = argc > 1 ? atoi(argv[1]) : 1;  /* perf/tool_bench.sh SCALE: more products */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) { a[i][j] = i + j; b[i][j] = i - j; }
  for (int rep = 0; rep < scale; rep++) {
#pragma omp parallel for
    for (int i = 0; i < N; i++)
      for (int k = 0; k < N; k++)
        for (int j = 0; j < N; j++) c[i][j] += a[i][k] * b[k][j];
  }
  printf("%f\n", c[N / 3][N / 5]);
  return 0;
}
