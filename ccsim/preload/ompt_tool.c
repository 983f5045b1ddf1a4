/*
   ompt_tool.c: ccsim as an OMPT tool of libomp (clang -fopenmp, and the Intel runtime), reporting the
   program's OpenMP synchronization to ccsim. libomp looks for `ompt_start_tool` in the process at
   start-up and finds this one in the preload; nothing is wrapped.

   RUNS ON THE SIMULATED CPU: this file is client code, part of vgpreload_ccsim-<platform>.so.

   What is modelled (docs/synchronization.md): parallel regions (each team thread's implicit task is
   its membership), barriers (explicit, implicit at the end of worksharing constructs, and the join at
   the end of the region, which is leaving the team), critical, atomic (when done with a lock),
   ordered and the lock API as mutual exclusion. Runtime code is bracketed from the callbacks: from a
   parallel region's start to the master's implicit task, from a barrier's or lock's start to its end,
   and for a worker between regions; the lock entry points, whose code around the callbacks is libomp's
   too, are wrapped whole (libomp_intercepts.c). An explicit task's body is user code wherever it runs, a barrier
   included. Not modelled: taskwait/taskgroup order nothing; teams constructs.

   LLVM 14's libomp reports the join barrier of a parallel region as a plain implicit barrier, and its
   end (and the worker's implicit task end) only when the worker is woken for the next region. So a
   thread leaves its team at the join barrier's start, recognized by its call: the parallel construct's
   for the master, none for a worker (a worksharing construct's implicit barrier has a call inside the
   region body). Runtimes that report ompt_sync_region_barrier_implicit_parallel are recognized by it.
*/
#include <stddef.h>

#include "valgrind.h"

#include "ccsim/preload/omp_tools_subset.h"
#include "ccsim/preload/report.h"

/* What the tool keeps in OMPT's data words:
   - a parallel region's word: its team id (unique per region instance);
   - an implicit task's word: the parallel construct's call for the master, 0 for a worker, until the
     thread leaves the team; then kLeftTeam;
   - an explicit task's word: kExplicitTask, plus kTaskRunning and the saved runtime depth while its
     body runs;
   - a thread's word: a value handed from one callback to the one that follows on the same thread: the
     parallel construct's call from parallel_begin to the master's implicit task, the lock kind from
     mutex_acquire to mutex_acquired or nest_lock. */
static const uint64_t kLeftTeam = 1;
static const uint64_t kExplicitTask = (uint64_t)1 << 63;
static const uint64_t kTaskRunning = (uint64_t)1 << 62;

static ompt_get_thread_data_t get_thread_data;
static uint64_t next_team_id = 1;

static void on_parallel_begin(ompt_data_t* encountering_task_data, const ompt_frame_t* encountering_task_frame,
                              ompt_data_t* parallel_data, unsigned int requested_parallelism, int flags,
                              const void* codeptr_ra) {
  (void)encountering_task_data, (void)encountering_task_frame, (void)requested_parallelism, (void)flags;
  ccsim_runtime_enter();
  parallel_data->value = __atomic_fetch_add(&next_team_id, 1, __ATOMIC_RELAXED);
  get_thread_data()->ptr = (void*)codeptr_ra;
}

static void on_parallel_end(ompt_data_t* parallel_data, ompt_data_t* encountering_task_data, int flags,
                            const void* codeptr_ra) {
  (void)parallel_data, (void)encountering_task_data, (void)flags, (void)codeptr_ra;
  ccsim_runtime_exit();
}

static void on_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t* parallel_data, ompt_data_t* task_data,
                             unsigned int actual_parallelism, unsigned int index, int flags) {
  if (flags & ompt_task_initial) return;  /* the initial thread's task: not a parallel region */
  if (endpoint == ompt_scope_begin) {
    const uint64_t construct = index == 0 ? get_thread_data()->value : 0;
    task_data->value = construct;
    ccsim_report_team_enter(parallel_data->value, index, actual_parallelism, construct);
    ccsim_runtime_exit();
  } else if (task_data->value != kLeftTeam) {
    /* A region without a join barrier (a serialized one): the thread leaves at its task's end. */
    ccsim_runtime_enter();
    ccsim_report_team_exit(0);
    task_data->value = kLeftTeam;
  }
}

static int is_barrier(ompt_sync_region_t kind) {
  switch (kind) {
    case ompt_sync_region_barrier:
    case ompt_sync_region_barrier_implicit:
    case ompt_sync_region_barrier_explicit:
    case ompt_sync_region_barrier_implementation:
    case ompt_sync_region_barrier_implicit_workshare:
    case ompt_sync_region_barrier_implicit_parallel:
      return 1;
    default:
      return 0;  /* taskwait, taskgroup, reduction, teams: runtime code only */
  }
}

static int is_join_barrier(ompt_sync_region_t kind, const ompt_data_t* task_data, const void* codeptr_ra) {
  if (kind == ompt_sync_region_barrier_implicit_parallel) return 1;
  return kind == ompt_sync_region_barrier_implicit && task_data != NULL &&
         (uint64_t)codeptr_ra == task_data->value;
}

static void on_sync_region(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint, ompt_data_t* parallel_data,
                           ompt_data_t* task_data, const void* codeptr_ra) {
  (void)parallel_data;
  if (endpoint == ompt_scope_begin) {
    ccsim_runtime_enter();
    if (!is_barrier(kind)) return;
    if (is_join_barrier(kind, task_data, codeptr_ra)) {
      ccsim_report_team_exit((ccsim_word)codeptr_ra);
      task_data->value = kLeftTeam;
    } else {
      ccsim_report_team_barrier((ccsim_word)codeptr_ra);
    }
  } else if (task_data == NULL || task_data->value != kLeftTeam) {
    /* After the join barrier the thread stays in the runtime: the master until parallel_end, a worker
       until its next region. */
    ccsim_runtime_exit();
  }
}

/* What the per-lock view calls a lock of this kind. */
static enum ccsim_lock_kind lock_kind(uint64_t kind) {
  switch (kind) {
    case ompt_mutex_critical: return CCSIM_LOCK_OMP_CRITICAL;
    case ompt_mutex_atomic: return CCSIM_LOCK_OMP_ATOMIC;
    case ompt_mutex_ordered: return CCSIM_LOCK_OMP_ORDERED;
    default: return CCSIM_LOCK_OMP_LOCK;
  }
}

/* A test lock may fail, and then no callback follows: its attempt cannot be bracketed, and it is
   reported only when it took the lock. */
static int is_test(uint64_t kind) { return kind == ompt_mutex_test_lock || kind == ompt_mutex_test_nest_lock; }

static void on_mutex_acquire(ompt_mutex_t kind, unsigned int hint, unsigned int impl, ompt_wait_id_t wait_id,
                             const void* codeptr_ra) {
  (void)hint, (void)impl;
  if (!is_test(kind)) ccsim_runtime_enter_always_lock_acquire(wait_id, 0, lock_kind(kind), (ccsim_word)codeptr_ra);
  get_thread_data()->value = kind;
}

static void on_mutex_acquired(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void* codeptr_ra) {
  if (is_test(kind)) {
    ccsim_report_lock_acquire(wait_id, 0, lock_kind(kind), (ccsim_word)codeptr_ra);
  } else {
    ccsim_runtime_exit();
  }
}

/* A nest lock taken again by its owner (begin), or released without being freed (end). */
static void on_nest_lock(ompt_scope_endpoint_t endpoint, ompt_wait_id_t wait_id, const void* codeptr_ra) {
  if (endpoint != ompt_scope_begin) {
    ccsim_report_lock_release(wait_id);
  } else if (is_test(get_thread_data()->value)) {
    ccsim_report_lock_acquire(wait_id, 0, CCSIM_LOCK_OMP_LOCK, (ccsim_word)codeptr_ra);
  } else {
    ccsim_runtime_exit();
  }
}

static void on_mutex_released(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void* codeptr_ra) {
  (void)kind, (void)codeptr_ra;
  ccsim_report_lock_release(wait_id);
}

static void on_task_create(ompt_data_t* encountering_task_data, const ompt_frame_t* encountering_task_frame,
                           ompt_data_t* new_task_data, int flags, int has_dependences, const void* codeptr_ra) {
  (void)encountering_task_data, (void)encountering_task_frame, (void)has_dependences, (void)codeptr_ra;
  if (flags & ompt_task_explicit) new_task_data->value = kExplicitTask;
}

/* A thread switches tasks: leaving an explicit task's body gives back the runtime depth it interrupted;
   entering one makes its body user code, even inside a barrier. */
static void on_task_schedule(ompt_data_t* prior_task_data, ompt_task_status_t prior_task_status,
                             ompt_data_t* next_task_data) {
  (void)prior_task_status;
  if (prior_task_data != NULL && (prior_task_data->value & kTaskRunning)) {
    ccsim_task_end(prior_task_data->value & ~(kExplicitTask | kTaskRunning));
    prior_task_data->value = kExplicitTask;
  }
  if (next_task_data != NULL && (next_task_data->value & kExplicitTask)) {
    next_task_data->value = kExplicitTask | kTaskRunning | ccsim_task_begin();
  }
}

static int initialize(ompt_function_lookup_t lookup, int initial_device_num, ompt_data_t* tool_data) {
  (void)initial_device_num, (void)tool_data;
  ompt_set_callback_t set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
  get_thread_data = (ompt_get_thread_data_t)lookup("ompt_get_thread_data");
  if (set_callback == NULL || get_thread_data == NULL) return 0;  /* not a usable OMPT: stay inactive */
  set_callback(ompt_callback_parallel_begin, (ompt_callback_t)on_parallel_begin);
  set_callback(ompt_callback_parallel_end, (ompt_callback_t)on_parallel_end);
  set_callback(ompt_callback_implicit_task, (ompt_callback_t)on_implicit_task);
  set_callback(ompt_callback_sync_region, (ompt_callback_t)on_sync_region);
  set_callback(ompt_callback_mutex_acquire, (ompt_callback_t)on_mutex_acquire);
  set_callback(ompt_callback_mutex_acquired, (ompt_callback_t)on_mutex_acquired);
  set_callback(ompt_callback_nest_lock, (ompt_callback_t)on_nest_lock);
  set_callback(ompt_callback_mutex_released, (ompt_callback_t)on_mutex_released);
  set_callback(ompt_callback_task_create, (ompt_callback_t)on_task_create);
  set_callback(ompt_callback_task_schedule, (ompt_callback_t)on_task_schedule);
  return 1;
}

static void finalize(ompt_data_t* tool_data) { (void)tool_data; }

/* The OMPT entry point: libomp calls it once, at its initialization. */
ompt_start_tool_result_t* ompt_start_tool(unsigned int omp_version, const char* runtime_version);
ompt_start_tool_result_t* ompt_start_tool(unsigned int omp_version, const char* runtime_version) {
  static ompt_start_tool_result_t result = {initialize, finalize, {0}};
  (void)omp_version, (void)runtime_version;
  return RUNNING_ON_VALGRIND ? &result : NULL;
}
