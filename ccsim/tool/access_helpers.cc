// access_helpers.cc: the hot path. One helper per (access kind, route), instantiated from a template so
// each variant is straight-line code: the route and kind are constants, not run-time tests.
#include "ccsim/tool/access_helpers.h"

#include "ccsim/core/simulator.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/references.h"
#include "ccsim/tool/sync.h"
#include "ccsim/tool/threads.h"

namespace ccsim {

Simulator* access_simulator = nullptr;

namespace {

template <AccessKind kKind, bool kBuffered, bool kSkipStack>
VG_REGPARM(3) void on_access(Reference* ref, Addr addr, UWord size) {
  ThreadState* thread = current_thread;
  if (kSkipStack) {
    // One unsigned compare covers both bounds: addresses below the stack wrap to large values.
    if (addr - thread->stack_low < thread->stack_high - thread->stack_low) {
      ++thread->skipped_stack_accesses;
      return;
    }
  }
  // Accesses inside the runtimes' synchronization code (barrier spinning, idle workers, lock words) are
  // not the user's; runtime_depth is almost always 0, so the branch predicts well.
  if (__builtin_expect(thread->runtime_depth != 0, 0) && !options.sync.trace_runtime) {
    ++thread->excluded_runtime_accesses;
    return;
  }
  if (kBuffered) {
    sync_record_access(thread->processor, ref->id, addr, static_cast<std::uint32_t>(size), kKind);
  } else {
    simulate_access(access_simulator, thread->processor, ref->id, addr, static_cast<std::uint32_t>(size), kKind,
                    thread->region, thread->locks_held != 0);
  }
}

template <AccessKind kKind>
AccessHelper pick(AccessRoute route, const char** name) {
  static const char* const kNames[3][4] = {
      {"ccsim_read", "ccsim_read_skip_stack", "ccsim_read_buffered", "ccsim_read_buffered_skip_stack"},
      {"ccsim_write", "ccsim_write_skip_stack", "ccsim_write_buffered", "ccsim_write_buffered_skip_stack"},
      {"ccsim_modify", "ccsim_modify_skip_stack", "ccsim_modify_buffered", "ccsim_modify_buffered_skip_stack"}};
  *name = kNames[static_cast<int>(kKind)][(route.buffered ? 2 : 0) + (route.skip_stack ? 1 : 0)];
  if (route.buffered) {
    return route.skip_stack ? &on_access<kKind, true, true> : &on_access<kKind, true, false>;
  }
  return route.skip_stack ? &on_access<kKind, false, true> : &on_access<kKind, false, false>;
}

}  // namespace

AccessHelper access_helper(AccessKind kind, AccessRoute route, const char** name) {
  switch (kind) {
    case AccessKind::Read: return pick<AccessKind::Read>(route, name);
    case AccessKind::Write: return pick<AccessKind::Write>(route, name);
    case AccessKind::Modify: return pick<AccessKind::Modify>(route, name);
  }
  return nullptr;
}

}  // namespace ccsim
