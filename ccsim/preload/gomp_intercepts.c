/*
   gomp_intercepts.c: wrappers of libgomp (gcc -fopenmp) entry points that report the program's
   OpenMP synchronization to ccsim.

   RUNS ON THE SIMULATED CPU: this file is client code, part of vgpreload_ccsim-<platform>.so, which
   Valgrind loads into the program. Each wrapper is a thin stub that calls a worker doing the reporting.
   The parallel regions' entry points, called once per region with up to eight arguments, are wrapped by
   Valgrind: it redirects each to the stub under the function's Z-encoded name (see Valgrind's docs on
   function wrapping, and helgrind/hg_intercepts.c), and the stub calls the function with no
   redirection. The others, which a loop may call at every iteration (barriers, critical sections,
   atomics, ordered, locks), are entered by ccsim's instrumentation from the function's first instruction,
   as the pthread wrappers are (entered_call.h, ccsim/tool/instrumentation/entry_wrappers.h): their calls
   cost no trip through Valgrind's scheduler.

   What is modelled (docs/synchronization.md):
   - parallel regions: every team thread reports entering (thread number, team size, team id) before
     the region body and leaving after it; the user's outlined function runs through team_member().
   - barriers: GOMP_barrier and the end of worksharing constructs without nowait (loop, sections,
     single copyprivate). The *_nowait variants are not barriers and are not wrapped.
   - mutual exclusion: critical (unnamed and named), atomic (libgomp's lock for atomics it cannot do in
     hardware), ordered, and the omp_*_lock API, simple and nested.
   - runtime code: every wrapped call runs bracketed as runtime, and a worker thread is in the runtime
     except while it runs a region body, so spinning and idling in libgomp are not simulated.
   Not modelled: tasks are run by whichever thread libgomp picks; task bodies run inside a barrier are
   runtime code (excluded), taskwait and taskgroup order nothing; doacross loops; teams constructs.
*/
#include <pthread.h>

#include "pub_tool_basics.h"
#include "pub_tool_redir.h"
#include "valgrind.h"

#include "ccsim/preload/entered_call.h"
#include "ccsim/preload/report.h"
#include "ccsim/preload/wrapped_calls.h"

/* libgomp.so.1 */
#define LIBGOMP_SONAME libgompZdsoZd1

/* libgomp's answers for the calling thread. Weak, so that the preload loads into programs that do not
   use OpenMP; a wrapper below only runs when libgomp is loaded. */
extern int omp_get_thread_num(void) __attribute__((weak));
extern int omp_get_num_threads(void) __attribute__((weak));

/* Locks that libgomp keeps inside itself: ccsim names them by these variables' addresses. */
static char unnamed_critical_lock;
static char atomic_lock;
static char ordered_lock;

/* What each thread of a new team needs to report its membership, handed to libgomp in place of the
   user's function and data. It lives in the master's wrapper frame, which outlasts the region. */
struct team_start {
  void (*fn)(void*);
  void* data;
  ccsim_word team;       /* unique per parallel region instance */
  ccsim_word construct;  /* the parallel construct's call */
};

static ccsim_word next_team_id = 1;

static ccsim_word new_team_id(void) { return __atomic_fetch_add(&next_team_id, 1, __ATOMIC_RELAXED); }

/* Runs the user's region body on one team thread between its reports of entering and leaving. */
static void team_member(void* start_v) {
  const struct team_start* start = (const struct team_start*)start_v;
  void (*fn)(void*) = start->fn;
  void* data = start->data;
  ccsim_report_team_enter(start->team, (ccsim_word)omp_get_thread_num(), (ccsim_word)omp_get_num_threads(),
                          start->construct);
  ccsim_runtime_exit();
  fn(data);
  ccsim_runtime_enter();
  ccsim_report_team_exit(start->construct);
}

/* Starts a team through `orig`, any of libgomp's parallel entry points: the user's function and data
   come first and are replaced by team_member and its start record; the entry point's other arguments
   follow unchanged (an entry point with fewer than eight arguments ignores the extra ones). */
__attribute__((noinline))
static ccsim_word parallel_WRK(OrigFn orig, void (*fn)(void*), void* data, ccsim_word a3, ccsim_word a4,
                               ccsim_word a5, ccsim_word a6, ccsim_word a7, ccsim_word a8, ccsim_word construct) {
  ccsim_word result;
  struct team_start start = {fn, data, 0, construct};
  ccsim_runtime_enter();
  if (omp_get_thread_num == 0 || omp_get_num_threads == 0) {
    /* libgomp was loaded where the preload cannot see it (dlopen with RTLD_LOCAL): not observed. */
    CALL_FN_W_8W(result, orig, fn, data, a3, a4, a5, a6, a7, a8);
  } else {
    start.team = new_team_id();
    CALL_FN_W_8W(result, orig, team_member, &start, a3, a4, a5, a6, a7, a8);
  }
  ccsim_runtime_exit();
  return result;
}

/* GOMP_parallel */
void I_WRAP_SONAME_FNNAME_ZU(LIBGOMP_SONAME, GOMP_parallel)(void (*fn)(void*), void* data, unsigned num_threads,
                                                            unsigned flags) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  parallel_WRK(orig, fn, data, num_threads, flags, 0, 0, 0, 0, CCSIM_CALL_SITE());
}

/* GOMP_parallel_reductions */
unsigned I_WRAP_SONAME_FNNAME_ZU(LIBGOMP_SONAME, GOMP_parallel_reductions)(void (*fn)(void*), void* data,
                                                                          unsigned num_threads, unsigned flags) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return (unsigned)parallel_WRK(orig, fn, data, num_threads, flags, 0, 0, 0, 0, CCSIM_CALL_SITE());
}

/* GOMP_parallel_sections */
void I_WRAP_SONAME_FNNAME_ZU(LIBGOMP_SONAME, GOMP_parallel_sections)(void (*fn)(void*), void* data,
                                                                     unsigned num_threads, unsigned count,
                                                                     unsigned flags) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  parallel_WRK(orig, fn, data, num_threads, count, flags, 0, 0, 0, CCSIM_CALL_SITE());
}

/* The combined parallel loops with a chunk size: (fn, data, num_threads, start, end, incr, chunk_size,
   flags). One stub per schedule; each is "GOMP_parallel_loop_<schedule>". */
#define PARALLEL_LOOP_STUB(name)                                                                     \
  void I_WRAP_SONAME_FNNAME_ZU(LIBGOMP_SONAME, name)(void (*fn)(void*), void* data, unsigned num_threads, \
                                                     long start, long end, long incr, long chunk_size,  \
                                                     unsigned flags) {                                  \
    OrigFn orig;                                                                                      \
    VALGRIND_GET_ORIG_FN(orig);                                                                       \
    parallel_WRK(orig, fn, data, num_threads, start, end, incr, chunk_size, flags, CCSIM_CALL_SITE()); \
  }
PARALLEL_LOOP_STUB(GOMP_parallel_loop_static)
PARALLEL_LOOP_STUB(GOMP_parallel_loop_dynamic)
PARALLEL_LOOP_STUB(GOMP_parallel_loop_guided)
PARALLEL_LOOP_STUB(GOMP_parallel_loop_nonmonotonic_dynamic)
PARALLEL_LOOP_STUB(GOMP_parallel_loop_nonmonotonic_guided)

/* The combined parallel loops whose schedule is read at run time: (fn, data, num_threads, start, end,
   incr, flags). Each is "GOMP_parallel_loop_<schedule>". */
#define PARALLEL_RUNTIME_LOOP_STUB(name)                                                             \
  void I_WRAP_SONAME_FNNAME_ZU(LIBGOMP_SONAME, name)(void (*fn)(void*), void* data, unsigned num_threads, \
                                                     long start, long end, long incr, unsigned flags) { \
    OrigFn orig;                                                                                      \
    VALGRIND_GET_ORIG_FN(orig);                                                                       \
    parallel_WRK(orig, fn, data, num_threads, start, end, incr, flags, 0, CCSIM_CALL_SITE());         \
  }
PARALLEL_RUNTIME_LOOP_STUB(GOMP_parallel_loop_runtime)
PARALLEL_RUNTIME_LOOP_STUB(GOMP_parallel_loop_nonmonotonic_runtime)
PARALLEL_RUNTIME_LOOP_STUB(GOMP_parallel_loop_maybe_nonmonotonic_runtime)

/* The old ABI (gcc before 4.9): GOMP_parallel_start and friends start the team and return; the master
   then calls the region body itself and ends the region with GOMP_parallel_end. The start record must
   outlive the wrapper, so it comes from this pool. An entry is claimed through `busy`, and its team is
   published last, so a non-zero team always comes with its master. */
#define MAX_OPEN_OLD_ABI_TEAMS 64
static struct old_abi_team {
  struct team_start start;
  pthread_t master;
  int busy;
} old_abi_teams[MAX_OPEN_OLD_ABI_TEAMS];

static struct old_abi_team* claim_old_abi_team(void) {
  for (int i = 0; i < MAX_OPEN_OLD_ABI_TEAMS; ++i) {
    int free_entry = 0;
    if (__atomic_compare_exchange_n(&old_abi_teams[i].busy, &free_entry, 1, 0, __ATOMIC_ACQ_REL,
                                    __ATOMIC_RELAXED)) {
      return &old_abi_teams[i];
    }
  }
  return 0;
}

/* The master's most recent open team (nested regions: the innermost). */
static struct old_abi_team* own_old_abi_team(void) {
  struct old_abi_team* found = 0;
  for (int i = 0; i < MAX_OPEN_OLD_ABI_TEAMS; ++i) {
    struct old_abi_team* entry = &old_abi_teams[i];
    const ccsim_word team = __atomic_load_n(&entry->start.team, __ATOMIC_ACQUIRE);
    if (team != 0 && pthread_equal(entry->master, pthread_self()) && (found == 0 || team > found->start.team)) {
      found = entry;
    }
  }
  return found;
}

__attribute__((noinline))
static void parallel_start_WRK(OrigFn orig, void (*fn)(void*), void* data, ccsim_word a3, ccsim_word a4,
                               ccsim_word a5, ccsim_word a6, ccsim_word a7, ccsim_word construct) {
  ccsim_word unused;
  ccsim_runtime_enter();
  struct old_abi_team* entry = omp_get_thread_num != 0 && omp_get_num_threads != 0 ? claim_old_abi_team() : 0;
  if (entry == 0) {
    /* More than MAX_OPEN_OLD_ABI_TEAMS teams open at once, or libgomp out of sight: not observed. */
    CALL_FN_W_7W(unused, orig, fn, data, a3, a4, a5, a6, a7);
  } else {
    entry->start.fn = fn;
    entry->start.data = data;
    entry->start.construct = construct;
    entry->master = pthread_self();
    __atomic_store_n(&entry->start.team, new_team_id(), __ATOMIC_RELEASE);
    CALL_FN_W_7W(unused, orig, team_member, &entry->start, a3, a4, a5, a6, a7);
    /* The master now runs the body itself, as member 0. */
    ccsim_report_team_enter(entry->start.team, 0, (ccsim_word)omp_get_num_threads(), construct);
  }
  (void)unused;
  ccsim_runtime_exit();
}

/* GOMP_parallel_start */
void I_WRAP_SONAME_FNNAME_ZU(LIBGOMP_SONAME, GOMP_parallel_start)(void (*fn)(void*), void* data,
                                                                  unsigned num_threads) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  parallel_start_WRK(orig, fn, data, num_threads, 0, 0, 0, 0, CCSIM_CALL_SITE());
}

/* GOMP_parallel_sections_start */
void I_WRAP_SONAME_FNNAME_ZU(LIBGOMP_SONAME, GOMP_parallel_sections_start)(void (*fn)(void*), void* data,
                                                                           unsigned num_threads, unsigned count) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  parallel_start_WRK(orig, fn, data, num_threads, count, 0, 0, 0, CCSIM_CALL_SITE());
}

/* GOMP_parallel_loop_<schedule>_start: (fn, data, num_threads, start, end, incr, chunk_size). */
#define PARALLEL_LOOP_START_STUB(name)                                                               \
  void I_WRAP_SONAME_FNNAME_ZU(LIBGOMP_SONAME, name)(void (*fn)(void*), void* data, unsigned num_threads, \
                                                     long start, long end, long incr, long chunk_size) { \
    OrigFn orig;                                                                                      \
    VALGRIND_GET_ORIG_FN(orig);                                                                       \
    parallel_start_WRK(orig, fn, data, num_threads, start, end, incr, chunk_size, CCSIM_CALL_SITE());  \
  }
PARALLEL_LOOP_START_STUB(GOMP_parallel_loop_static_start)
PARALLEL_LOOP_START_STUB(GOMP_parallel_loop_dynamic_start)
PARALLEL_LOOP_START_STUB(GOMP_parallel_loop_guided_start)

/* GOMP_parallel_loop_runtime_start: (fn, data, num_threads, start, end, incr). */
void I_WRAP_SONAME_FNNAME_ZU(LIBGOMP_SONAME, GOMP_parallel_loop_runtime_start)(void (*fn)(void*), void* data,
                                                                               unsigned num_threads, long start,
                                                                               long end, long incr) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  parallel_start_WRK(orig, fn, data, num_threads, start, end, incr, 0, CCSIM_CALL_SITE());
}

__attribute__((noinline))
static void parallel_end_WRK(OrigFn orig, ccsim_word construct) {
  ccsim_runtime_enter();
  struct old_abi_team* entry = own_old_abi_team();
  if (entry != 0) ccsim_report_team_exit(construct);
  CALL_FN_v_v(orig);
  if (entry != 0) {
    __atomic_store_n(&entry->start.team, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&entry->busy, 0, __ATOMIC_RELEASE);
  }
  ccsim_runtime_exit();
}

/* GOMP_parallel_end */
void I_WRAP_SONAME_FNNAME_ZU(LIBGOMP_SONAME, GOMP_parallel_end)(void) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  parallel_end_WRK(orig, CCSIM_CALL_SITE());
}

/* A barrier of the calling thread's team inside `orig(arg)`: reported before the thread may block. */
__attribute__((noinline))
static ccsim_word team_barrier_WRK(OrigFn orig, ccsim_word arg, ccsim_word construct) {
  ccsim_word result;
  ccsim_runtime_enter();
  ccsim_report_team_barrier(construct);
  CCSIM_CALL_ENTERED_W_W(result, orig, arg);
  ccsim_runtime_exit();
  return result;
}

/* GOMP_barrier */
ENTERED_WRAPPER(void, GOMP_barrier, void) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  team_barrier_WRK(orig, 0, CCSIM_CALL_SITE());
}

/* GOMP_loop_end, GOMP_sections_end: the implicit barrier at the end of a worksharing construct. */
ENTERED_WRAPPER(void, GOMP_loop_end, void) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  team_barrier_WRK(orig, 0, CCSIM_CALL_SITE());
}

ENTERED_WRAPPER(void, GOMP_sections_end, void) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  team_barrier_WRK(orig, 0, CCSIM_CALL_SITE());
}

/* GOMP_barrier_cancel, GOMP_loop_end_cancel, GOMP_sections_end_cancel: the same barriers in a
   cancellable region; they return whether the region was cancelled. */
ENTERED_WRAPPER(_Bool, GOMP_barrier_cancel, void) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return (_Bool)team_barrier_WRK(orig, 0, CCSIM_CALL_SITE());
}

ENTERED_WRAPPER(_Bool, GOMP_loop_end_cancel, void) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return (_Bool)team_barrier_WRK(orig, 0, CCSIM_CALL_SITE());
}

ENTERED_WRAPPER(_Bool, GOMP_sections_end_cancel, void) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return (_Bool)team_barrier_WRK(orig, 0, CCSIM_CALL_SITE());
}

/* GOMP_single_copy_end: the thread that ran a single construct with copyprivate publishes the data and
   arrives at the barrier where the others wait for it. */
ENTERED_WRAPPER(void, GOMP_single_copy_end, void* data) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  team_barrier_WRK(orig, (ccsim_word)data, CCSIM_CALL_SITE());
}

/* GOMP_single_copy_start: returns NULL to the thread that runs the single construct at once; every
   other thread first waits inside at the barrier of GOMP_single_copy_end and returns the data. Which
   case applies is known only afterwards, so a waiting thread reports its arrival after it passed. */
__attribute__((noinline))
static void* single_copy_start_WRK(OrigFn orig, ccsim_word construct) {
  void* data;
  ccsim_runtime_enter();
  CCSIM_CALL_ENTERED_W_v(data, orig);
  if (data != 0) ccsim_report_team_barrier(construct);
  ccsim_runtime_exit();
  return data;
}

ENTERED_WRAPPER(void*, GOMP_single_copy_start, void) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return single_copy_start_WRK(orig, CCSIM_CALL_SITE());
}

/* GOMP_critical_start, GOMP_critical_end: the unnamed critical section. */
ENTERED_WRAPPER(void, GOMP_critical_start, void) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  ccsim_entered_call_acquire(orig, LOCK_RESULT_NONE, (ccsim_word)&unnamed_critical_lock, 0, CCSIM_LOCK_OMP_CRITICAL,
                             CCSIM_CALL_SITE(), 0, 0, 0);
}

ENTERED_WRAPPER(void, GOMP_critical_end, void) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  ccsim_entered_call_release(orig, (ccsim_word)&unnamed_critical_lock, 0);
}

/* GOMP_critical_name_start, GOMP_critical_name_end: a named critical section; `pptr` is the address of
   the per-name variable the compiler emits, so it identifies the name. */
ENTERED_WRAPPER(void, GOMP_critical_name_start, void** pptr) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  ccsim_entered_call_acquire(orig, LOCK_RESULT_NONE, (ccsim_word)pptr, 0, CCSIM_LOCK_OMP_NAMED_CRITICAL,
                             CCSIM_CALL_SITE(), (ccsim_word)pptr, 0, 0);
}

ENTERED_WRAPPER(void, GOMP_critical_name_end, void** pptr) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  ccsim_entered_call_release(orig, (ccsim_word)pptr, (ccsim_word)pptr);
}

/* GOMP_atomic_start, GOMP_atomic_end: the lock behind atomic constructs the hardware cannot do. */
ENTERED_WRAPPER(void, GOMP_atomic_start, void) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  ccsim_entered_call_acquire(orig, LOCK_RESULT_NONE, (ccsim_word)&atomic_lock, 0, CCSIM_LOCK_OMP_ATOMIC,
                             CCSIM_CALL_SITE(), 0, 0, 0);
}

ENTERED_WRAPPER(void, GOMP_atomic_end, void) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  ccsim_entered_call_release(orig, (ccsim_word)&atomic_lock, 0);
}

/* GOMP_ordered_start, GOMP_ordered_end: modelled as mutual exclusion (the iteration order that libgomp
   also enforces is not replayed). */
ENTERED_WRAPPER(void, GOMP_ordered_start, void) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  ccsim_entered_call_acquire(orig, LOCK_RESULT_NONE, (ccsim_word)&ordered_lock, 0, CCSIM_LOCK_OMP_ORDERED,
                             CCSIM_CALL_SITE(), 0, 0, 0);
}

ENTERED_WRAPPER(void, GOMP_ordered_end, void) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  ccsim_entered_call_release(orig, (ccsim_word)&ordered_lock, 0);
}

/* The lock API; a lock is identified by its address. libgomp has two versions of each function
   (OMP_3.0, and OMP_1.0 for old binaries), both exported under the plain name, so both are wrapped. */

/* omp_set_lock, omp_set_nest_lock */
ENTERED_WRAPPER(void, omp_set_lock, void* lock) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  ccsim_entered_call_acquire(orig, LOCK_RESULT_NONE, (ccsim_word)lock, 0, CCSIM_LOCK_OMP_LOCK, CCSIM_CALL_SITE(),
                             (ccsim_word)lock, 0, 0);
}

ENTERED_WRAPPER(void, omp_set_nest_lock, void* lock) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  ccsim_entered_call_acquire(orig, LOCK_RESULT_NONE, (ccsim_word)lock, 0, CCSIM_LOCK_OMP_LOCK, CCSIM_CALL_SITE(),
                             (ccsim_word)lock, 0, 0);
}

/* omp_unset_lock, omp_unset_nest_lock */
ENTERED_WRAPPER(void, omp_unset_lock, void* lock) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  ccsim_entered_call_release(orig, (ccsim_word)lock, (ccsim_word)lock);
}

ENTERED_WRAPPER(void, omp_unset_nest_lock, void* lock) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  ccsim_entered_call_release(orig, (ccsim_word)lock, (ccsim_word)lock);
}

/* omp_test_lock, omp_test_nest_lock: non-zero when the lock was taken. */
ENTERED_WRAPPER(int, omp_test_lock, void* lock) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return (int)ccsim_entered_call_try_acquire(orig, LOCK_RESULT_NONZERO_TAKEN, (ccsim_word)lock, 0, CCSIM_LOCK_OMP_LOCK,
                                             CCSIM_CALL_SITE(), (ccsim_word)lock);
}

ENTERED_WRAPPER(int, omp_test_nest_lock, void* lock) {
  OrigFn orig;
  VALGRIND_GET_ORIG_FN(orig);
  return (int)ccsim_entered_call_try_acquire(orig, LOCK_RESULT_NONZERO_TAKEN, (ccsim_word)lock, 0, CCSIM_LOCK_OMP_LOCK,
                                             CCSIM_CALL_SITE(), (ccsim_word)lock);
}
