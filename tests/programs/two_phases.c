/* two_phases.c: one thread writes one word in each line of array a, then of array b (64 lines each),
   between CCSIM_START_INSTRUMENTATION and CCSIM_STOP_INSTRUMENTATION. Run with --instr-atstart=no
   --trace-stack=no (the loop counter is on the stack at -O0), ccsim simulates exactly these 128
   stores, each a compulsory L1 write miss (the default 32 KiB L1 holds both arrays), in this order.
   With --timeline=32 (tests/tool/phase_tests.cc) an event falls in the interval of the accesses before
   it, divided by 32: a's 64 misses in intervals 0 and 1, 32 each; b's in intervals 2 and 3. */
#include <stdio.h>

#include "ccsim.h"

#define LINES 64
#define WORDS_PER_LINE 8

static long a[LINES * WORDS_PER_LINE] __attribute__((aligned(64)));
static long b[LINES * WORDS_PER_LINE] __attribute__((aligned(64)));

int main(void) {
  CCSIM_START_INSTRUMENTATION;
  for (int i = 0; i < LINES; i++) a[i * WORDS_PER_LINE] = i; /* ccsim-test: a */
  for (int i = 0; i < LINES; i++) b[i * WORDS_PER_LINE] = i; /* ccsim-test: b */
  CCSIM_STOP_INSTRUMENTATION;
  printf("%ld %ld\n", a[8], b[8]);
  return 0;
}
