/* invalid_free.c: a program that hands free() pointers that are not the start of a block, as Phoenix
   histogram does (free(arg[i].red) on a pointer into the middle of an array), and goes on. Under
   Memcheck each is an "Invalid free()" and the call does nothing; ccsim must do the same: report each
   call site once, ignore the call, simulate the rest and write the profile. The program prints to stderr
   the address of each invalid call, so the test can find it in ccsim's report, and exits with 3, which
   ccsim must pass on.

   The valid work: 64 longs written into a heap block at the "fill" line and read back at the "sum" line
   (64 writes, 64 reads), before and after the invalid calls. */
#include <stdio.h>
#include <stdlib.h>

/* The invalid calls are the point: no warnings about them (the first line keeps a compiler that does
   not know the second from warning about the pragma). */
#pragma GCC diagnostic ignored "-Wpragmas"
#pragma GCC diagnostic ignored "-Wfree-nonheap-object"
#pragma GCC diagnostic ignored "-Wuse-after-free"

#define COUNTS 64
#define CHANNEL 256

/* Phoenix histogram's shape: one array, and pointers to its parts in a struct. */
struct channels {
  int* red;
  int* green;
  int* blue;
};

__attribute__((noinline)) static long fill_and_sum(long* counts) {
  for (int i = 0; i < COUNTS; i++) counts[i] = i; /* ccsim-test: fill */
  long sum = 0;
  for (int i = 0; i < COUNTS; i++) sum += counts[i]; /* ccsim-test: sum */
  return sum;
}

int main(int argc, char** argv) {
  (void)argv;
  /* 2, but not a constant, and no bound from the array either: the compiler must not unroll the loop
     below into two calls, which would be two call sites. */
  const int rounds = argc + 1;
  long* counts = malloc(COUNTS * sizeof(long));
  int* array = calloc(3 * CHANNEL, sizeof(int));
  struct channels parts[2];
  for (int i = 0; i < 2; i++) parts[i] = (struct channels){array, array + CHANNEL, array + 2 * CHANNEL};
  long sum = fill_and_sum(counts);

  /* Twice from one call site: the middle of a block (one report). */
  fprintf(stderr, "middle %p\n", (void*)parts[0].green);
  for (int i = 0; i < rounds; i++) free(parts[i % 2].green); /* ccsim-test: middle */
  /* A stack address. */
  int local = 0;
  fprintf(stderr, "stack %p\n", (void*)&local);
  free(&local); /* ccsim-test: stack */
  /* A block freed twice: the second call is invalid. */
  free(array);
  fprintf(stderr, "double %p\n", (void*)array);
  free(array); /* ccsim-test: double */

  sum += fill_and_sum(counts);
  free(counts);
  printf("%ld %d\n", sum, local);
  return 3;
}
