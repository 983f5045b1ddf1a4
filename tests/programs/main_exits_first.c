/* main_exits_first.c: the main thread ends with pthread_exit while a second thread waits a second, then
   writes 64 longs: the process lives on without its first thread. */
#include <pthread.h>
#include <unistd.h>

static volatile long data[64];

static void* worker(void* arg) {
  (void)arg;
  sleep(1);
  for (int i = 0; i < 64; i++) data[i] = i; /* ccsim-test: write */
  return NULL;
}

int main(void) {
  pthread_t thread;
  pthread_create(&thread, NULL, worker, NULL);
  pthread_exit(NULL);
}
