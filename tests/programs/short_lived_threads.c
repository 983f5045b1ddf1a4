/* short_lived_threads.c: creates N short-lived threads one after the other (each created, then joined); each
   writes its own element of a global array once. Valgrind gives most of them the id of the previous one. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_THREADS 1000
static long slots[MAX_THREADS];

static void* short_lived(void* arg) {
  long id = (long)arg;
  slots[id] = id + 1; /* ccsim-test: write */
  return NULL;
}

int main(int argc, char** argv) {
  long threads = argc > 1 ? atol(argv[1]) : 300;
  if (threads > MAX_THREADS) threads = MAX_THREADS;
  for (long t = 0; t < threads; t++) {
    pthread_t thread;
    pthread_create(&thread, NULL, short_lived, (void*)t);
    pthread_join(thread, NULL);
  }
  long sum = 0;
  for (long t = 0; t < threads; t++) sum += slots[t];
  printf("%ld\n", sum);
  return 0;
}
