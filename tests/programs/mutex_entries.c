/* mutex_entries.c: one thread takes one mutex N times (argument, default 1000) in each of the ways a program
   reaches pthread_mutex_lock and pthread_mutex_unlock, whose wrappers ccsim's instrumentation enters from
   the functions' first instruction instead of Valgrind's redirection (ccsim/tool/instrumentation/
   entry_wrappers.h):
   - a call through the PLT;
   - a call through function pointers read from volatile variables;
   - a jump from functions of the program that tail-call them (written in assembly, so that no compiler
     makes them calls): at the functions' first instruction, the return address on the stack is the
     program's call of those functions, as at a plain call.
   Each section increments a counter of its own. So the mutex is acquired 3N times, always by this one
   thread (never found held, never handed off); each counter is written N times and read N + 1 times (the
   last by the printf), between the lock calls: a call whose wrapper was not entered would be no
   acquisition, and one entered and not left would lose the accesses after it. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static volatile long called_count, pointer_count, jumped_count;

static int (*volatile lock_pointer)(pthread_mutex_t*) = pthread_mutex_lock;
static int (*volatile unlock_pointer)(pthread_mutex_t*) = pthread_mutex_unlock;

/* lock_by_jump(m) and unlock_by_jump(m): jumps to pthread_mutex_lock and pthread_mutex_unlock. */
int lock_by_jump(pthread_mutex_t* mutex);
int unlock_by_jump(pthread_mutex_t* mutex);
__asm__(".text\n"
        ".globl lock_by_jump\n"
        ".type lock_by_jump, @function\n"
        "lock_by_jump:\n"
        "\tjmp pthread_mutex_lock@PLT\n"
        ".size lock_by_jump, .-lock_by_jump\n"
        ".globl unlock_by_jump\n"
        ".type unlock_by_jump, @function\n"
        "unlock_by_jump:\n"
        "\tjmp pthread_mutex_unlock@PLT\n"
        ".size unlock_by_jump, .-unlock_by_jump\n");

int main(int argc, char** argv) {
  const long n = argc > 1 ? atol(argv[1]) : 1000;
  for (long i = 0; i < n; i++) {
    if (pthread_mutex_lock(&lock) != 0) return 3; /* ccsim-test: lock */
    called_count++;
    if (pthread_mutex_unlock(&lock) != 0) return 4;

    if (lock_pointer(&lock) != 0) return 5;
    pointer_count++;
    if (unlock_pointer(&lock) != 0) return 6;

    if (lock_by_jump(&lock) != 0) return 7;
    jumped_count++;
    if (unlock_by_jump(&lock) != 0) return 8;
  }
  printf("%ld %ld %ld\n", called_count, pointer_count, jumped_count);
  return 0;
}
