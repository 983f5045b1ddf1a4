/*
   libomp_intercepts.c: wrappers of libomp's (clang -fopenmp) lock entry points that run each call
   whole as runtime code. libomp reports the locks themselves through OMPT (ompt_tool.c), but its
   callbacks bracket only the wait: the code around them - finding the lock, creating it the first
   time any thread enters a critical construct, releasing it - runs as the user's and would be
   simulated.

   RUNS ON THE SIMULATED CPU: this file is client code, part of vgpreload_ccsim-<platform>.so. Each
   wrapper is a plain function, `ccsim_libomp_entry_<function>`, which ccsim's instrumentation enters
   from the first instruction of libomp's function (entered_call.h,
   ccsim/tool/instrumentation/entry_wrappers.h).

   Why it matters: that code is not the same in every thread. The thread that reaches a critical
   construct first in the real run (a matter of timing) creates its lock, a few hundred accesses more
   than the others; in an interleaved replay it then reaches its first critical section that many turns
   late, and stays behind for the rest of the loop. With one critical section per element of a shared
   array, it then updates elements the others have left: it takes no part in their ping-pong, and its
   own updates look like a thread working alone (docs/synchronization.md, "Runtime code is not the
   program's").

   Each wrapper passes four argument words on, whatever the function takes (the amd64 calling
   convention lets a function ignore extra ones): ident_t* location, global thread id, and the
   critical section's name or the lock, then a hint.
*/
#include "pub_tool_basics.h"
#include "valgrind.h"

#include "ccsim/preload/entered_call.h"
#include "ccsim/preload/report.h"
#include "ccsim/preload/wrapped_calls.h"

/* A libomp entry point returning nothing, run as runtime code. */
#define RUNTIME_CALL_STUB(name)                                                                       \
  LIBOMP_WRAPPER(void, name, ccsim_word a1, ccsim_word a2, ccsim_word a3, ccsim_word a4) {           \
    OrigFn orig;                                                                                      \
    VALGRIND_GET_ORIG_FN(orig);                                                                       \
    ccsim_entered_call_in_runtime(orig, a1, a2, a3, a4);                                              \
  }

/* A libomp entry point returning an int (the test-lock functions: non-zero when taken), run as
   runtime code. */
#define RUNTIME_TEST_STUB(name)                                                                       \
  LIBOMP_WRAPPER(int, name, ccsim_word a1, ccsim_word a2, ccsim_word a3, ccsim_word a4) {            \
    OrigFn orig;                                                                                      \
    VALGRIND_GET_ORIG_FN(orig);                                                                       \
    return (int)ccsim_entered_call_in_runtime(orig, a1, a2, a3, a4);                                  \
  }

/* critical, named critical and critical with a hint: (loc, gtid, name[, hint]) */
RUNTIME_CALL_STUB(__kmpc_critical)
RUNTIME_CALL_STUB(__kmpc_critical_with_hint)
RUNTIME_CALL_STUB(__kmpc_end_critical)
/* ordered: (loc, gtid) */
RUNTIME_CALL_STUB(__kmpc_ordered)
RUNTIME_CALL_STUB(__kmpc_end_ordered)
/* the lock API as the compiler may call it: (loc, gtid, lock) */
RUNTIME_CALL_STUB(__kmpc_set_lock)
RUNTIME_CALL_STUB(__kmpc_unset_lock)
RUNTIME_CALL_STUB(__kmpc_set_nest_lock)
RUNTIME_CALL_STUB(__kmpc_unset_nest_lock)
RUNTIME_TEST_STUB(__kmpc_test_lock)
RUNTIME_TEST_STUB(__kmpc_test_nest_lock)
/* the lock API as the program calls it: (lock) */
RUNTIME_CALL_STUB(omp_set_lock)
RUNTIME_CALL_STUB(omp_unset_lock)
RUNTIME_CALL_STUB(omp_set_nest_lock)
RUNTIME_CALL_STUB(omp_unset_nest_lock)
RUNTIME_TEST_STUB(omp_test_lock)
RUNTIME_TEST_STUB(omp_test_nest_lock)
