/* segfault.c: does some work, then dies of SIGSEGV; ccsim must still write a complete profile. */
#include <stddef.h>

static volatile long data[1024]; /* volatile: the stores must happen although nothing reads them */

int main(void) {
  for (int i = 0; i < 1024; i++) data[i] = i;
  volatile long* nowhere = NULL;
  *nowhere = data[7];
  return 0;
}
