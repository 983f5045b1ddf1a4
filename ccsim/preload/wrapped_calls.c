/*
   wrapped_calls.c: see wrapped_calls.h. RUNS ON THE SIMULATED CPU.

   Each call below exists twice, one body for both: ccsim_call_* for a wrapper Valgrind redirected to,
   which calls the original with valgrind.h's no-redirection call (CALL_FN_W_*), and ccsim_entered_call_*
   for a wrapper ccsim's instrumentation entered from the original's first instruction, which calls it with
   entered_call.h's call (CCSIM_CALL_ENTERED_W_*). `CALL` names the macro family.
*/
#include "ccsim/preload/wrapped_calls.h"

#include <errno.h>

#include "ccsim/preload/entered_call.h"

static int took_lock(enum lock_result convention, ccsim_word result) {
  switch (convention) {
    case LOCK_RESULT_NONE: return 1;
    case LOCK_RESULT_ZERO_TAKEN: return (int)result == 0 || (int)result == EOWNERDEAD;
    case LOCK_RESULT_NONZERO_TAKEN: return (int)result != 0;
  }
  return 0;
}

#define DEFINE_CALL_ACQUIRE(name, CALL)                                                                          \
  __attribute__((noinline)) ccsim_word name(OrigFn orig, enum lock_result convention, ccsim_word lock, int shared, \
                                            enum ccsim_lock_kind kind, ccsim_word call, ccsim_word arg1,         \
                                            ccsim_word arg2, ccsim_word arg3) {                                  \
    ccsim_word result;                                                                                           \
    const int reported = ccsim_runtime_enter_lock_acquire(lock, shared, kind, call) == 0;                        \
    CALL##_W_WWW(result, orig, arg1, arg2, arg3);                                                                \
    if (reported && !took_lock(convention, result)) ccsim_report_lock_release(lock);                             \
    ccsim_runtime_exit();                                                                                        \
    return result;                                                                                               \
  }
DEFINE_CALL_ACQUIRE(ccsim_call_acquire, CALL_FN)
DEFINE_CALL_ACQUIRE(ccsim_entered_call_acquire, CCSIM_CALL_ENTERED)

#define DEFINE_CALL_TRY_ACQUIRE(name, CALL)                                                                      \
  __attribute__((noinline)) ccsim_word name(OrigFn orig, enum lock_result convention, ccsim_word lock, int shared, \
                                            enum ccsim_lock_kind kind, ccsim_word call, ccsim_word arg1) {       \
    ccsim_word result;                                                                                           \
    const int reported = ccsim_runtime_enter() == 0;                                                             \
    CALL##_W_W(result, orig, arg1);                                                                              \
    if (reported && took_lock(convention, result)) {                                                             \
      ccsim_report_lock_acquire_runtime_exit(lock, shared, kind, call);                                          \
    } else {                                                                                                     \
      ccsim_runtime_exit();                                                                                      \
    }                                                                                                            \
    return result;                                                                                               \
  }
DEFINE_CALL_TRY_ACQUIRE(ccsim_call_try_acquire, CALL_FN)
DEFINE_CALL_TRY_ACQUIRE(ccsim_entered_call_try_acquire, CCSIM_CALL_ENTERED)

#define DEFINE_CALL_RELEASE(name, CALL)                                                         \
  __attribute__((noinline)) ccsim_word name(OrigFn orig, ccsim_word lock, ccsim_word arg1) {    \
    ccsim_word result;                                                                          \
    ccsim_runtime_enter_lock_release(lock);                                                     \
    CALL##_W_W(result, orig, arg1);                                                             \
    ccsim_runtime_exit();                                                                       \
    return result;                                                                              \
  }
DEFINE_CALL_RELEASE(ccsim_call_release, CALL_FN)
DEFINE_CALL_RELEASE(ccsim_entered_call_release, CCSIM_CALL_ENTERED)

#define DEFINE_CALL_IN_RUNTIME(name, CALL)                                                                  \
  __attribute__((noinline)) ccsim_word name(OrigFn orig, ccsim_word arg1, ccsim_word arg2, ccsim_word arg3, \
                                            ccsim_word arg4) {                                              \
    ccsim_word result;                                                                                      \
    ccsim_runtime_enter();                                                                                  \
    CALL##_W_WWWW(result, orig, arg1, arg2, arg3, arg4);                                                    \
    ccsim_runtime_exit();                                                                                   \
    return result;                                                                                          \
  }
DEFINE_CALL_IN_RUNTIME(ccsim_call_in_runtime, CALL_FN)
DEFINE_CALL_IN_RUNTIME(ccsim_entered_call_in_runtime, CCSIM_CALL_ENTERED)
