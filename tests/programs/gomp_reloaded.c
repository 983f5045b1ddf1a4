/* gomp_reloaded.c: the program does not link libgomp; it loads it with dlopen, takes an OpenMP lock N times
   (argument, default 10) through the function pointers dlsym gives, unloads it with dlclose, and does the
   same a second time. The lock functions' wrappers are entered from their first instructions, which the
   tool finds in libgomp when it is mapped, and forgets when it is unmapped
   (ccsim/tool/instrumentation/entry_wrappers.h). So the lock is acquired 2N times, all by this one thread,
   and each acquisition is followed by one write and one read of the counter (2N writes, 2N + 1 reads with
   the printf's). */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

static char reloaded_lock[64]; /* an omp_lock_t, whose size this program does not know: room enough */
static volatile long counter;

int main(int argc, char** argv) {
  const long n = argc > 1 ? atol(argv[1]) : 10;
  for (int round = 0; round < 2; round++) {
    void* gomp = dlopen("libgomp.so.1", RTLD_NOW | RTLD_LOCAL);
    if (gomp == NULL) return 2;
    void (*init_lock)(void*) = (void (*)(void*))dlsym(gomp, "omp_init_lock");
    void (*set_lock)(void*) = (void (*)(void*))dlsym(gomp, "omp_set_lock");
    void (*unset_lock)(void*) = (void (*)(void*))dlsym(gomp, "omp_unset_lock");
    if (init_lock == NULL || set_lock == NULL || unset_lock == NULL) return 3;
    init_lock(reloaded_lock);
    for (long i = 0; i < n; i++) {
      set_lock(reloaded_lock); /* ccsim-test: set */
      counter = counter + 1;
      unset_lock(reloaded_lock);
    }
    if (dlclose(gomp) != 0) return 4;
  }
  printf("%ld\n", counter);
  return 0;
}
