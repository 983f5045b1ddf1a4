// sync_model.cc: teams, barriers, locks and region numbering (see sync_model.h for the definitions).
#include "ccsim/replay/sync_model.h"

#include "ccsim/core/platform.h"

namespace ccsim {

// One generation of a barrier: the threads that reached it.
struct Barrier {
  std::uint32_t participants;   // arrivals that complete a generation
  std::uint32_t arrived;
  SyncThread* first_waiter;     // Replay order: the threads it holds, in arrival order
  SyncThread* last_waiter;
  Addr closing_address;         // the first arrival's client call that is known; 0 until then
  RegionId next_region;         // Live order: the region the generation opened; 0 until its first arrival
  Team* team;                   // the team it belongs to; null for a barrier object
  std::uint64_t object_key;     // a barrier object's instance key
};

// The team of one parallel region, from its first member's arrival until the last member has left.
// In Replay order its members pass each barrier together, so one current epoch is enough. In Live
// order members report barriers at their own pace (one may even report a barrier before another has
// entered), so each membership counts the barriers its thread has passed and the team keeps the region
// of every epoch.
struct Team {
  Team(std::uint64_t team_key, std::uint32_t team_size)
      : key(team_key), size(team_size), barrier{team_size, 0, nullptr, nullptr, 0, 0, this, 0},
        epochs("ccsim.sync.epochs") {}

  std::uint64_t key;
  std::uint32_t size;
  std::uint32_t members = 0;  // memberships that point here
  bool listed = true;         // still findable by key in teams_ (a later region may reuse the key once not)
  RegionId region = 0;        // Replay order: the current epoch
  Barrier barrier;            // Replay order: entering, barriers and leaving, one generation at a time
  GrowableArray<RegionId> epochs;  // Live order: epoch -> its region, opened by the first member there
  RegionId after_region = 0;  // Live order: the region after the team, opened by the first member to leave
  std::uint32_t left = 0;     // Live order: members that have left
};

// One entry of a thread's team list.
struct TeamMembership {
  Team* team;
  std::uint32_t member;      // the thread's number in the team
  std::uint32_t epoch;       // Live order: the barriers the thread has passed in the team
  TeamMembership* outer;     // the enclosing team's entry (free list: the next free node)
  bool in_use;
};

SyncModel::SyncModel(EventOrder order)
    : order_(order),
      memberships_("ccsim.sync.memberships"),
      teams_("ccsim.sync.teams"),
      object_barriers_("ccsim.sync.barriers"),
      locks_("ccsim.sync.locks"),
      signals_("ccsim.sync.signals"),
      semaphore_units_("ccsim.sync.semaphores"),
      region_closes_("ccsim.sync.regions") {
  region_closes_.push_back(0);  // region 0: from the start of the program to its first barrier
}

SyncModel::~SyncModel() {
  // Teams no longer listed live on through memberships of threads that never left them (a thread that
  // ended inside a parallel region): drop those references first, then the listed teams.
  for (std::uint32_t i = 0; i < memberships_.size(); ++i) {
    TeamMembership* membership = memberships_[i];
    if (membership->in_use && !membership->team->listed && --membership->team->members == 0) {
      destroy_object(membership->team);
    }
  }
  for (std::uint32_t i = 0; i < memberships_.size(); ++i) destroy_object(memberships_[i]);
  teams_.for_each([](std::uint64_t, Team* team) { destroy_object(team); });
  object_barriers_.for_each([](std::uint64_t, Barrier* barrier) { destroy_object(barrier); });
}

void SyncModel::start_thread(SyncThread* thread, const SyncThread* creator) {
  thread->region = creator != nullptr ? creator->region : 0;
}

bool SyncModel::apply(SyncThread* thread, const SyncEvent& event) {
  switch (event.kind) {
    case SyncKind::TeamEnter: {
      Team* team = find_or_create_team(event);
      if (order_ == EventOrder::Live) {
        // The client's master runs region code before its workers arrive: join at once.
        close_region(thread->region, event.address);
        join_team(thread, team, event.member);
        thread->region = team->epochs[0];
      } else {
        thread->entering_member = event.member;
        arrive(thread, &team->barrier, Arrival::TeamEnter, event.address);
      }
      return true;
    }
    case SyncKind::TeamExit:
      // Outside any team there is nothing to leave (an exit whose entry was not observed).
      if (thread->teams == nullptr) return true;
      if (order_ == EventOrder::Live) {
        leave_at_once(thread, event.address);
      } else {
        arrive(thread, &thread->teams->team->barrier, Arrival::TeamExit, event.address);
      }
      return true;
    case SyncKind::TeamBarrier:
      if (thread->teams == nullptr) {
        // A barrier of one thread: it passes at once, into a new region.
        close_region(thread->region, event.address);
        thread->region = open_region();
      } else if (order_ == EventOrder::Live) {
        pass_team_barrier_at_once(thread, event.address);
      } else {
        arrive(thread, &thread->teams->team->barrier, Arrival::Barrier, event.address);
      }
      return true;
    case SyncKind::ObjectBarrier: {
      bool added = false;
      Barrier** slot = &object_barriers_.find_or_add(event.key, &added);
      if (added) {
        const std::uint32_t participants = event.participants > 0 ? event.participants : 1;
        *slot = create_object<Barrier>("ccsim.sync.barrier",
                                       Barrier{participants, 0, nullptr, nullptr, 0, 0, nullptr, event.key});
      }
      if (order_ == EventOrder::Live) {
        pass_object_barrier_at_once(thread, *slot, event.address);
      } else {
        arrive(thread, *slot, Arrival::Barrier, event.address);
      }
      return true;
    }
    case SyncKind::LockAcquire:
      if (order_ == EventOrder::Live) {
        ++thread->locks_held;
        return true;
      }
      return try_acquire(thread, event);
    case SyncKind::LockRelease:
      release_lock(thread, event.key);
      return true;
    case SyncKind::HappensBefore:
      if (order_ == EventOrder::Replay) ++signals_.find_or_add(event.key);
      return true;
    case SyncKind::HappensAfter: {
      if (order_ == EventOrder::Replay && !signalled(event)) return false;
      thread->handoff_region = thread->region;
      return true;
    }
    case SyncKind::SemaphoreInit:
      // sem_init on a semaphore in use starts it again, as in the program.
      if (order_ == EventOrder::Replay) semaphore_units_.find_or_add(event.key) = event.participants;
      return true;
    case SyncKind::SemaphorePost:
      if (order_ == EventOrder::Replay) {
        std::int64_t* units = semaphore_units_.find(event.key);
        if (units != nullptr) ++*units;
      }
      return true;
    case SyncKind::SemaphoreWait: {
      if (order_ == EventOrder::Replay) {
        if (!semaphore_unit_free(event)) return false;
        std::int64_t* units = semaphore_units_.find(event.key);
        if (units != nullptr) --*units;
      }
      thread->handoff_region = thread->region;
      return true;
    }
    case SyncKind::ThreadCreate:
    case SyncKind::ThreadJoin:
    case SyncKind::AfterAccesses:
      break;
  }
  CCSIM_ASSERT(!"thread creation, joins and reused memory are handled by the replay engine, not the model");
  return true;
}

void SyncModel::thread_joined(SyncThread* joiner, Addr address) {
  if (joiner->teams != nullptr) return;
  close_region(joiner->region, address);
  joiner->region = open_region();
}

void SyncModel::thread_ended(SyncThread* thread) {
  CCSIM_DEBUG_ASSERT(thread->waiting_at == nullptr);
  while (thread->teams != nullptr) leave_innermost_team(thread);
  // Locks it still holds are free: the lock table must not keep a pointer to a thread that is gone.
  GrowableArray<std::uint64_t> held("ccsim.sync.held");
  locks_.for_each([&](std::uint64_t key, const LockState& lock) {
    if (lock.holder == thread) held.push_back(key);
  });
  for (std::uint32_t i = 0; i < held.size(); ++i) {
    LockState* lock = locks_.find(held[i]);
    lock->holder = nullptr;
    lock->depth = 0;
    if (lock->readers == 0) locks_.erase(held[i]);
  }
}

void SyncModel::force_release(SyncThread* thread) {
  if (thread->waiting_at != nullptr) release(thread->waiting_at);
}

void SyncModel::force_acquire(SyncThread* thread, const SyncEvent& acquire) {
  LockState& lock = locks_.find_or_add(acquire.key);
  // The previous holder keeps its own count of locks held: in its stream it is still inside.
  if (acquire.shared) {
    lock.holder = nullptr;
    lock.depth = 0;
    ++lock.readers;
  } else {
    lock.holder = thread;
    lock.depth = 1;
    lock.readers = 0;
  }
  ++thread->locks_held;
}

Team* SyncModel::find_or_create_team(const SyncEvent& enter) {
  bool added = false;
  Team** slot = &teams_.find_or_add(enter.key, &added);
  if (added) {
    Team* team = create_object<Team>("ccsim.sync.team", enter.key, enter.participants > 0 ? enter.participants : 1);
    // In Live order the team's first epoch starts now; in Replay order when every member has arrived.
    if (order_ == EventOrder::Live) team->epochs.push_back(open_region());
    *slot = team;
  }
  return *slot;
}

void SyncModel::join_team(SyncThread* thread, Team* team, std::uint32_t member) {
  TeamMembership* membership = free_memberships_;
  if (membership != nullptr) {
    free_memberships_ = membership->outer;
  } else {
    membership = create_object<TeamMembership>("ccsim.sync.membership");
    memberships_.push_back(membership);
  }
  *membership = TeamMembership{team, member, 0, thread->teams, true};
  thread->teams = membership;
  ++team->members;
}

RegionId SyncModel::member_region(const TeamMembership* membership) const {
  const Team* team = membership->team;
  return order_ == EventOrder::Live ? team->epochs[membership->epoch] : team->region;
}

std::uint32_t SyncModel::leave_innermost_team(SyncThread* thread) {
  TeamMembership* membership = thread->teams;
  Team* team = membership->team;
  const std::uint32_t member = membership->member;
  thread->teams = membership->outer;
  membership->in_use = false;
  membership->outer = free_memberships_;
  free_memberships_ = membership;
  if (--team->members == 0 && !team->listed) destroy_object(team);
  return member;
}

// Replay order: the thread waits at the barrier until its last participant arrives.
void SyncModel::arrive(SyncThread* thread, Barrier* barrier, Arrival arrival, Addr address) {
  CCSIM_DEBUG_ASSERT(thread->waiting_at == nullptr);
  if (barrier->closing_address == 0) barrier->closing_address = address;
  thread->waiting_at = barrier;
  thread->arrival = arrival;
  thread->next_waiter = nullptr;
  if (barrier->last_waiter != nullptr) {
    barrier->last_waiter->next_waiter = thread;
  } else {
    barrier->first_waiter = thread;
  }
  barrier->last_waiter = thread;
  if (++barrier->arrived >= barrier->participants) release(barrier);
}

// Live order: the thread passes its team's next barrier. The first member to get there opens the epoch's
// region; the others move into it as they report the barrier.
void SyncModel::pass_team_barrier_at_once(SyncThread* thread, Addr address) {
  TeamMembership* membership = thread->teams;
  Team* team = membership->team;
  close_region(thread->region, address);
  if (++membership->epoch == team->epochs.size()) team->epochs.push_back(open_region());
  thread->region = team->epochs[membership->epoch];
}

// Live order: the thread leaves its innermost team, into the enclosing team's epoch or, outside any
// team, the region after the team (opened by the first member to leave).
void SyncModel::leave_at_once(SyncThread* thread, Addr address) {
  Team* team = thread->teams->team;
  close_region(thread->region, address);
  if (team->after_region == 0) team->after_region = open_region();
  const RegionId after = team->after_region;
  if (++team->left >= team->size) {
    // Every member has left: a later region may reuse the key. The team goes with its last membership.
    teams_.erase(team->key);
    team->listed = false;
  }
  const std::uint32_t member = leave_innermost_team(thread);
  thread->region = thread->teams != nullptr ? member_region(thread->teams) : after;
  thread->docked = member != 0;
}

// Live order, barrier objects: all reports of a generation come before anyone passes (they are made
// before blocking), so a generation is counted; its first report opens the next region.
void SyncModel::pass_object_barrier_at_once(SyncThread* thread, Barrier* barrier, Addr address) {
  if (barrier->closing_address == 0) barrier->closing_address = address;
  if (barrier->next_region == 0) barrier->next_region = open_region();
  close_region(thread->region, barrier->closing_address);
  thread->region = barrier->next_region;
  if (++barrier->arrived >= barrier->participants) end_generation(barrier, false);
}

// Replay order: the last participant has arrived; everyone it held passes, into one new region.
void SyncModel::release(Barrier* barrier) {
  SyncThread* waiter = barrier->first_waiter;
  const Addr closing_address = barrier->closing_address;
  Team* team = barrier->team;
  bool team_ends = false;
  for (SyncThread* w = waiter; w != nullptr; w = w->next_waiter) team_ends |= w->arrival == Arrival::TeamExit;
  const RegionId fresh = open_region();
  if (team != nullptr) team->region = fresh;
  end_generation(barrier, team_ends);
  while (waiter != nullptr) {
    SyncThread* next = waiter->next_waiter;
    const Arrival arrival = waiter->arrival;
    waiter->waiting_at = nullptr;
    waiter->arrival = Arrival::None;
    waiter->next_waiter = nullptr;
    pass_barrier(waiter, arrival, closing_address, team, team_ends, fresh);
    waiter = next;
  }
}

// Resets the barrier for its next generation. A barrier object is done with (its next arrival creates
// it again); a team whose members are leaving can no longer be found by its key, and ends with its
// last membership.
void SyncModel::end_generation(Barrier* barrier, bool team_ends) {
  Team* team = barrier->team;
  barrier->first_waiter = nullptr;
  barrier->last_waiter = nullptr;
  barrier->arrived = 0;
  barrier->closing_address = 0;
  barrier->next_region = 0;
  if (team == nullptr) {
    object_barriers_.erase(barrier->object_key);
    destroy_object(barrier);
  } else if (team_ends) {
    teams_.erase(team->key);
    team->listed = false;
    if (team->members == 0) destroy_object(team);
  }
}

void SyncModel::pass_barrier(SyncThread* thread, Arrival arrival, Addr closing_address, Team* team, bool team_ends,
                             RegionId fresh) {
  close_region(thread->region, closing_address);
  if (team_ends && arrival != Arrival::TeamEnter) {
    // Leaving: back to the enclosing team's current epoch, or, outside any team, the region that
    // follows the parallel region. A worker (member > 0) goes back to the runtime's pool.
    CCSIM_DEBUG_ASSERT(thread->teams != nullptr && thread->teams->team == team);
    const std::uint32_t member = leave_innermost_team(thread);
    thread->region = thread->teams != nullptr ? member_region(thread->teams) : fresh;
    thread->docked = member != 0;
  } else {
    // An entering thread joins (unless the team ends in the same release: a mismatched program).
    if (arrival == Arrival::TeamEnter && !team_ends) join_team(thread, team, thread->entering_member);
    thread->region = fresh;
  }
}

bool SyncModel::try_acquire(SyncThread* thread, const SyncEvent& acquire) {
  LockState& lock = locks_.find_or_add(acquire.key);  // a new entry is zero: free
  const bool held_by_other = lock.holder != nullptr && lock.holder != thread;
  if (acquire.shared) {
    if (held_by_other) return false;
    ++lock.readers;
  } else {
    if (held_by_other || lock.readers > 0) return false;
    lock.holder = thread;
    ++lock.depth;
  }
  ++thread->locks_held;
  return true;
}

bool SyncModel::lock_held_elsewhere(const SyncThread* thread, const SyncEvent& acquire) const {
  if (order_ == EventOrder::Live) return false;
  const LockState* lock = locks_.find(acquire.key);
  if (lock == nullptr) return false;
  const bool held_by_other = lock->holder != nullptr && lock->holder != thread;
  return acquire.shared ? held_by_other : held_by_other || lock->readers > 0;
}

void SyncModel::release_lock(SyncThread* thread, std::uint64_t key) {
  // A release without a matching acquisition (a lock taken before ccsim saw it) changes nothing.
  if (thread->locks_held > 0) --thread->locks_held;
  if (order_ == EventOrder::Live) return;
  LockState* lock = locks_.find(key);
  if (lock == nullptr) return;
  if (lock->holder == thread) {
    if (--lock->depth == 0) lock->holder = nullptr;
  } else if (lock->readers > 0) {
    --lock->readers;
  }
  if (lock->holder == nullptr && lock->readers == 0) locks_.erase(key);
}

RegionId SyncModel::open_region() {
  region_closes_.push_back(0);
  return region_closes_.size() - 1;
}

void SyncModel::close_region(RegionId region, Addr address) {
  if (region_closes_[region] == 0) region_closes_[region] = address;
}

}  // namespace ccsim
