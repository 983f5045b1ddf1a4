/* long_run.c: two threads that each sweep their own array for argv[1] seconds of the program's own clock
   (so the run lasts that long under any tool, on any machine), for the progress lines of long runs. */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#define N 4096

static long arrays[2][N];
static double seconds;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static void* sweep(void* arg) {
  long* a = arg;
  double end = now() + seconds;
  while (now() < end) {
    for (int i = 0; i < N; i++) a[i] += i;
  }
  return NULL;
}

int main(int argc, char** argv) {
  seconds = argc > 1 ? atof(argv[1]) : 1.0;
  pthread_t other;
  pthread_create(&other, NULL, sweep, arrays[1]);
  sweep(arrays[0]);
  pthread_join(other, NULL);
  return 0;
}
