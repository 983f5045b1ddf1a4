/* pthread_false_sharing.c: two threads increment adjacent words of one cache line. Neither thread ever
   touches the other's word, so every invalidation at the increment line is false sharing.
   Build with -DPADDED to put each counter on a line of its own: then there is nothing to invalidate. */
#include <pthread.h>
#include <stdio.h>

#define ITERATIONS 2000000

#ifdef PADDED
struct counter { volatile long value; char pad[64 - sizeof(long)]; };
static struct counter counters[2] __attribute__((aligned(64)));
#define COUNTER(i) counters[i].value
#else
static volatile long counters[2] __attribute__((aligned(64)));
#define COUNTER(i) counters[i]
#endif

static void* worker(void* arg) {
  long id = (long)arg;
  for (long i = 0; i < ITERATIONS; i++) {
    COUNTER(id)++; /* ccsim-test: increment */
  }
  return NULL;
}

int main(void) {
  pthread_t threads[2];
  for (long t = 0; t < 2; t++) pthread_create(&threads[t], NULL, worker, (void*)t);
  for (int t = 0; t < 2; t++) pthread_join(threads[t], NULL);
  printf("%ld %ld\n", COUNTER(0), COUNTER(1));
  return 0;
}
