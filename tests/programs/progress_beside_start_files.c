/* progress_beside_start_files.c: a writer thread stores a progress count 2,000 times while a reader thread
   reads it 2,000 times: true sharing of `progress`. `progress` is the program's only variable in .bss, so
   the linker puts it right after the one-byte `completed.0` of GCC's crtstuff.c (the first thing in
   .bss), on the same cache line; main writes `completed.0` once at exit (__do_global_dtors_aux). That
   byte is the toolchain's: it must be a runtime object, never half of progress's finding. */
#include <pthread.h>
#include <stdio.h>

#define ITERATIONS 2000

static volatile long progress;

static void* writer(void* arg) {
  for (long i = 0; i < ITERATIONS; i++) progress = i; /* ccsim-test: store */
  return arg;
}

static void* reader(void* arg) {
  long seen = 0;
  for (long i = 0; i < ITERATIONS; i++) seen += progress; /* ccsim-test: load */
  return (void*)seen;
}

int main(void) {
  pthread_t threads[2];
  pthread_create(&threads[0], NULL, writer, NULL);
  pthread_create(&threads[1], NULL, reader, NULL);
  for (int t = 0; t < 2; t++) pthread_join(threads[t], NULL);
  printf("%ld\n", progress);
  return 0;
}
