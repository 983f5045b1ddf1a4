// sync_event.h: the synchronization events that separate a thread's accesses, as the replay engine and
// the synchronization model see them. The tool builds them from the preload's client requests
// (ccsim/sync/requests.h); tests build them with the make_* helpers below.
#ifndef CCSIM_REPLAY_SYNC_EVENT_H
#define CCSIM_REPLAY_SYNC_EVENT_H

#include <cstdint>

#include "ccsim/core/types.h"

namespace ccsim {

// A recorded thread's number in the replay engine: 0 is the main thread, then one per created thread
// in creation order. A thread id reused by Valgrind gets a new stream.
using StreamId = std::uint32_t;

enum class SyncKind : std::uint8_t {
  TeamEnter,      // becomes member `member` of team `key`, which has `participants` members
  TeamExit,       // leaves its innermost team: a barrier of the whole team (the end of a parallel region)
  TeamBarrier,    // a barrier of the thread's innermost team (outside any team: a barrier of one)
  ObjectBarrier,  // waits at a barrier object (pthread_barrier_t) instance `key` of `participants` threads
  LockAcquire,    // takes lock `key`, as a reader when `shared`
  LockRelease,    // releases lock `key`
  ThreadCreate,   // created the thread recorded as stream `key` (replay engine only)
  ThreadJoin,     // waits for the end of stream `key` (replay engine only)
  HappensBefore,  // signals user synchronization object `key` (an annotated hand-off: a flag set, ...)
  HappensAfter,   // waits until object `key` was signalled `participants` times (the hand-off received)
  AfterAccesses,  // uses memory that stream `key` freed after its first `participants` accesses (modulo
                  // 2^32): waits until those are replayed (replay engine only; ReplayEngine::record_reuse)
  SemaphoreInit,  // semaphore `key` (sem_init) now holds `participants` units
  SemaphorePost,  // adds a unit to semaphore `key` (sem_post)
  SemaphoreWait,  // takes a unit of semaphore `key` (sem_wait), waiting for one in Replay order
};

// Whether a thread waits at the event until every participant has arrived (in the replay orders: a team's
// start and end, a team barrier, a barrier object).
inline bool is_barrier(SyncKind kind) {
  return kind == SyncKind::TeamEnter || kind == SyncKind::TeamExit || kind == SyncKind::TeamBarrier ||
         kind == SyncKind::ObjectBarrier;
}

// One event. Trivially copyable: the replay engine stores it in its buffers as raw words.
struct SyncEvent {
  SyncKind kind;
  bool shared;                 // LockAcquire: a reader's acquisition of a reader-writer lock
  std::uint32_t member;        // TeamEnter: the thread's number in the team, 0 for the master;
                               // LockAcquire: the kind of lock (enum ccsim_lock_kind, requests.h; 0 unknown)
  std::uint32_t participants;  // TeamEnter: team size; ObjectBarrier: the threads the barrier waits for;
                               // HappensAfter: the signals of `key` the client had seen when it received
  std::uint64_t key;           // the team (TeamEnter), barrier instance, lock or stream, by kind
  Addr address;                // the client call that performed it (inside the call instruction), 0 unknown
};

inline SyncEvent make_team_enter(std::uint64_t team, std::uint32_t member, std::uint32_t team_size, Addr address) {
  return SyncEvent{SyncKind::TeamEnter, false, member, team_size, team, address};
}
inline SyncEvent make_team_exit(Addr address) { return SyncEvent{SyncKind::TeamExit, false, 0, 0, 0, address}; }
inline SyncEvent make_team_barrier(Addr address) { return SyncEvent{SyncKind::TeamBarrier, false, 0, 0, 0, address}; }
inline SyncEvent make_object_barrier(std::uint64_t instance, std::uint32_t participants, Addr address) {
  return SyncEvent{SyncKind::ObjectBarrier, false, 0, participants, instance, address};
}
inline SyncEvent make_lock_acquire(std::uint64_t lock, bool shared = false, std::uint32_t lock_kind = 0,
                                   Addr address = 0) {
  return SyncEvent{SyncKind::LockAcquire, shared, lock_kind, 0, lock, address};
}
inline SyncEvent make_lock_release(std::uint64_t lock) {
  return SyncEvent{SyncKind::LockRelease, false, 0, 0, lock, 0};
}
// `signals`: how many HappensBefore events of `object` the client had performed, in real time, when this
// thread passed its HappensAfter (the tool counts them as they come).
inline SyncEvent make_happens_before(std::uint64_t object) {
  return SyncEvent{SyncKind::HappensBefore, false, 0, 0, object, 0};
}
inline SyncEvent make_happens_after(std::uint64_t object, std::uint32_t signals) {
  return SyncEvent{SyncKind::HappensAfter, false, 0, signals, object, 0};
}
inline SyncEvent make_after_accesses(StreamId stream, std::uint32_t accesses) {
  return SyncEvent{SyncKind::AfterAccesses, false, 0, accesses, stream, 0};
}
inline SyncEvent make_semaphore_init(std::uint64_t semaphore, std::uint32_t units) {
  return SyncEvent{SyncKind::SemaphoreInit, false, 0, units, semaphore, 0};
}
inline SyncEvent make_semaphore_post(std::uint64_t semaphore) {
  return SyncEvent{SyncKind::SemaphorePost, false, 0, 0, semaphore, 0};
}
inline SyncEvent make_semaphore_wait(std::uint64_t semaphore) {
  return SyncEvent{SyncKind::SemaphoreWait, false, 0, 0, semaphore, 0};
}
inline SyncEvent make_thread_create(StreamId child) { return SyncEvent{SyncKind::ThreadCreate, false, 0, 0, child, 0}; }
inline SyncEvent make_thread_join(StreamId child, Addr address = 0) {
  return SyncEvent{SyncKind::ThreadJoin, false, 0, 0, child, address};
}

}  // namespace ccsim

#endif
