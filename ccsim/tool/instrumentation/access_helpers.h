// access_helpers.h: the functions the generated code calls for every data access (the hot path).
#ifndef CCSIM_TOOL_ACCESS_HELPERS_H
#define CCSIM_TOOL_ACCESS_HELPERS_H

#include "ccsim/core/types.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

class Simulator;
struct Reference;
struct ThreadState;

// The simulator the native-order helpers feed (set in post_clo_init).
extern Simulator* access_simulator;

// Which variant of the helper a superblock calls, decided at instrumentation time so the hot path tests
// nothing that is fixed for the run.
struct AccessRoute {
  bool buffered;       // interleaved/piped: record for replay instead of simulating now
  bool to_worker;      // recorded for the simulation worker (--sim-threads=1), in every order (whatever
                       // `buffered` says: in native order the worker simulates at once)
  bool skip_stack;     // --trace-stack=no: drop accesses to the running thread's own stack
  bool count_objects;  // --data-objects=yes: count the access against its data object (unless buffered:
                       // the replay counts buffered accesses when it simulates them)
};

using AccessHelper = VG_REGPARM(3) void (*)(Reference* ref, Addr addr, UWord size);

// After the options: the simulator the native-order helpers feed, and the run's route.
void init_access_helpers(Simulator* simulator, AccessRoute route);

// Simulates the thread's held-back polling load now, if it has one (spin_waits.h). The thread must be the
// running one. Called before anything else of the thread's reaches the simulation or the replay: each
// client request (a synchronization event) and, through the helpers, each access.
void flush_waiting_read(ThreadState* thread);

// The native order's simulation of one access of the program's own code by `current_thread`, after the
// filters (runtime code, spin waits, the stack): the native helpers' own body (the hit path, the object
// count, the miss), for the simulation worker in native order (--sim-threads=1, workers/worker_native.h),
// which takes the accesses from the stream and sets current_thread to its record of their thread.
using NativeAccess = void (*)(Reference* ref, Addr addr, UWord size);
NativeAccess native_access(AccessKind kind, bool count_objects);
// One of several workers of line shards with data objects: the native order's access of another worker's
// lines, counted against its object as the native body counts it, not simulated (worker_native.cc).
NativeAccess native_count_only_access(AccessKind kind);

// The helper for (kind, route), and its name for Valgrind's IR printer. `polled`: a load of a polling loop
// in the translation being made (spin_waits.h), which gets a helper of its own (a write or modify
// ignores it: only loads are polled).
AccessHelper access_helper(AccessKind kind, AccessRoute route, bool polled, const char** name);

}  // namespace ccsim

#endif
