/* client_request.c: a client of ccsim.h as a user writes one, compiled by install_test.sh against the
   installed header only (`#include <valgrind/ccsim.h>`, -I<prefix>/include). Outside Valgrind every
   request does nothing, so it exits 0. */
#include <valgrind/ccsim.h>

static long counters[2];

int main(void) {
  CCSIM_NAME_RANGE(counters, sizeof counters, "counters");
  CCSIM_STOP_INSTRUMENTATION;
  counters[0]++;
  CCSIM_START_INSTRUMENTATION;
  counters[1]++;
  CCSIM_ZERO_STATS;
  return counters[0] == 1 && counters[1] == 1 ? 0 : 1;
}
