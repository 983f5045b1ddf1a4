// sync_model.h: what the client's synchronization means for the simulation: which region (barrier
// epoch) each thread is in, whether it is inside a critical section, and - when events are replayed in
// an order of ccsim's choosing - whether a thread may proceed.
//
// Two instances exist in a run. The tool's follows the client in real time (EventOrder::Live): it gives
// the native mode its regions and critical flags. Nothing waits there, since the client already did:
// the first thread to report a barrier opens the next region, and each participant moves into it as it
// reports the barrier itself (a thread that reached a barrier does nothing of its own until it passes,
// and a member counts its own barriers, so the reports may come in any order).
// The replay engine's model sees each thread's events in replay order (EventOrder::Replay): barriers
// hold the threads that reached them until the last arrives, and a lock excludes every thread but its
// holder. Region ids are handed out in the order barriers open them, so a replay that is deterministic
// numbers its regions deterministically.
//
// Definitions (docs/synchronization.md): a region is the span between two successive barriers of a
// team; entering and leaving a team (start and end of a parallel region) are barriers of that team; a
// barrier object (pthread_barrier_t) is a barrier of the threads that wait at it; outside a team, a
// thread's join of another ends the joiner's region. An annotated hand-off
// (HappensBefore/HappensAfter) orders the replay only: in Replay order the receiver waits until the
// object has been signalled as often as the client had signalled it when the receiver went on. A
// semaphore orders the replay only too: in Replay order it counts its units (SemaphoreInit sets them,
// SemaphorePost adds one) and a SemaphoreWait takes one, waiting while there is none; a semaphore whose
// initialization the model has not seen never holds a thread. A thread outside any
// team keeps the region of its creator until it passes a barrier. An access is critical while its
// thread holds any lock.
#ifndef CCSIM_REPLAY_SYNC_MODEL_H
#define CCSIM_REPLAY_SYNC_MODEL_H

#include <cstdint>

#include "ccsim/core/growable_array.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/core/types.h"
#include "ccsim/replay/sync_event.h"

namespace ccsim {

enum class EventOrder : std::uint8_t {
  Live,    // events applied as the client performed them: nothing waits, the client already did
  Replay,  // events applied in a replay order: barriers hold threads, locks exclude
};

struct Barrier;
struct Team;
struct TeamMembership;

// What a thread does when it passes a barrier: enter a team, go on in it, or leave it.
enum class Arrival : std::uint8_t { None, TeamEnter, Barrier, TeamExit };

// One thread's synchronization state, embedded in its owner's per-thread record.
struct SyncThread {
  std::uint32_t owner = 0;             // the owner's number for the thread (tool: thread id; engine: stream)
  RegionId region = 0;                 // the region its accesses belong to
  std::uint32_t locks_held = 0;        // > 0: inside a critical section
  TeamMembership* teams = nullptr;     // the teams it is in, innermost first
  Barrier* waiting_at = nullptr;       // Replay order: the barrier it reached and has not passed
  Arrival arrival = Arrival::None;     // why it waits there
  std::uint32_t entering_member = 0;   // Arrival::TeamEnter: its number in the team
  SyncThread* next_waiter = nullptr;   // the next thread waiting at the same barrier, in arrival order
  bool docked = false;                 // left a team as a worker: the runtime parks it until the next team
  // The region in which it last passed a hand-off it received (a SemaphoreWait, a HappensAfter); ~0: none.
  // Its stores in that region are ordered with other threads' by the program (received_handoff_in_region).
  RegionId handoff_region = ~RegionId(0);

  // Whether the thread received a hand-off in its current region: the diagnosis of unlocked shared
  // writes (docs/model.md) leaves its stores out, since it cannot tell which of them the hand-off ordered.
  bool received_handoff_in_region() const { return handoff_region == region; }
};

class SyncModel {
 public:
  explicit SyncModel(EventOrder order);
  ~SyncModel();
  SyncModel(const SyncModel&) = delete;
  SyncModel& operator=(const SyncModel&) = delete;

  // A new thread starts in the region its creator is in (the main thread, with no creator: region 0).
  void start_thread(SyncThread* thread, const SyncThread* creator);

  // Applies one event of `thread` (any kind but ThreadCreate and ThreadJoin, which are the engine's).
  // Only `thread` changes, except when a barrier releases in Replay order. Returns false only in Replay
  // order, for a lock another thread holds or a HappensAfter whose signals have not all been replayed:
  // nothing changed and the caller retries later. In Replay
  // order a barrier event (TeamEnter, TeamExit, TeamBarrier, ObjectBarrier) leaves the thread
  // waiting_at the barrier until its last participant arrives.
  bool apply(SyncThread* thread, const SyncEvent& event);

  // `joiner` has joined a thread (pthread_join returned; `address` is the call, 0: unknown). Outside
  // any team the join ends the joiner's region, as a team's end does: it goes on in a new region, and
  // so do the threads it creates next. (In a team the team's barriers delimit its regions.)
  void thread_joined(SyncThread* joiner, Addr address);

  // The thread has ended: it leaves every team it is still in, and the locks it still holds are free.
  void thread_ended(SyncThread* thread);

  // Breaking a deadlock of the replay, which the client's own order did not have (the replay engine
  // counts these): the barrier `thread` waits at releases as if complete, or `thread` takes the lock
  // of `acquire` from its holder.
  void force_release(SyncThread* thread);
  void force_acquire(SyncThread* thread, const SyncEvent& acquire);

  // Replay order: whether applying `acquire` (a LockAcquire) for `thread` now would fail because another
  // thread holds the lock. Changes nothing. Only a synchronization event of the holder (its release) can
  // change the answer.
  bool lock_held_elsewhere(const SyncThread* thread, const SyncEvent& acquire) const;
  // Replay order: whether a HappensAfter's object has been signalled as often as it waits for.
  bool signalled(const SyncEvent& happens_after) const {
    const std::uint64_t* signals = signals_.find(happens_after.key);
    return signals != nullptr && *signals >= happens_after.participants;
  }

  // Replay order: whether a SemaphoreWait may take a unit now (or its semaphore is unknown).
  bool semaphore_unit_free(const SyncEvent& wait) const {
    const std::int64_t* units = semaphore_units_.find(wait.key);
    return units == nullptr || *units > 0;
  }
  // Breaking a deadlock: `wait` (a SemaphoreWait) takes a unit the semaphore does not have.
  void force_semaphore_wait(const SyncEvent& wait) {
    std::int64_t* units = semaphore_units_.find(wait.key);
    if (units != nullptr) --*units;
  }

  // Regions handed out so far are 0..region_count()-1. A region is closed by the first barrier release
  // that moves a thread out of it; region_close() is that barrier's client address (0: unknown, or
  // never closed).
  RegionId region_count() const { return static_cast<RegionId>(region_closes_.size()); }
  Addr region_close(RegionId region) const { return region_closes_[region]; }

 private:
  Team* find_or_create_team(const SyncEvent& enter);
  void join_team(SyncThread* thread, Team* team, std::uint32_t member);
  std::uint32_t leave_innermost_team(SyncThread* thread);
  RegionId member_region(const TeamMembership* membership) const;
  void arrive(SyncThread* thread, Barrier* barrier, Arrival arrival, Addr address);
  void pass_team_barrier_at_once(SyncThread* thread, Addr address);
  void leave_at_once(SyncThread* thread, Addr address);
  void pass_object_barrier_at_once(SyncThread* thread, Barrier* barrier, Addr address);
  void release(Barrier* barrier);
  void pass_barrier(SyncThread* thread, Arrival arrival, Addr closing_address, Team* team, bool team_ends,
                    RegionId fresh);
  void end_generation(Barrier* barrier, bool team_ends);
  bool try_acquire(SyncThread* thread, const SyncEvent& acquire);
  void release_lock(SyncThread* thread, std::uint64_t lock);
  RegionId open_region();
  void close_region(RegionId region, Addr address);

  // Who holds one lock (Replay order only). A thread may take a lock it holds again (recursive
  // mutexes, nest locks); readers of a reader-writer lock share it.
  struct LockState {
    SyncThread* holder;
    std::uint32_t depth;    // the holder's acquisitions not yet released
    std::uint32_t readers;  // shared holders
  };

  EventOrder order_;
  // Team memberships are recycled through a free list (linked by `outer`); every node ever allocated
  // is kept here so the destructor can find the teams that only memberships still reach.
  GrowableArray<TeamMembership*> memberships_;
  TeamMembership* free_memberships_ = nullptr;
  HashMap<std::uint64_t, Team*> teams_;              // team key -> team, while its parallel region lasts
  HashMap<std::uint64_t, Barrier*> object_barriers_; // barrier instance -> barrier, while threads wait at it
  HashMap<std::uint64_t, LockState> locks_;          // lock key -> state, while held (Replay order)
  HashMap<std::uint64_t, std::uint64_t> signals_;    // hand-off object -> HappensBefore events replayed (Replay order)
  // semaphore -> its units now, from its SemaphoreInit on (Replay order); below 0 only after a forced wait
  HashMap<std::uint64_t, std::int64_t> semaphore_units_;
  GrowableArray<Addr> region_closes_;                // region id -> the barrier call that closed it
};

}  // namespace ccsim

#endif
