/*
   requests.h: the client requests ccsim's preload (vgpreload_ccsim-<platform>.so, ccsim/preload/)
   sends the tool (ccsim/tool/threads/sync.cc) to report the client's synchronization. C, because the preload
   is C. Not for users: these requests are internal and may change between ccsim versions, but the list
   is append-only within one, and each entry documents its arguments (args[1..5] of the request).

   Addresses called "call" are the client's return address after the call into the wrapped function
   (the tool moves them into the call instruction); 0 means unknown. Lock and barrier identities are
   the address of the object (or of a preload variable standing for an implicit lock).
*/
#ifndef CCSIM_SYNC_REQUESTS_H
#define CCSIM_SYNC_REQUESTS_H

#include "ccsim.h"

typedef enum {
  /* The calling thread enters runtime code (a synchronization primitive, an idle OpenMP worker):
     its accesses are not simulated until the matching exit (unless --trace-runtime=yes).
     No arguments. Returns the thread's runtime depth before the call (0: it was in user code). */
  VG_USERREQ__CCSIM_RUNTIME_ENTER = VG_USERREQ__CCSIM_FIRST_INTERNAL,
  /* Leaves runtime code. No arguments. */
  VG_USERREQ__CCSIM_RUNTIME_EXIT,
  /* The thread starts running an explicit task's body, possibly from inside runtime code (a barrier
     executing queued tasks): user code until TASK_END. No arguments. Returns the runtime depth to
     give back to TASK_END. */
  VG_USERREQ__CCSIM_TASK_BEGIN,
  /* The task body has ended or was suspended. args[1]: the depth TASK_BEGIN returned. */
  VG_USERREQ__CCSIM_TASK_END,
  /* The thread starts its part of a parallel region. args[1]: team id (non-zero, unique per region
     instance), args[2]: its thread number in the team (0 = master), args[3]: team size,
     args[4]: call of the parallel construct. */
  VG_USERREQ__CCSIM_TEAM_ENTER,
  /* The thread reaches the end of its innermost parallel region (the region's implicit barrier).
     args[1]: call. */
  VG_USERREQ__CCSIM_TEAM_EXIT,
  /* The thread arrives at a barrier of its innermost team (explicit, or a worksharing construct's
     implicit barrier). args[1]: call. */
  VG_USERREQ__CCSIM_TEAM_BARRIER,
  /* The thread is about to take a lock, reported before it may block (so a replay knows what the
     thread waits for); a failed attempt is followed by LOCK_RELEASE. A non-blocking attempt is
     reported only when it succeeded. args[1]: lock, args[2]: 1 for a shared (reader) acquisition,
     args[3]: what kind of lock it is (enum ccsim_lock_kind; 0 from a preload older than this field),
     args[4]: call (0: unknown). */
  VG_USERREQ__CCSIM_LOCK_ACQUIRE,
  /* The thread releases a lock. args[1]: lock. */
  VG_USERREQ__CCSIM_LOCK_RELEASE,
  /* A pthread barrier was initialized. args[1]: barrier, args[2]: the count of threads it waits for. */
  VG_USERREQ__CCSIM_BARRIER_INIT,
  /* A pthread barrier is destroyed. args[1]: barrier. */
  VG_USERREQ__CCSIM_BARRIER_DESTROY,
  /* The thread arrives at a pthread barrier (before blocking). args[1]: barrier, args[2]: call. */
  VG_USERREQ__CCSIM_BARRIER_WAIT,
  /* The thread has just created a thread successfully. args[1]: the new thread's pthread_t. */
  VG_USERREQ__CCSIM_THREAD_CREATED,
  /* The thread is about to wait for another's end (pthread_join, before blocking).
     args[1]: the joined thread's pthread_t, args[2]: call (0 from a preload older than this field). */
  VG_USERREQ__CCSIM_THREAD_JOIN,
  /* The calling thread, started by pthread_create, is about to call its start routine (the preload's
     start trampoline, in the new thread). args[1]: the start routine's address. The thread's label. */
  VG_USERREQ__CCSIM_THREAD_START,
  /* The thread starts a call of the program's allocator (malloc_intercepts.c). args[1]: the function
     (enum ccsim_allocator_function), args[2]: the pointer the call gives back or asks about (free,
     realloc, delete, malloc_usable_size; 0 for none), args[3]: call. Returns 1 when the call may go
     on; 0 when args[2] is not the start of a live block and the call must not pass it to the
     allocator (the tool has reported it). A block given back stops being the program's here, before
     the allocator writes its free-list links into it. Calls nest (the allocator calling malloc
     itself): only the outermost one counts. */
  VG_USERREQ__CCSIM_ALLOCATOR_ENTER,
  /* The allocator call that ALLOCATOR_ENTER started has returned. args[1]: the function, args[2]: the
     block it returned (0 for none), args[3]: the block's size in bytes as requested (for
     CCSIM_ALLOC_USABLE_SIZE: the bytes the allocator says args[2] holds). A block returned becomes
     the program's here (for realloc, in the bin of the block it replaces; a realloc that failed gives
     that block back to the program). */
  VG_USERREQ__CCSIM_ALLOCATOR_EXIT,
  /* RUNTIME_ENTER and, when the thread was in user code (the depth it returns is 0), LOCK_ACQUIRE, in one
     request: a wrapped lock call's entry calls the tool once instead of twice (each call a helper's,
     or a round trip through Valgrind's scheduler for a request not answered in the translated code).
     args[1..4] as LOCK_ACQUIRE's; args[5] nonzero: LOCK_ACQUIRE whatever the depth (a lock the runtime
     reports through OMPT from inside its own code). Returns RUNTIME_ENTER's depth. */
  VG_USERREQ__CCSIM_RUNTIME_ENTER_LOCK_ACQUIRE,
  /* RUNTIME_ENTER and, when the thread was in user code, LOCK_RELEASE. args[1]: lock. Returns
     RUNTIME_ENTER's depth. */
  VG_USERREQ__CCSIM_RUNTIME_ENTER_LOCK_RELEASE,
  /* LOCK_ACQUIRE, then RUNTIME_EXIT: a lock reported once the wrapped call took it (a non-blocking
     attempt that succeeded, a condition wait holding its mutex again). args[1..4] as LOCK_ACQUIRE's. */
  VG_USERREQ__CCSIM_LOCK_ACQUIRE_RUNTIME_EXIT,
  /* A POSIX semaphore was initialized (sem_init succeeded). args[1]: semaphore, args[2]: its value. */
  VG_USERREQ__CCSIM_SEMAPHORE_INIT,
  /* The thread posted a semaphore (sem_post succeeded). args[1]: semaphore. */
  VG_USERREQ__CCSIM_SEMAPHORE_POST,
  /* The thread takes a unit of a semaphore: sem_wait, reported before it may block (so a replay knows
     what the thread waits for; a wait that fails then posts the unit back), or a sem_trywait,
     sem_timedwait or sem_clockwait that succeeded. args[1]: semaphore. */
  VG_USERREQ__CCSIM_SEMAPHORE_WAIT,
  /* The thread signals or broadcasts a condition variable (before the call, so that a waiter it wakes
     returns after it). args[1]: the condition variable. */
  VG_USERREQ__CCSIM_CONDITION_SIGNAL,
  /* A condition wait has returned (before the report of its mutex taken again): the waiter goes on after
     the condition's signals the program had made so far. args[1]: the condition variable. */
  VG_USERREQ__CCSIM_CONDITION_WOKEN,
  /* The thread is about to block in pthread_cond_wait (no deadline), its mutex reported released: it
     cannot return before a signal of the condition made from now on, so the replay may go on without it
     until the first such signal (a thread blocked there then holds no replay up). args[1]: the condition
     variable. */
  VG_USERREQ__CCSIM_CONDITION_WAIT,
  /* A signal or broadcast reported with CONDITION_SIGNAL has returned (a wait that starts from now on
     cannot be woken by it), and the thread leaves the runtime (as RUNTIME_EXIT). args[1]: the condition
     variable. */
  VG_USERREQ__CCSIM_CONDITION_SIGNALLED_RUNTIME_EXIT,
  /* One past the last request; not a request. */
  VG_USERREQ__CCSIM_END_INTERNAL
} Vg_CcsimInternalRequest;

/* The allocator functions ALLOCATOR_EXIT names (args[1]); a heap bin is named after the one that made
   its first block. Append-only, like the requests. */
enum ccsim_allocator_function {
  CCSIM_ALLOC_MALLOC,
  CCSIM_ALLOC_CALLOC,
  CCSIM_ALLOC_REALLOC,
  CCSIM_ALLOC_REALLOCARRAY,
  CCSIM_ALLOC_MEMALIGN,
  CCSIM_ALLOC_POSIX_MEMALIGN,
  CCSIM_ALLOC_ALIGNED_ALLOC,
  CCSIM_ALLOC_VALLOC,
  CCSIM_ALLOC_PVALLOC,
  CCSIM_ALLOC_NEW,
  CCSIM_ALLOC_NEW_ARRAY,
  CCSIM_ALLOC_FREE,
  CCSIM_ALLOC_DELETE,
  CCSIM_ALLOC_DELETE_ARRAY,
  CCSIM_ALLOC_USABLE_SIZE,
  CCSIM_ALLOC_FUNCTIONS /* one past the last; not a function */
};

/* The kinds of lock LOCK_ACQUIRE names (args[3]): what the per-lock view calls a lock whose variable
   has no name of its own (the OpenMP critical lock is a variable of the preload). Append-only. */
enum ccsim_lock_kind {
  CCSIM_LOCK_UNKNOWN,
  CCSIM_LOCK_MUTEX,               /* pthread_mutex_t (also re-taken when a condition wait returns) */
  CCSIM_LOCK_SPIN,                /* pthread_spinlock_t */
  CCSIM_LOCK_RWLOCK,              /* pthread_rwlock_t, read or write */
  CCSIM_LOCK_OMP_CRITICAL,        /* the one lock of every unnamed `omp critical` */
  CCSIM_LOCK_OMP_NAMED_CRITICAL,  /* `omp critical(name)`: the compiler's variable for the name */
  CCSIM_LOCK_OMP_ATOMIC,          /* the lock behind `omp atomic` the hardware cannot do */
  CCSIM_LOCK_OMP_ORDERED,         /* `omp ordered` */
  CCSIM_LOCK_OMP_LOCK,            /* omp_lock_t, omp_nest_lock_t */
  CCSIM_LOCK_ANNOTATED,           /* the program's own lock, marked with ccsim.h, helgrind.h or drd.h */
  CCSIM_LOCK_KINDS                /* one past the last; not a kind */
};

#endif /* CCSIM_SYNC_REQUESTS_H */
