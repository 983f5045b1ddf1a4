/* shared_struct.c: two threads increment one field each of one global struct, and both read a third:
   struct pair { long first; long second; long limit; padding }, alone in one 64-byte line.
   Thread 2 reads bytes 16-23 (limit) and writes bytes 0-7 (first); thread 3 reads bytes 16-23 and writes
   bytes 8-15 (second). Nobody writes a byte the other thread touches, so every invalidation of the line
   is false sharing, and the main thread touches the struct only after both threads have finished. */
#include <pthread.h>
#include <stdio.h>

#define ITERATIONS 1000000

struct pair {
  volatile long first;
  volatile long second;
  volatile long limit;
  char padding[40]; /* the struct fills its line: no other variable shares it */
};

static struct pair pair __attribute__((aligned(64))) = {0, 0, ITERATIONS};

/* `which` is NULL for the thread incrementing `first`, anything else for `second`. */
static void* worker(void* which) {
  volatile long* mine = which == NULL ? &pair.first : &pair.second;
  for (long i = 0; i < pair.limit; i++) (*mine)++; /* ccsim-test: increment */
  return NULL;
}

int main(void) {
  pthread_t threads[2];
  pthread_create(&threads[0], NULL, worker, NULL);
  pthread_create(&threads[1], NULL, worker, (void*)1);
  for (int t = 0; t < 2; t++) pthread_join(threads[t], NULL);
  printf("%ld %ld\n", pair.first, pair.second);
  return 0;
}
