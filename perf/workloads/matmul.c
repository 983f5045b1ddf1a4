/* matmul.c: blocked-free 160x160 double matrix multiply, rows split across OpenMP threads (hit-dominated,
   read sharing of b). */
#include <stdio.h>
#define N 160
static double a[N][N], b[N][N], c[N][N];
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) { a[i][j] = i + j; b[i][j] = i - j; }
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    for (int k = 0; k < N; k++)
      for (int j = 0; j < N; j++) c[i][j] += a[i][k] * b[k][j];
  printf("%f\n", c[N / 3][N / 5]);
  return 0;
}
