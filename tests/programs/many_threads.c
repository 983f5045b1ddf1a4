/* many_threads.c: starts N threads (argv[1], default 8) that are all alive at once (they wait on one
   barrier with main), then joins them and says so on stdout. With N threads and main, N + 1 Valgrind
   thread slots are in use. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_barrier_t all_started;

static void* worker(void* arg) {
  (void)arg;
  pthread_barrier_wait(&all_started);
  return NULL;
}

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8;
  pthread_t* threads = malloc(sizeof(pthread_t) * (size_t)n);
  pthread_barrier_init(&all_started, NULL, (unsigned)n + 1);
  for (int t = 0; t < n; t++) pthread_create(&threads[t], NULL, worker, NULL);
  pthread_barrier_wait(&all_started);
  for (int t = 0; t < n; t++) pthread_join(threads[t], NULL);
  free(threads);
  printf("many_threads: %d threads ran\n", n);
  return 0;
}
