/*
   report.h: the preload's side of ccsim/sync/requests.h, one inline function per request so that a
   wrapper reads as what it tells the tool. RUNS ON THE SIMULATED CPU, like all of ccsim/preload/:
   these are client code, compiled into vgpreload_ccsim-<platform>.so; outside Valgrind every request
   is a no-op that returns 0 (ccsim_allocator_enter: 1, the call goes on).
*/
#ifndef CCSIM_PRELOAD_REPORT_H
#define CCSIM_PRELOAD_REPORT_H

#include "ccsim/sync/requests.h"

/* The client's return address after its call into the wrapper (a wrapper is entered as if it were
   the wrapped function). Take it in the wrapper itself, not in a function the wrapper calls. */
#define CCSIM_CALL_SITE() ((unsigned long)__builtin_return_address(0))

typedef unsigned long ccsim_word;

static inline ccsim_word ccsim_runtime_enter(void) {
  return VALGRIND_DO_CLIENT_REQUEST_EXPR(0, VG_USERREQ__CCSIM_RUNTIME_ENTER, 0, 0, 0, 0, 0);
}

static inline void ccsim_runtime_exit(void) {
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_RUNTIME_EXIT, 0, 0, 0, 0, 0);
}

static inline ccsim_word ccsim_task_begin(void) {
  return VALGRIND_DO_CLIENT_REQUEST_EXPR(0, VG_USERREQ__CCSIM_TASK_BEGIN, 0, 0, 0, 0, 0);
}

static inline void ccsim_task_end(ccsim_word saved_depth) {
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_TASK_END, saved_depth, 0, 0, 0, 0);
}

static inline void ccsim_report_team_enter(ccsim_word team, ccsim_word member, ccsim_word size, ccsim_word call) {
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_TEAM_ENTER, team, member, size, call, 0);
}

static inline void ccsim_report_team_exit(ccsim_word call) {
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_TEAM_EXIT, call, 0, 0, 0, 0);
}

static inline void ccsim_report_team_barrier(ccsim_word call) {
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_TEAM_BARRIER, call, 0, 0, 0, 0);
}

static inline void ccsim_report_lock_acquire(ccsim_word lock, int shared, enum ccsim_lock_kind kind,
                                             ccsim_word call) {
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_LOCK_ACQUIRE, lock, shared != 0, kind, call, 0);
}

static inline void ccsim_report_lock_release(ccsim_word lock) {
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_LOCK_RELEASE, lock, 0, 0, 0, 0);
}

/* ccsim_runtime_enter() and, when it returns 0, the report that follows it, in one request (requests.h:
   each request is a call of the tool, answered in the translated code or, failing that, a round trip
   through Valgrind's scheduler; ccsim/tool/instrumentation/requests_in_line.h). */
static inline ccsim_word ccsim_runtime_enter_lock_acquire(ccsim_word lock, int shared, enum ccsim_lock_kind kind,
                                                          ccsim_word call) {
  return VALGRIND_DO_CLIENT_REQUEST_EXPR(0, VG_USERREQ__CCSIM_RUNTIME_ENTER_LOCK_ACQUIRE, lock, shared != 0, kind,
                                         call, 0);
}

/* ccsim_runtime_enter() and the report that follows it whatever the depth, in one request: an OMPT lock
   callback, which libomp makes from inside its own entry points (ompt_tool.c). */
static inline void ccsim_runtime_enter_always_lock_acquire(ccsim_word lock, int shared, enum ccsim_lock_kind kind,
                                                           ccsim_word call) {
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_RUNTIME_ENTER_LOCK_ACQUIRE, lock, shared != 0, kind, call, 1);
}

static inline ccsim_word ccsim_runtime_enter_lock_release(ccsim_word lock) {
  return VALGRIND_DO_CLIENT_REQUEST_EXPR(0, VG_USERREQ__CCSIM_RUNTIME_ENTER_LOCK_RELEASE, lock, 0, 0, 0, 0);
}

/* ccsim_report_lock_acquire(), then ccsim_runtime_exit(), in one request. */
static inline void ccsim_report_lock_acquire_runtime_exit(ccsim_word lock, int shared, enum ccsim_lock_kind kind,
                                                          ccsim_word call) {
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_LOCK_ACQUIRE_RUNTIME_EXIT, lock, shared != 0, kind, call, 0);
}

static inline void ccsim_report_barrier_init(ccsim_word barrier, ccsim_word count) {
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_BARRIER_INIT, barrier, count, 0, 0, 0);
}

static inline void ccsim_report_barrier_destroy(ccsim_word barrier) {
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_BARRIER_DESTROY, barrier, 0, 0, 0, 0);
}

static inline void ccsim_report_barrier_wait(ccsim_word barrier, ccsim_word call) {
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_BARRIER_WAIT, barrier, call, 0, 0, 0);
}

static inline void ccsim_report_semaphore_init(ccsim_word semaphore, ccsim_word value) {
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_SEMAPHORE_INIT, semaphore, value, 0, 0, 0);
}

static inline void ccsim_report_semaphore_post(ccsim_word semaphore) {
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_SEMAPHORE_POST, semaphore, 0, 0, 0, 0);
}

static inline void ccsim_report_semaphore_wait(ccsim_word semaphore) {
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_SEMAPHORE_WAIT, semaphore, 0, 0, 0, 0);
}

static inline void ccsim_report_condition_signal(ccsim_word cond) {
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_CONDITION_SIGNAL, cond, 0, 0, 0, 0);
}

static inline void ccsim_report_condition_woken(ccsim_word cond) {
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_CONDITION_WOKEN, cond, 0, 0, 0, 0);
}

static inline void ccsim_report_condition_wait(ccsim_word cond) {
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_CONDITION_WAIT, cond, 0, 0, 0, 0);
}

static inline void ccsim_report_condition_signalled_runtime_exit(ccsim_word cond) {
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_CONDITION_SIGNALLED_RUNTIME_EXIT, cond, 0, 0, 0, 0);
}

static inline void ccsim_report_thread_created(ccsim_word thread) {
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_THREAD_CREATED, thread, 0, 0, 0, 0);
}

static inline void ccsim_report_thread_start(ccsim_word routine) {
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_THREAD_START, routine, 0, 0, 0, 0);
}

static inline void ccsim_report_thread_join(ccsim_word thread, ccsim_word call) {
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_THREAD_JOIN, thread, call, 0, 0, 0);
}

static inline ccsim_word ccsim_allocator_enter(enum ccsim_allocator_function function, ccsim_word pointer,
                                               ccsim_word call) {
  return VALGRIND_DO_CLIENT_REQUEST_EXPR(1, VG_USERREQ__CCSIM_ALLOCATOR_ENTER, function, pointer, call, 0, 0);
}

static inline void ccsim_allocator_exit(enum ccsim_allocator_function function, ccsim_word block, ccsim_word size) {
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_ALLOCATOR_EXIT, function, block, size, 0, 0);
}

#endif /* CCSIM_PRELOAD_REPORT_H */
