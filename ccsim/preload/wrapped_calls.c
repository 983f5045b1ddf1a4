/*
   wrapped_calls.c: see wrapped_calls.h. RUNS ON THE SIMULATED CPU.

   Every wrapper that uses these was entered by ccsim's instrumentation from the original's first
   instruction, so each calls the original with entered_call.h's call (CCSIM_CALL_ENTERED_W_*).
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

__attribute__((noinline)) ccsim_word ccsim_entered_call_acquire(OrigFn orig, enum lock_result convention,
                                                                ccsim_word lock, int shared, enum ccsim_lock_kind kind,
                                                                ccsim_word call, ccsim_word arg1, ccsim_word arg2,
                                                                ccsim_word arg3) {
  ccsim_word result;
  const int reported = ccsim_runtime_enter_lock_acquire(lock, shared, kind, call) == 0;
  CCSIM_CALL_ENTERED_W_WWW(result, orig, arg1, arg2, arg3);
  if (reported && !took_lock(convention, result)) ccsim_report_lock_release(lock);
  ccsim_runtime_exit();
  return result;
}

__attribute__((noinline)) ccsim_word ccsim_entered_call_try_acquire(OrigFn orig, enum lock_result convention,
                                                                    ccsim_word lock, int shared,
                                                                    enum ccsim_lock_kind kind, ccsim_word call,
                                                                    ccsim_word arg1) {
  ccsim_word result;
  const int reported = ccsim_runtime_enter() == 0;
  CCSIM_CALL_ENTERED_W_W(result, orig, arg1);
  if (reported && took_lock(convention, result)) {
    ccsim_report_lock_acquire_runtime_exit(lock, shared, kind, call);
  } else {
    ccsim_runtime_exit();
  }
  return result;
}

__attribute__((noinline)) ccsim_word ccsim_entered_call_release(OrigFn orig, ccsim_word lock, ccsim_word arg1) {
  ccsim_word result;
  ccsim_runtime_enter_lock_release(lock);
  CCSIM_CALL_ENTERED_W_W(result, orig, arg1);
  ccsim_runtime_exit();
  return result;
}

__attribute__((noinline)) ccsim_word ccsim_entered_call_in_runtime(OrigFn orig, ccsim_word arg1, ccsim_word arg2,
                                                                   ccsim_word arg3, ccsim_word arg4) {
  ccsim_word result;
  ccsim_runtime_enter();
  CCSIM_CALL_ENTERED_W_WWWW(result, orig, arg1, arg2, arg3, arg4);
  ccsim_runtime_exit();
  return result;
}
