/*
   omp_tools_subset.h: the declarations of the OpenMP tools interface (OMPT) that ompt_tool.c uses,
   copied from LLVM's omp-tools.h (OpenMP 5.1; Part of the LLVM Project, under the Apache License v2.0
   with LLVM Exceptions, https://llvm.org/LICENSE.txt) so that the preload builds with gcc, which cannot
   read clang's own headers. Names and values are the standard's and must not change.
*/
#ifndef CCSIM_PRELOAD_OMP_TOOLS_SUBSET_H
#define CCSIM_PRELOAD_OMP_TOOLS_SUBSET_H

#include <stdint.h>

typedef enum ompt_callbacks_t {
  ompt_callback_parallel_begin = 3,
  ompt_callback_parallel_end = 4,
  ompt_callback_task_create = 5,
  ompt_callback_task_schedule = 6,
  ompt_callback_implicit_task = 7,
  ompt_callback_sync_region = 23,
  ompt_callback_mutex_acquire = 26,
  ompt_callback_mutex_acquired = 27,
  ompt_callback_nest_lock = 28,
  ompt_callback_mutex_released = 17
} ompt_callbacks_t;

typedef enum ompt_scope_endpoint_t {
  ompt_scope_begin = 1,
  ompt_scope_end = 2,
  ompt_scope_beginend = 3
} ompt_scope_endpoint_t;

typedef enum ompt_sync_region_t {
  ompt_sync_region_barrier = 1,
  ompt_sync_region_barrier_implicit = 2,
  ompt_sync_region_barrier_explicit = 3,
  ompt_sync_region_barrier_implementation = 4,
  ompt_sync_region_taskwait = 5,
  ompt_sync_region_taskgroup = 6,
  ompt_sync_region_reduction = 7,
  ompt_sync_region_barrier_implicit_workshare = 8,
  ompt_sync_region_barrier_implicit_parallel = 9,
  ompt_sync_region_barrier_teams = 10
} ompt_sync_region_t;

typedef enum ompt_mutex_t {
  ompt_mutex_lock = 1,
  ompt_mutex_test_lock = 2,
  ompt_mutex_nest_lock = 3,
  ompt_mutex_test_nest_lock = 4,
  ompt_mutex_critical = 5,
  ompt_mutex_atomic = 6,
  ompt_mutex_ordered = 7
} ompt_mutex_t;

typedef enum ompt_task_flag_t {
  ompt_task_initial = 0x00000001,
  ompt_task_implicit = 0x00000002,
  ompt_task_explicit = 0x00000004
} ompt_task_flag_t;

typedef enum ompt_task_status_t {
  ompt_task_complete = 1,
  ompt_task_yield = 2,
  ompt_task_cancel = 3,
  ompt_task_detach = 4,
  ompt_task_early_fulfill = 5,
  ompt_task_late_fulfill = 6,
  ompt_task_switch = 7,
  ompt_taskwait_complete = 8
} ompt_task_status_t;

typedef enum ompt_set_result_t {
  ompt_set_error = 0,
  ompt_set_never = 1,
  ompt_set_impossible = 2,
  ompt_set_sometimes = 3,
  ompt_set_sometimes_paired = 4,
  ompt_set_always = 5
} ompt_set_result_t;

typedef uint64_t ompt_wait_id_t;

typedef union ompt_data_t {
  uint64_t value;
  void* ptr;
} ompt_data_t;

typedef struct ompt_frame_t ompt_frame_t;  /* only passed through */

typedef void (*ompt_interface_fn_t)(void);
typedef ompt_interface_fn_t (*ompt_function_lookup_t)(const char* interface_function_name);
typedef void (*ompt_callback_t)(void);
typedef ompt_set_result_t (*ompt_set_callback_t)(ompt_callbacks_t event, ompt_callback_t callback);
typedef ompt_data_t* (*ompt_get_thread_data_t)(void);
typedef int (*ompt_initialize_t)(ompt_function_lookup_t lookup, int initial_device_num, ompt_data_t* tool_data);
typedef void (*ompt_finalize_t)(ompt_data_t* tool_data);

typedef struct ompt_start_tool_result_t {
  ompt_initialize_t initialize;
  ompt_finalize_t finalize;
  ompt_data_t tool_data;
} ompt_start_tool_result_t;

typedef void (*ompt_callback_parallel_begin_t)(ompt_data_t* encountering_task_data,
                                               const ompt_frame_t* encountering_task_frame,
                                               ompt_data_t* parallel_data, unsigned int requested_parallelism,
                                               int flags, const void* codeptr_ra);
typedef void (*ompt_callback_parallel_end_t)(ompt_data_t* parallel_data, ompt_data_t* encountering_task_data,
                                             int flags, const void* codeptr_ra);
typedef void (*ompt_callback_implicit_task_t)(ompt_scope_endpoint_t endpoint, ompt_data_t* parallel_data,
                                              ompt_data_t* task_data, unsigned int actual_parallelism,
                                              unsigned int index, int flags);
typedef void (*ompt_callback_task_create_t)(ompt_data_t* encountering_task_data,
                                            const ompt_frame_t* encountering_task_frame,
                                            ompt_data_t* new_task_data, int flags, int has_dependences,
                                            const void* codeptr_ra);
typedef void (*ompt_callback_task_schedule_t)(ompt_data_t* prior_task_data, ompt_task_status_t prior_task_status,
                                              ompt_data_t* next_task_data);
typedef void (*ompt_callback_sync_region_t)(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                                            ompt_data_t* parallel_data, ompt_data_t* task_data,
                                            const void* codeptr_ra);
typedef void (*ompt_callback_mutex_acquire_t)(ompt_mutex_t kind, unsigned int hint, unsigned int impl,
                                              ompt_wait_id_t wait_id, const void* codeptr_ra);
typedef void (*ompt_callback_mutex_t)(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void* codeptr_ra);
typedef void (*ompt_callback_nest_lock_t)(ompt_scope_endpoint_t endpoint, ompt_wait_id_t wait_id,
                                          const void* codeptr_ra);

#endif /* CCSIM_PRELOAD_OMP_TOOLS_SUBSET_H */
