/*
   wrapped_calls.h: calling the function a wrapper replaces and reporting what it did, shared by the
   libgomp, libomp and pthread wrappers. RUNS ON THE SIMULATED CPU. Each call is bracketed as runtime
   code, so the accesses to lock words and any spinning are not simulated as the user's.
*/
#ifndef CCSIM_PRELOAD_WRAPPED_CALLS_H
#define CCSIM_PRELOAD_WRAPPED_CALLS_H

#include "valgrind.h"
#include "ccsim/preload/report.h"

/* How a wrapped function says whether it took the lock. */
enum lock_result {
  LOCK_RESULT_NONE,        /* returns nothing: it always takes the lock (GOMP_critical_start, omp_set_lock) */
  LOCK_RESULT_ZERO_TAKEN,  /* pthread style: 0 (or EOWNERDEAD) when taken, an error number otherwise */
  LOCK_RESULT_NONZERO_TAKEN, /* omp_test_lock, omp_test_nest_lock: non-zero when taken */
};

/* The three lock calls below report nothing when the thread is in runtime code already (the wrapper's
   entry finds a runtime depth above 0): such a lock is the runtime's own, with which it implements what
   its entry points and callbacks report (libomp puts a thread waiting at a barrier to sleep on a
   condition variable and wakes it under a pthread mutex, but only when the thread waited long enough,
   so reporting them made the replay's turns after a barrier depend on timing). */

/* Every call below is made from a wrapper that ccsim's instrumentation entered from the first instruction
   of `orig` (ccsim/tool/instrumentation/entry_wrappers.h), which Valgrind does not redirect: `orig` is
   called as entered_call.h says. */

/* A blocking acquisition `orig(arg1, arg2, arg3)` of `lock`: reported before the call, so that a replay
   knows what the thread waits for, and withdrawn if the function reports that it failed. Functions
   with fewer arguments ignore the extra ones (the amd64 calling convention allows it). `shared`: a
   reader's acquisition; `kind` and `call` (the wrapper's CCSIM_CALL_SITE()) name the lock in the
   per-lock view. */
ccsim_word ccsim_entered_call_acquire(OrigFn orig, enum lock_result convention, ccsim_word lock, int shared,
                                      enum ccsim_lock_kind kind, ccsim_word call, ccsim_word arg1, ccsim_word arg2,
                                      ccsim_word arg3);

/* A non-blocking attempt `orig(arg1)`: reported only when it took the lock. */
ccsim_word ccsim_entered_call_try_acquire(OrigFn orig, enum lock_result convention, ccsim_word lock, int shared,
                                          enum ccsim_lock_kind kind, ccsim_word call, ccsim_word arg1);

/* A release `orig(arg1)` of `lock`, reported before the call (another thread may take the lock as soon
   as the call has released it). */
ccsim_word ccsim_entered_call_release(OrigFn orig, ccsim_word lock, ccsim_word arg1);

/* `orig(arg1, arg2, arg3, arg4)` as runtime code, nothing reported (condition signals, thread exit,
   libomp's lock entry points, whose callbacks report the lock). Functions with fewer arguments ignore
   the extra ones. */
ccsim_word ccsim_entered_call_in_runtime(OrigFn orig, ccsim_word arg1, ccsim_word arg2, ccsim_word arg3,
                                         ccsim_word arg4);

#endif /* CCSIM_PRELOAD_WRAPPED_CALLS_H */
