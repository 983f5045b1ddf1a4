/*
   ccsim.h: client requests for programs running under ccsim (valgrind --tool=ccsim).

   Include this header in your program to steer ccsim; when the program is not running under Valgrind
   every macro does nothing and costs a few instructions.

   Copyright (C) 2026 the ccsim authors.

   Permission is hereby granted, free of charge, to any person obtaining a copy of this file, to deal in
   it without restriction, including without limitation the rights to use, copy, modify, merge, publish,
   distribute, sublicense, and/or sell copies of it, subject to the condition that this notice is kept.
   THE FILE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND. (MIT licence.)

   The request numbers below are append-only: a number once released never changes meaning.
*/
#ifndef CCSIM_H
#define CCSIM_H

/* Installed as <valgrind/ccsim.h>, beside Valgrind's valgrind.h (the first case); found through
   -I<valgrind's include dir>/valgrind (the second); or installed under another prefix than Valgrind, with
   Valgrind's headers in a standard place (the third). */
#if defined(__has_include)
#if __has_include("valgrind.h")
#include "valgrind.h"
#else
#include <valgrind/valgrind.h>
#endif
#else
#include <valgrind/valgrind.h>
#endif

typedef enum {
  /* Public requests (this header). */
  VG_USERREQ__CCSIM_START_INSTRUMENTATION = VG_USERREQ_TOOL_BASE('C', 'S'),
  VG_USERREQ__CCSIM_STOP_INSTRUMENTATION,
  VG_USERREQ__CCSIM_ZERO_STATS,
  VG_USERREQ__CCSIM_NAME_RANGE,
  VG_USERREQ__CCSIM_BARRIER_INIT_COUNT,
  VG_USERREQ__CCSIM_BARRIER_WAIT_BEFORE,
  VG_USERREQ__CCSIM_BARRIER_WAIT_AFTER,
  VG_USERREQ__CCSIM_BARRIER_DESTROYED,
  VG_USERREQ__CCSIM_HAPPENS_BEFORE,
  VG_USERREQ__CCSIM_HAPPENS_AFTER,
  VG_USERREQ__CCSIM_LOCK_ACQUIRED,
  VG_USERREQ__CCSIM_LOCK_RELEASED,
  /* Requests from 0x1000 on are ccsim's own (its preload reports synchronization); not for users. */
  VG_USERREQ__CCSIM_FIRST_INTERNAL = VG_USERREQ_TOOL_BASE('C', 'S') + 0x1000
} Vg_CcsimClientRequest;

/* Start simulating accesses (the default unless --instr-atstart=no). */
#define CCSIM_START_INSTRUMENTATION \
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_START_INSTRUMENTATION, 0, 0, 0, 0, 0)

/* Stop simulating accesses; caches keep their contents until instrumentation starts again. */
#define CCSIM_STOP_INSTRUMENTATION \
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_STOP_INSTRUMENTATION, 0, 0, 0, 0, 0)

/* Set every counter to zero (e.g. after a warm-up phase); cache contents stay. */
#define CCSIM_ZERO_STATS \
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_ZERO_STATS, 0, 0, 0, 0, 0)

/* Name the memory range [addr, addr + size) as a data object called `name` (a NUL-terminated string,
   copied by ccsim), e.g. for the blocks of a custom allocator or memory pool. */
#define CCSIM_NAME_RANGE(addr, size, name)                                                          \
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_NAME_RANGE, (addr), (size), (name), 0, 0)

/* Your own synchronization (docs/synchronization.md, "Annotating your own synchronization"). The standard
   annotations of Valgrind's helgrind.h and drd.h (ANNOTATE_HAPPENS_BEFORE/AFTER, ANNOTATE_RWLOCK_ACQUIRED/
   RELEASED, drd.h's ANNOTATE_BARRIER_*) mean the same to ccsim; use whichever your code has. */

/* `barrier` (any address naming it) is a barrier of `count` threads. */
#define CCSIM_BARRIER_INIT(barrier, count)                                                          \
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_BARRIER_INIT_COUNT, (barrier), (count), 0, 0, 0)

/* Put these two around your barrier's wait. The thread arrives at the barrier at WAIT_BEFORE: a new region
   starts when all `count` threads have arrived, as at an OpenMP barrier. The code between the two is the
   barrier's own (its counter, mutex, condition variable, spinning): it is not simulated (counted as
   `skipped: runtime`) and its locks are not critical sections. */
#define CCSIM_BARRIER_WAIT_BEFORE(barrier)                                                          \
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_BARRIER_WAIT_BEFORE, (barrier), 0, 0, 0, 0)
#define CCSIM_BARRIER_WAIT_AFTER(barrier)                                                           \
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_BARRIER_WAIT_AFTER, (barrier), 0, 0, 0, 0)

/* The barrier is destroyed; its address may name another barrier after a new CCSIM_BARRIER_INIT. */
#define CCSIM_BARRIER_DESTROY(barrier)                                                              \
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_BARRIER_DESTROYED, (barrier), 0, 0, 0, 0)

/* A hand-off through `object` (a flag, a ring buffer slot): the sender marks CCSIM_HAPPENS_BEFORE after its
   last write of the data and before it publishes (sets the flag); the receiver marks CCSIM_HAPPENS_AFTER
   after it has seen the flag and before it reads the data. The replay then puts the receiver's accesses
   after the sender's. */
#define CCSIM_HAPPENS_BEFORE(object)                                                                \
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_HAPPENS_BEFORE, (object), 0, 0, 0, 0)
#define CCSIM_HAPPENS_AFTER(object)                                                                 \
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_HAPPENS_AFTER, (object), 0, 0, 0, 0)

/* Your own lock (a spin lock, a ticket lock): mark it taken after acquiring and released before releasing.
   The code in between is a critical section, and the replay lets one thread at a time hold the lock. */
#define CCSIM_LOCK_ACQUIRED(lock)                                                                   \
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_LOCK_ACQUIRED, (lock), 0, 0, 0, 0)
#define CCSIM_LOCK_RELEASED(lock)                                                                   \
  VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__CCSIM_LOCK_RELEASED, (lock), 0, 0, 0, 0)

#endif /* CCSIM_H */
