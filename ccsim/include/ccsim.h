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

#include "valgrind.h"

typedef enum {
  /* Public requests (this header). */
  VG_USERREQ__CCSIM_START_INSTRUMENTATION = VG_USERREQ_TOOL_BASE('C', 'S'),
  VG_USERREQ__CCSIM_STOP_INSTRUMENTATION,
  VG_USERREQ__CCSIM_ZERO_STATS,
  VG_USERREQ__CCSIM_NAME_RANGE,
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

#endif /* CCSIM_H */
