/* exit_code.c: exits with status 42 from a second thread (exit() from any thread ends the process). */
#include <pthread.h>
#include <stdlib.h>

static volatile long data[64];

static void* worker(void* arg) {
  (void)arg;
  for (int i = 0; i < 64; i++) data[i] = i;
  exit(42);
}

int main(void) {
  pthread_t thread;
  pthread_create(&thread, NULL, worker, NULL);
  pthread_join(thread, NULL);
  return 0;
}
