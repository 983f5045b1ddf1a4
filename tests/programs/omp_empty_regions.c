/* omp_empty_regions.c: 100 empty parallel regions of 4 threads (the body is an empty asm statement, which
   the compiler must keep, so the regions are not optimised away; it touches no memory). The program itself shares nothing: every
   coherence event is the OpenMP runtime's (forking, barriers, idling workers), which ccsim excludes by
   default and counts as "skipped: runtime". With --trace-runtime=yes they are simulated. */
#include <stdio.h>

int main(void) {
  for (int i = 0; i < 100; i++) {
#pragma omp parallel num_threads(4)
    {
      __asm__ __volatile__("");
    }
  }
  puts("done");
  return 0;
}
