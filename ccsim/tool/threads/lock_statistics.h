// lock_statistics.h: what each lock of the program did, for the per-lock view (`lock:`, `lock-thread:`
// and `lock-section:` records; docs/synchronization.md, "Locks in the replay"): who took it how often, how
// often it passed from one thread to another, how often and how long a thread waited for it in the
// replay, and the invalidations and coherence misses of the accesses made while holding it.
//
// Fed where the synchronization is seen in the simulated order, beside the accesses it orders: the
// replay sink (sync.cc) in the interleaved and piped modes, the client requests in native mode. The
// simulator's notices (object_statistics.cc) come during the access that caused them, so the locks a
// processor holds here are the ones it held at that access.
#ifndef CCSIM_TOOL_LOCK_STATISTICS_H
#define CCSIM_TOOL_LOCK_STATISTICS_H

#include <cstdint>

#include "ccsim/core/observer.h"
#include "ccsim/core/types.h"
#include "ccsim/tool/data_objects/data_objects.h"

namespace ccsim {

// `max_processors` as the simulator's; `with_objects`: --data-objects=yes (locks are named after the
// object holding them, and sections are split by object).
void init_lock_statistics(std::uint32_t max_processors, bool with_objects);
void zero_lock_statistics();

// `proc` took lock `lock` (an acquisition of a recursive lock it holds too), of kind `kind` (enum
// ccsim_lock_kind), at the call `call` (0: unknown); `contended` and `waited_accesses` as LockWait
// (replay_engine.h) says, false and 0 in native order.
void lock_acquired(ProcId proc, std::uint64_t lock, std::uint32_t kind, Addr call, bool contended,
                   std::uint64_t waited_accesses);
void lock_released(ProcId proc, std::uint64_t lock);
// A new thread starts on `proc` with no lock held.
void locks_processor_started(ProcId proc);
// Whether `proc` holds any lock now (as its accesses' critical flag says).
bool holds_lock(ProcId proc);

// Slow-path events of a processor that holds locks, charged to each lock it holds: a store's
// invalidations (to the writer's object) and a coherence miss (to the missing access's object).
void charge_lock_invalidation(const InvalidationNotice& notice, ObjectId written_object);
// An L1 miss of `served.proc`, which holds a lock, served by another thread's copy: a transfer inside the
// critical sections of every lock it holds, charged to the object of the bytes accessed.
void charge_lock_transfer(const ServedNotice& served, ObjectId object);
void charge_lock_coherence_miss(const CoherenceMissNotice& miss, ObjectId object);

// One lock, as first taken.
struct LockDescription {
  std::uint32_t index;  // the lock's number here, in order of first acquisition
  Addr address;
  std::uint32_t kind;    // enum ccsim_lock_kind
  Addr first_call;       // the call of its first acquisition in the simulated order, 0: unknown
  const char* name;      // the object holding the lock when first taken (never freed), null: none
};
// One thread's acquisitions of one lock.
struct LockThreadCounts {
  std::uint64_t acquisitions;
  std::uint64_t hand_offs;        // acquisitions whose previous acquisition of the lock was another thread's
  std::uint64_t contended;        // acquisitions that found the lock held by another thread
  std::uint64_t waited_accesses;  // accesses replayed while those waited
};
// The events of one reference on one thread, in one object, while the thread held one lock.
struct LockSectionCounts {
  std::uint64_t true_in_region;  // invalidations caused, by class
  std::uint64_t false_in_region;
  std::uint64_t true_across_regions;
  std::uint64_t false_across_regions;
  std::uint64_t coherence_miss_true;
  std::uint64_t coherence_miss_false;
  std::uint64_t transfers;  // L1 misses another thread's copy served (profile version 2)
};

using LockVisitor = void (*)(void* context, const LockDescription& lock);
using LockThreadVisitor = void (*)(void* context, std::uint32_t lock, ProcId proc, const LockThreadCounts& counts);
using LockSectionVisitor = void (*)(void* context, std::uint32_t lock, ObjectId object, RefId ref, ProcId proc,
                                    const LockSectionCounts& counts);
void for_each_lock(LockVisitor visit, void* context);
void for_each_lock_thread(LockThreadVisitor visit, void* context);
void for_each_lock_section(LockSectionVisitor visit, void* context);

}  // namespace ccsim

#endif
