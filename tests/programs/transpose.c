/* transpose.c: single-threaded naive matrix transpose, column accesses thrash L1 (Cachegrind parity). */
#define N 512

static double in[N][N], out[N][N];

__attribute__((noinline)) void transpose(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) out[j][i] = in[i][j];
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) in[i][j] = i + j;
  transpose();
  return out[3][2] == 5.0 ? 0 : 1;
}
