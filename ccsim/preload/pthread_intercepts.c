/*
   pthread_intercepts.c: wrappers of POSIX threads functions that report the program's thread
   lifetimes and synchronization to ccsim.

   RUNS ON THE SIMULATED CPU: this file is client code, part of vgpreload_ccsim-<platform>.so. Each
   wrapper is a thin stub named ccsim_entry_<function> that calls a worker. Valgrind redirects none of
   them: ccsim's instrumentation enters the stub from the first instruction of <function> in libc (glibc
   2.34 and later, where the pthread functions live) or libpthread (earlier glibc), under any of the
   function's symbol versions, and the worker calls the function back as entered_call.h says
   (ccsim/tool/instrumentation/entry_wrappers.h: a call then costs no trip through Valgrind's
   scheduler). Return values and errno are the real function's.

   What is modelled (docs/synchronization.md): thread creation and join; mutexes, spin locks and
   reader-writer locks (readers share); pthread barriers; condition waits release their mutex and take
   it again on return, after the signals made before it returned; POSIX semaphores (a wait takes a
   unit some post or the initial value gave). Every call runs bracketed as runtime code, and so does a
   thread's own start and exit inside the thread library.
*/
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>

#include "pub_tool_basics.h"
#include "valgrind.h"

#include "ccsim/preload/entered_call.h"
#include "ccsim/preload/report.h"
#include "ccsim/preload/wrapped_calls.h"

/* ---- thread creation, join, exit ---- */

/* What a new thread needs to start: the user's routine and argument, and whether its creator was
   itself inside the runtime (libgomp or libomp creating a worker: the worker stays in the runtime
   until it runs a region body). Filled by the creator, released by the new thread. */
struct thread_start {
  void* (*routine)(void*);
  void* arg;
  int creator_in_runtime;
};

/* The thread_starts in flight, in static storage rather than the program's heap: a block malloc'ed by
   the creator and freed by the new thread goes to that thread's malloc cache and back to the creator's
   arena when the thread exits, at a moment that depends on timing, so the program's later heap
   addresses (and ccsim's results) would differ from run to run. A slot is held only from the creation
   until the new thread runs its first lines; when all are held, the creator waits for one. */
#define START_SLOTS 256
static struct thread_start start_slots[START_SLOTS];
static int start_slot_held[START_SLOTS];

static struct thread_start* hold_start_slot(void) {
  for (;;) {
    for (int i = 0; i < START_SLOTS; i++) {
      if (__atomic_exchange_n(&start_slot_held[i], 1, __ATOMIC_ACQUIRE) == 0) return &start_slots[i];
    }
    sched_yield();
  }
}

static void release_start_slot(struct thread_start* start) {
  __atomic_store_n(&start_slot_held[start - start_slots], 0, __ATOMIC_RELEASE);
}

/* The new thread's first function. A thread starts inside the thread library (runtime code); a thread
   created by user code leaves it for its start routine and goes back for its exit. */
static void* thread_start_trampoline(void* start_v) {
  struct thread_start* start = (struct thread_start*)start_v;
  void* (*routine)(void*) = start->routine;
  void* arg = start->arg;
  const int creator_in_runtime = start->creator_in_runtime;
  release_start_slot(start);
  ccsim_report_thread_start((ccsim_word)routine);
  if (!creator_in_runtime) ccsim_runtime_exit();
  void* result = routine(arg);
  if (!creator_in_runtime) ccsim_runtime_enter();
  return result;
}

__attribute__((noinline))
static int create_WRK(OrigFn orig, pthread_t* thread, const pthread_attr_t* attr, void* (*routine)(void*),
                      void* arg) {
  int result;
  const ccsim_word depth_before = ccsim_runtime_enter();
  struct thread_start* start = hold_start_slot();
  start->routine = routine;
  start->arg = arg;
  start->creator_in_runtime = depth_before > 0;
  CCSIM_CALL_ENTERED_W_WWWW(result, orig, thread, attr, thread_start_trampoline, start);
  if (result == 0) {
    ccsim_report_thread_created((ccsim_word)*thread);
  } else {
    release_start_slot(start);
  }
  ccsim_runtime_exit();
  return result;
}

ENTERED_WRAPPER(int, pthread_create, pthread_t* thread, const pthread_attr_t* attr, void* (*routine)(void*),
                void* arg) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return create_WRK(orig, thread, attr, routine, arg);
}

__attribute__((noinline))
static int join_WRK(OrigFn orig, pthread_t thread, void** value, ccsim_word call) {
  int result;
  ccsim_runtime_enter();
  ccsim_report_thread_join((ccsim_word)thread, call);
  CCSIM_CALL_ENTERED_W_WW(result, orig, thread, value);
  ccsim_runtime_exit();
  return result;
}

ENTERED_WRAPPER(int, pthread_join, pthread_t thread, void** value) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return join_WRK(orig, thread, value, CCSIM_CALL_SITE());
}

/* pthread_exit: the thread's end runs in the thread library. */
ENTERED_WRAPPER(void, pthread_exit, void* value) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  ccsim_entered_call_in_runtime(orig, (ccsim_word)value, 0, 0, 0);
  __builtin_unreachable();
}

/* ---- mutexes ---- */

ENTERED_WRAPPER(int, pthread_mutex_lock, pthread_mutex_t* mutex) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return (int)ccsim_entered_call_acquire(orig, LOCK_RESULT_ZERO_TAKEN, (ccsim_word)mutex, 0, CCSIM_LOCK_MUTEX,
                                         CCSIM_CALL_SITE(), (ccsim_word)mutex, 0, 0);
}

ENTERED_WRAPPER(int, pthread_mutex_timedlock, pthread_mutex_t* mutex, const struct timespec* deadline) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return (int)ccsim_entered_call_acquire(orig, LOCK_RESULT_ZERO_TAKEN, (ccsim_word)mutex, 0, CCSIM_LOCK_MUTEX,
                                         CCSIM_CALL_SITE(), (ccsim_word)mutex, (ccsim_word)deadline, 0);
}

ENTERED_WRAPPER(int, pthread_mutex_clocklock, pthread_mutex_t* mutex, clockid_t clock,
                const struct timespec* deadline) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return (int)ccsim_entered_call_acquire(orig, LOCK_RESULT_ZERO_TAKEN, (ccsim_word)mutex, 0, CCSIM_LOCK_MUTEX,
                                         CCSIM_CALL_SITE(), (ccsim_word)mutex, (ccsim_word)clock, (ccsim_word)deadline);
}

ENTERED_WRAPPER(int, pthread_mutex_trylock, pthread_mutex_t* mutex) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return (int)ccsim_entered_call_try_acquire(orig, LOCK_RESULT_ZERO_TAKEN, (ccsim_word)mutex, 0, CCSIM_LOCK_MUTEX,
                                             CCSIM_CALL_SITE(), (ccsim_word)mutex);
}

ENTERED_WRAPPER(int, pthread_mutex_unlock, pthread_mutex_t* mutex) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return (int)ccsim_entered_call_release(orig, (ccsim_word)mutex, (ccsim_word)mutex);
}

/* ---- spin locks ---- */

ENTERED_WRAPPER(int, pthread_spin_lock, pthread_spinlock_t* lock) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return (int)ccsim_entered_call_acquire(orig, LOCK_RESULT_ZERO_TAKEN, (ccsim_word)lock, 0, CCSIM_LOCK_SPIN,
                                         CCSIM_CALL_SITE(), (ccsim_word)lock, 0, 0);
}

ENTERED_WRAPPER(int, pthread_spin_trylock, pthread_spinlock_t* lock) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return (int)ccsim_entered_call_try_acquire(orig, LOCK_RESULT_ZERO_TAKEN, (ccsim_word)lock, 0, CCSIM_LOCK_SPIN,
                                             CCSIM_CALL_SITE(), (ccsim_word)lock);
}

ENTERED_WRAPPER(int, pthread_spin_unlock, pthread_spinlock_t* lock) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return (int)ccsim_entered_call_release(orig, (ccsim_word)lock, (ccsim_word)lock);
}

/* ---- reader-writer locks: readers take them shared ---- */

ENTERED_WRAPPER(int, pthread_rwlock_rdlock, pthread_rwlock_t* lock) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return (int)ccsim_entered_call_acquire(orig, LOCK_RESULT_ZERO_TAKEN, (ccsim_word)lock, 1, CCSIM_LOCK_RWLOCK,
                                         CCSIM_CALL_SITE(), (ccsim_word)lock, 0, 0);
}

ENTERED_WRAPPER(int, pthread_rwlock_timedrdlock, pthread_rwlock_t* lock, const struct timespec* deadline) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return (int)ccsim_entered_call_acquire(orig, LOCK_RESULT_ZERO_TAKEN, (ccsim_word)lock, 1, CCSIM_LOCK_RWLOCK,
                                         CCSIM_CALL_SITE(), (ccsim_word)lock, (ccsim_word)deadline, 0);
}

ENTERED_WRAPPER(int, pthread_rwlock_clockrdlock, pthread_rwlock_t* lock, clockid_t clock,
                const struct timespec* deadline) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return (int)ccsim_entered_call_acquire(orig, LOCK_RESULT_ZERO_TAKEN, (ccsim_word)lock, 1, CCSIM_LOCK_RWLOCK,
                                         CCSIM_CALL_SITE(), (ccsim_word)lock, (ccsim_word)clock, (ccsim_word)deadline);
}

ENTERED_WRAPPER(int, pthread_rwlock_tryrdlock, pthread_rwlock_t* lock) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return (int)ccsim_entered_call_try_acquire(orig, LOCK_RESULT_ZERO_TAKEN, (ccsim_word)lock, 1, CCSIM_LOCK_RWLOCK,
                                             CCSIM_CALL_SITE(), (ccsim_word)lock);
}

ENTERED_WRAPPER(int, pthread_rwlock_wrlock, pthread_rwlock_t* lock) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return (int)ccsim_entered_call_acquire(orig, LOCK_RESULT_ZERO_TAKEN, (ccsim_word)lock, 0, CCSIM_LOCK_RWLOCK,
                                         CCSIM_CALL_SITE(), (ccsim_word)lock, 0, 0);
}

ENTERED_WRAPPER(int, pthread_rwlock_timedwrlock, pthread_rwlock_t* lock, const struct timespec* deadline) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return (int)ccsim_entered_call_acquire(orig, LOCK_RESULT_ZERO_TAKEN, (ccsim_word)lock, 0, CCSIM_LOCK_RWLOCK,
                                         CCSIM_CALL_SITE(), (ccsim_word)lock, (ccsim_word)deadline, 0);
}

ENTERED_WRAPPER(int, pthread_rwlock_clockwrlock, pthread_rwlock_t* lock, clockid_t clock,
                const struct timespec* deadline) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return (int)ccsim_entered_call_acquire(orig, LOCK_RESULT_ZERO_TAKEN, (ccsim_word)lock, 0, CCSIM_LOCK_RWLOCK,
                                         CCSIM_CALL_SITE(), (ccsim_word)lock, (ccsim_word)clock, (ccsim_word)deadline);
}

ENTERED_WRAPPER(int, pthread_rwlock_trywrlock, pthread_rwlock_t* lock) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return (int)ccsim_entered_call_try_acquire(orig, LOCK_RESULT_ZERO_TAKEN, (ccsim_word)lock, 0, CCSIM_LOCK_RWLOCK,
                                             CCSIM_CALL_SITE(), (ccsim_word)lock);
}

ENTERED_WRAPPER(int, pthread_rwlock_unlock, pthread_rwlock_t* lock) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return (int)ccsim_entered_call_release(orig, (ccsim_word)lock, (ccsim_word)lock);
}

/* ---- barriers ---- */

__attribute__((noinline))
static int barrier_init_WRK(OrigFn orig, pthread_barrier_t* barrier, const pthread_barrierattr_t* attr,
                            unsigned count) {
  int result;
  ccsim_runtime_enter();
  CCSIM_CALL_ENTERED_W_WWW(result, orig, barrier, attr, count);
  if (result == 0) ccsim_report_barrier_init((ccsim_word)barrier, count);
  ccsim_runtime_exit();
  return result;
}

ENTERED_WRAPPER(int, pthread_barrier_init, pthread_barrier_t* barrier, const pthread_barrierattr_t* attr,
                unsigned count) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return barrier_init_WRK(orig, barrier, attr, count);
}

__attribute__((noinline))
static int barrier_wait_WRK(OrigFn orig, pthread_barrier_t* barrier, ccsim_word call) {
  int result;
  ccsim_runtime_enter();
  ccsim_report_barrier_wait((ccsim_word)barrier, call);
  CCSIM_CALL_ENTERED_W_W(result, orig, barrier);
  ccsim_runtime_exit();
  return result;
}

ENTERED_WRAPPER(int, pthread_barrier_wait, pthread_barrier_t* barrier) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return barrier_wait_WRK(orig, barrier, CCSIM_CALL_SITE());
}

__attribute__((noinline))
static int barrier_destroy_WRK(OrigFn orig, pthread_barrier_t* barrier) {
  int result;
  ccsim_runtime_enter();
  CCSIM_CALL_ENTERED_W_W(result, orig, barrier);
  if (result == 0) ccsim_report_barrier_destroy((ccsim_word)barrier);
  ccsim_runtime_exit();
  return result;
}

ENTERED_WRAPPER(int, pthread_barrier_destroy, pthread_barrier_t* barrier) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return barrier_destroy_WRK(orig, barrier);
}

/* ---- condition variables ---- */

/* A condition wait `orig(cond, mutex, a3, a4)` releases the mutex while it waits and holds it again when
   it returns, whatever it returns (a timeout included). On its return the waiter goes on after the
   condition's signals the program had made by then (reported first: waiting for them while holding the
   mutex again would keep the signaller out of it in the replay). A wait with no deadline (`timed` 0)
   is reported before it blocks too: it cannot return before the condition's next signal, so the replay
   need not wait for it until then; a timed wait may return without one. Not reported from runtime code
   (wrapped_calls.h). */
__attribute__((noinline))
static int cond_wait_WRK(OrigFn orig, pthread_cond_t* cond, pthread_mutex_t* mutex, ccsim_word a3, ccsim_word a4,
                         ccsim_word call, int timed) {
  int result;
  const int reported = ccsim_runtime_enter_lock_release((ccsim_word)mutex) == 0;
  if (reported && !timed) ccsim_report_condition_wait((ccsim_word)cond);
  CCSIM_CALL_ENTERED_W_WWWW(result, orig, cond, mutex, a3, a4);
  if (reported) {
    ccsim_report_condition_woken((ccsim_word)cond);
    ccsim_report_lock_acquire_runtime_exit((ccsim_word)mutex, 0, CCSIM_LOCK_MUTEX, call);
  } else {
    ccsim_runtime_exit();
  }
  return result;
}

ENTERED_WRAPPER(int, pthread_cond_wait, pthread_cond_t* cond, pthread_mutex_t* mutex) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return cond_wait_WRK(orig, cond, mutex, 0, 0, CCSIM_CALL_SITE(), 0);
}

ENTERED_WRAPPER(int, pthread_cond_timedwait, pthread_cond_t* cond, pthread_mutex_t* mutex,
                const struct timespec* deadline) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return cond_wait_WRK(orig, cond, mutex, (ccsim_word)deadline, 0, CCSIM_CALL_SITE(), 1);
}

ENTERED_WRAPPER(int, pthread_cond_clockwait, pthread_cond_t* cond, pthread_mutex_t* mutex, clockid_t clock,
                const struct timespec* deadline) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return cond_wait_WRK(orig, cond, mutex, (ccsim_word)clock, (ccsim_word)deadline, CCSIM_CALL_SITE(), 1);
}

/* pthread_cond_signal, pthread_cond_broadcast: a signal the waiters it wakes go on after, reported from
   user code before the call (a waiter cannot return before it) and again when the call has returned (a
   wait that starts after that cannot be woken by it), and runtime code inside. */
__attribute__((noinline))
static int cond_signal_WRK(OrigFn orig, pthread_cond_t* cond) {
  int result;
  const int reported = ccsim_runtime_enter() == 0;
  if (reported) ccsim_report_condition_signal((ccsim_word)cond);
  CCSIM_CALL_ENTERED_W_W(result, orig, cond);
  if (reported) {
    ccsim_report_condition_signalled_runtime_exit((ccsim_word)cond);
  } else {
    ccsim_runtime_exit();
  }
  return result;
}

ENTERED_WRAPPER(int, pthread_cond_signal, pthread_cond_t* cond) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return cond_signal_WRK(orig, cond);
}

ENTERED_WRAPPER(int, pthread_cond_broadcast, pthread_cond_t* cond) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return cond_signal_WRK(orig, cond);
}

/* ---- semaphores: a wait takes a unit that sem_init or a post gave ---- */

/* Reported only from user code, like the locks (a runtime's own semaphores are its business). */
__attribute__((noinline))
static int sem_init_WRK(OrigFn orig, sem_t* semaphore, int shared, unsigned value) {
  int result;
  const int user = ccsim_runtime_enter() == 0;
  CCSIM_CALL_ENTERED_W_WWW(result, orig, semaphore, shared, value);
  if (result == 0 && user) ccsim_report_semaphore_init((ccsim_word)semaphore, value);
  ccsim_runtime_exit();
  return result;
}

ENTERED_WRAPPER(int, sem_init, sem_t* semaphore, int shared, unsigned value) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return sem_init_WRK(orig, semaphore, shared, value);
}

__attribute__((noinline))
static int sem_post_WRK(OrigFn orig, sem_t* semaphore) {
  int result;
  const int user = ccsim_runtime_enter() == 0;
  CCSIM_CALL_ENTERED_W_W(result, orig, semaphore);
  if (result == 0 && user) ccsim_report_semaphore_post((ccsim_word)semaphore);
  ccsim_runtime_exit();
  return result;
}

ENTERED_WRAPPER(int, sem_post, sem_t* semaphore) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return sem_post_WRK(orig, semaphore);
}

/* sem_wait may block: its unit is taken in the replay before it does, so that a thread waiting here
   holds no replay up; a wait that fails (a signal's EINTR) posts the unit back. */
__attribute__((noinline))
static int sem_wait_WRK(OrigFn orig, sem_t* semaphore) {
  int result;
  const int user = ccsim_runtime_enter() == 0;
  if (user) ccsim_report_semaphore_wait((ccsim_word)semaphore);
  CCSIM_CALL_ENTERED_W_W(result, orig, semaphore);
  if (result != 0 && user) {
    const int error = errno;
    ccsim_report_semaphore_post((ccsim_word)semaphore);
    errno = error;
  }
  ccsim_runtime_exit();
  return result;
}

ENTERED_WRAPPER(int, sem_wait, sem_t* semaphore) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return sem_wait_WRK(orig, semaphore);
}

/* The waits that may fail for want of a unit (at once, or at a deadline) take it once they have it: until
   then a thread blocked in sem_timedwait or sem_clockwait holds the replay up (the deadline bounds it). */
__attribute__((noinline))
static int sem_wait_then_report_WRK(OrigFn orig, sem_t* semaphore, ccsim_word a2, ccsim_word a3) {
  int result;
  const int user = ccsim_runtime_enter() == 0;
  CCSIM_CALL_ENTERED_W_WWW(result, orig, semaphore, a2, a3);
  if (result == 0 && user) ccsim_report_semaphore_wait((ccsim_word)semaphore);
  ccsim_runtime_exit();
  return result;
}

ENTERED_WRAPPER(int, sem_trywait, sem_t* semaphore) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return sem_wait_then_report_WRK(orig, semaphore, 0, 0);
}

ENTERED_WRAPPER(int, sem_timedwait, sem_t* semaphore, const struct timespec* deadline) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return sem_wait_then_report_WRK(orig, semaphore, (ccsim_word)deadline, 0);
}

ENTERED_WRAPPER(int, sem_clockwait, sem_t* semaphore, clockid_t clock, const struct timespec* deadline) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return sem_wait_then_report_WRK(orig, semaphore, (ccsim_word)clock, (ccsim_word)deadline);
}
