// replay_schedule.cc: the three replay orders. Each loops until the replay must wait for a thread's
// next event (WaitForEvents) or no thread can run; the turn state survives between calls, so a replay
// resumed after a missing event continues exactly where it stopped and the order stays deterministic.
#include "ccsim/replay/replay_engine.h"

namespace ccsim {

void ReplayEngine::replay_round_robin(Drive drive) {
  std::uint32_t turns_without_progress = 0;
  while (!active_.empty() && turns_without_progress < active_.size()) {
    // The turn goes to the first running processor at or after turn_proc_, cyclically. The position
    // found last time is checked first: the set of running processors rarely changes.
    std::uint32_t position = turn_position_;
    if (position >= active_.size() || active_[position] < turn_proc_ ||
        (position > 0 && active_[position - 1] >= turn_proc_)) {
      position = 0;
      while (position < active_.size() && active_[position] < turn_proc_) ++position;
    }
    if (position == active_.size()) position = 0;
    // Fast lane, the hot path with quantum 1: while each turn replays accesses only and ends at an
    // access beyond its budget, the turns go round active_ by position, with none of run()'s dispatch
    // and none of the turn bookkeeping below (active_ cannot change: only thread starts and ends change
    // it). The first turn that is anything else (a synchronization event or layout change before its
    // next access, a thread that waits, has nothing recorded or has ended) goes on in run(), with the
    // budget it has left, exactly as if run() had replayed the turn's accesses itself.
    // Faster still, whole rounds: when a round starts (on entering the lane with a full budget, and at
    // each return to the lowest processor), every thread that would do anything in its turn may have
    // more than a budget of accesses before its next other event; then as many rounds as that allows
    // need no test but a count.
    Stream* stream;
    std::uint32_t budget = turn_budget_;  // in a register, stored once when leaving the lane
    bool round_starts = budget == config_.quantum;
    bool replayed_in_lane = false;
    stream = running_stream(active_[position]);
    // The reference order for the tests (ReplayConfig::turn_by_turn) skips the lane: every turn goes
    // through run().
    if (!config_.turn_by_turn) for (;;) {
      if (round_starts) {
        const std::uint32_t rounds = whole_rounds_ahead(position, drive);
        if (rounds > 0) {
          if (config_.quantum == 1) {
            replay_whole_rounds<true>(rounds);
          } else {
            replay_whole_rounds<false>(rounds);
          }
          turns_without_progress = 0;
        }
      }
      stream = running_stream(active_[position]);
      replayed_in_lane = false;
      if (stream->sync.waiting_at != nullptr) break;
      const std::uint32_t budget_before = budget;
      const bool access_next = replay_accesses(stream, &budget);
      replayed_in_lane = budget != budget_before;
      if (!access_next) break;
      // The turn ended at an access beyond its budget.
      turns_without_progress = 0;
      budget = config_.quantum;
      round_starts = ++position == active_.size();
      if (round_starts) position = 0;
    }
    turn_budget_ = budget;
    const ProcId proc = active_[position];
    const Run result = run(stream, &turn_budget_, drive);
    if (result.end == RunEnd::Starved) {
      stalled_on_ = stream;
      turn_proc_ = proc;  // the same turn, with its remaining budget, once the event arrives
      turn_position_ = position;
      return;
    }
    if (result.end == RunEnd::Released) {
      // A barrier let its threads pass: a new round starts at the lowest-numbered running processor,
      // whichever participant arrived last. Which one that is can depend on real time: a parked OpenMP
      // worker idles until it records its arrival at the next team (nobody waits for an idle thread),
      // so the master or a worker may arrive last; going on after the last arrival made the order of
      // every parallel region but the first change from run to run.
      turns_without_progress = 0;
      turn_proc_ = 0;
      turn_position_ = 0;
      turn_budget_ = config_.quantum;
      continue;
    }
    // A turn that ended at an access beyond its budget had work (a turn resumed after a stall may
    // start with no budget left); only a thread that could do nothing makes the turn a quiet one.
    const bool had_work = replayed_in_lane || result.progressed || result.end == RunEnd::TurnOver;
    turns_without_progress = had_work ? 0 : turns_without_progress + 1;
    turn_proc_ = proc + 1;
    turn_position_ = position + 1;
    turn_budget_ = config_.quantum;
  }
}

bool ReplayEngine::waits_for_held_lock(Stream* stream) {
  if (stream->events.head() != EventQueue::Head::Sync) return false;
  const SyncEvent event = stream->events.front_sync();
  if (event.kind != SyncKind::LockAcquire || !model_.lock_held_elsewhere(&stream->sync, event)) return false;
  note_lock_wait(stream);
  return true;
}

std::uint32_t ReplayEngine::whole_rounds_ahead(std::uint32_t position, Drive drive) {
  round_.clear();
  std::uint32_t rounds = ~std::uint32_t(0);
  for (std::uint32_t turn = 0; turn < active_.size(); ++turn) {
    Stream* stream = running_stream(active_[position]);
    if (++position == active_.size()) position = 0;
    // A waiting thread's turn does nothing, and only another thread's synchronization ends its wait.
    if (stream->sync.waiting_at != nullptr) continue;
    const std::uint32_t ahead = stream->events.accesses_at_front();
    if (ahead == 0) {
      // Nothing is recorded during a replay, so an idle thread's turn does nothing in every round.
      if (stream->events.empty() && !stream->complete && idles(stream, drive)) continue;
      // Neither does the turn of a thread waiting for a lock another thread holds: only the holder's
      // release, a synchronization event, frees it, and whole rounds replay accesses only. (A contended
      // lock, one mutex per operation of a shared table, otherwise kept every turn out of the rounds.)
      if (waits_for_held_lock(stream)) continue;
      return 0;
    }
    // Every one of its turns must end at an access beyond its budget: after the last it has one left.
    const std::uint32_t its_rounds = (ahead - 1) / config_.quantum;
    if (its_rounds == 0) return 0;
    if (its_rounds < rounds) rounds = its_rounds;
    round_.push_back(RoundTurn{stream, nullptr});
  }
  return round_.empty() ? 0 : rounds;
}

template <bool kQuantumOne>
void ReplayEngine::replay_whole_rounds(std::uint32_t rounds) {
  const std::uint32_t quantum = kQuantumOne ? 1 : config_.quantum;
  const std::uint32_t threads = round_.size();
  RoundTurn* const turns = round_.data();
  while (rounds > 0) {
    // In bulk: as many of the rounds as every thread's chunk being read surely holds, each thread's
    // accesses read through its cursor; the queues learn where their reading ended once, afterwards.
    std::uint32_t in_chunks = rounds;
    for (std::uint32_t i = 0; i < threads; ++i) {
      const std::uint32_t its = turns[i].stream->events.accesses_surely_in_chunk() / quantum;
      if (its < in_chunks) in_chunks = its;
      turns[i].cursor = turns[i].stream->events.front_words();
    }
    if (in_chunks == 0) {
      // A thread's next access may start a new chunk: one round the queues step through themselves.
      for (std::uint32_t i = 0; i < threads; ++i) {
        Stream* stream = turns[i].stream;
        stream->events.pop_accesses(quantum, [this, stream](const RecordedAccess& access) { replay_access(stream, access); });
      }
      replayed_accesses_ += std::uint64_t(quantum) * threads;
      --rounds;
      continue;
    }
    for (std::uint32_t round = 0; round < in_chunks; ++round) {
      for (std::uint32_t i = 0; i < threads; ++i) {
        const Stream* stream = turns[i].stream;
        const std::uint32_t* words = turns[i].cursor;
        for (std::uint32_t k = 0; k < quantum; ++k) {
          words = EventQueue::visit_access(words, [this, stream](const RecordedAccess& access) { replay_access(stream, access); });
        }
        turns[i].cursor = words;
      }
    }
    for (std::uint32_t i = 0; i < threads; ++i) turns[i].stream->events.skip_accesses(in_chunks * quantum, turns[i].cursor);
    replayed_accesses_ += std::uint64_t(in_chunks) * quantum * threads;
    rounds -= in_chunks;
  }
}

void ReplayEngine::replay_random(Drive drive) {
  for (;;) {
    if (turn_stream_ == nullptr) {
      if (!settle_pending_sync(drive)) return;
      // Draw among the threads whose next event is an access (not held at a barrier), in processor order.
      auto has_access_next = [](const Stream* stream) {
        return stream->sync.waiting_at == nullptr && stream->events.head() == EventQueue::Head::Access;
      };
      std::uint32_t candidates = 0;
      for (std::uint32_t i = 0; i < active_.size(); ++i) candidates += has_access_next(running_stream(active_[i]));
      if (candidates == 0) return;
      std::uint32_t chosen = random_.below(candidates);
      for (std::uint32_t i = 0; turn_stream_ == nullptr; ++i) {
        Stream* stream = running_stream(active_[i]);
        if (has_access_next(stream) && chosen-- == 0) turn_stream_ = stream;
      }
      turn_budget_ = config_.quantum;
    }
    Stream* stream = turn_stream_;
    const Run result = run(stream, &turn_budget_, drive);
    if (result.end == RunEnd::Starved) {
      stalled_on_ = stream;
      return;
    }
    turn_stream_ = nullptr;
  }
}

// Random order: before a draw, every running thread replays the synchronization events in front of
// its next access (they take no turn), lowest processor first, until none changes. Returns false when
// the replay must wait for a thread's next event: the draw needs every candidate's next event known.
bool ReplayEngine::settle_pending_sync(Drive drive) {
  bool changed = true;
  while (changed) {
    changed = false;
    for (std::uint32_t i = 0; i < active_.size(); ++i) {
      Stream* stream = running_stream(active_[i]);
      std::uint32_t no_accesses = 0;
      const Run result = run(stream, &no_accesses, drive);
      if (result.end == RunEnd::Starved) {
        stalled_on_ = stream;
        return false;
      }
      if (result.progressed) {
        changed = true;
        break;  // the set of running threads may have changed: start over
      }
    }
  }
  return true;
}

void ReplayEngine::replay_piped(Drive drive) {
  bool progressed = true;
  while (progressed) {
    progressed = false;
    for (std::uint32_t i = 0; i < active_.size(); ++i) {
      Stream* stream = running_stream(active_[i]);
      std::uint32_t unlimited = ~std::uint32_t(0);
      const Run result = run(stream, &unlimited, drive);
      if (result.end == RunEnd::Starved) {
        stalled_on_ = stream;
        return;
      }
      if (result.progressed) {
        progressed = true;
        break;  // whatever it released, the lowest-numbered thread that can run goes next
      }
    }
  }
}

}  // namespace ccsim
