// replay_engine.cc: recording, thread lifetimes, bounded memory and deadlock breaking. The turn orders
// themselves are in replay_schedule.cc.
#include "ccsim/replay/replay_engine.h"

#include "ccsim/core/platform.h"

namespace ccsim {

ReplayEngine::ReplayEngine(const ReplayConfig& config, const ReplaySink& sink)
    : config_(config),
      sink_(sink),
      model_(EventOrder::Replay),
      streams_("ccsim.replay.streams"),
      active_("ccsim.replay.active"),
      round_("ccsim.replay.round"),
      awaited_("ccsim.replay.awaited"),
      turn_budget_(config.quantum),
      random_(config.seed) {
  CCSIM_ASSERT(config.mode != SimMode::Native && config.quantum >= 1 && config.max_processors >= 1 &&
               config.accesses_per_resume >= 1);
  CCSIM_ASSERT(config.max_buffer_bytes >= EventQueue::kChunkBytes);
  if (config_.max_buffer_bytes > EventQueue::kMaxBytes) config_.max_buffer_bytes = EventQueue::kMaxBytes;
  recording_ = allocate_zeroed_array<Stream*>("ccsim.replay.recording", config.max_processors);
  replaying_ = allocate_zeroed_array<Stream*>("ccsim.replay.replaying", config.max_processors);
  Stream* main_thread = create_object<Stream>("ccsim.replay.stream", 0u, 0u, &memory_);
  model_.start_thread(&main_thread->sync, nullptr);
  main_thread->created = true;
  streams_.push_back(main_thread);
  recording_[0] = main_thread;
  replaying_[0] = main_thread;
  active_.push_back(0);
  await_events_of(main_thread);  // nothing to replay before the main thread's first event
}

ReplayEngine::~ReplayEngine() {
  for (std::uint32_t i = 0; i < streams_.size(); ++i) destroy_object(streams_[i]);
  release(recording_);
  release(replaying_);
}

void ReplayEngine::record_sync(ProcId proc, const SyncEvent& event) {
  CCSIM_DEBUG_ASSERT(event.kind != SyncKind::ThreadCreate && recording_[proc] != nullptr);
  append_sync(recording_[proc], event);
}

void ReplayEngine::append_sync(Stream* stream, const SyncEvent& event) {
  if (!stream->events.has_room(EventQueue::kSyncWords)) make_room(stream, EventQueue::kSyncWords);
  stream->events.push_sync(event);
  if (stream->awaited) replay(Drive::WaitForEvents);
}

ReplayEngine::RecordingMark ReplayEngine::recording_mark(ProcId proc) const {
  const Stream* stream = recording_[proc];
  if (stream == nullptr) return RecordingMark{~StreamId(0), 0};
  return RecordingMark{stream->id, stream->events.accesses_pushed()};
}

void ReplayEngine::record_reuse(ProcId proc, RecordingMark freed) {
  Stream* stream = recording_[proc];
  if (stream == nullptr || freed.stream == stream->id || freed.stream >= streams_.size()) return;
  append_sync(stream, make_after_accesses(freed.stream, freed.accesses));
}

void ReplayEngine::record_layout_change(ProcId proc, std::uint32_t change) {
  Stream* stream = recording_[proc];
  // A thread whose end has been replayed already (an exit reported twice) has no stream left to order
  // the change by: it takes effect now.
  if (stream == nullptr) {
    sink_.layout_change(sink_.context, change);
    return;
  }
  if (!stream->events.has_room(EventQueue::kLayoutChangeWords)) make_room(stream, EventQueue::kLayoutChangeWords);
  stream->events.push_layout_change(change);
  if (stream->awaited) count_toward_resume(stream);
}

StreamId ReplayEngine::record_thread_created(ProcId parent, ProcId child) {
  const StreamId id = streams_.size();
  Stream* stream = create_object<Stream>("ccsim.replay.stream", id, child, &memory_);
  streams_.push_back(stream);
  // A thread id that Valgrind reuses: the new thread runs after the old one's replay has ended.
  if (recording_[child] != nullptr) {
    recording_[child]->next_on_processor = stream;
  } else {
    replaying_[child] = stream;
  }
  recording_[child] = stream;
  append_sync(recording_[parent], make_thread_create(id));
  return id;
}

void ReplayEngine::record_thread_exit(ProcId proc) {
  Stream* stream = recording_[proc];
  if (stream == nullptr) return;  // already ended (an exit reported twice)
  stream->complete = true;
  if (stream->awaited) replay(Drive::WaitForEvents);
}

void ReplayEngine::finish() {
  for (std::uint32_t i = 0; i < streams_.size(); ++i) {
    if (streams_[i] != nullptr) streams_[i]->complete = true;
  }
  do {
    replay(Drive::SkipStarved);
  } while (!active_.empty() && break_deadlock(true));
}

void ReplayEngine::record_access_in_new_chunk(Stream* stream, RefId ref, Addr addr, std::uint32_t size,
                                              AccessKind kind) {
  make_room(stream, EventQueue::access_words(addr));
  stream->events.push_access(ref, addr, size, kind);
  if (stream->awaited) count_toward_resume(stream);
}

const std::uint32_t* ReplayEngine::record_packed_accesses(ProcId proc, const std::uint32_t* words,
                                                          const std::uint32_t* end, std::uint64_t* count) {
  Stream* stream = recording_[proc];
  CCSIM_DEBUG_ASSERT(stream != nullptr);
  while (words < end && EventQueue::is_packed_access(words)) {
    // The longest run of whole records that fits the chunk being written and stops short of the access
    // that resumes a waiting replay, copied at once; that access, or one that needs a new chunk, then
    // goes the way of record_access() (which may replay, early or not).
    const std::uint32_t room = stream->events.room_words();
    const std::uint32_t most = stream->awaited ? stream->accesses_until_resume - 1 : ~std::uint32_t(0);
    const std::uint32_t* run_end = words;
    std::uint32_t run = 0;
    while (run_end < end && run < most && EventQueue::is_packed_access(run_end)) {
      const std::uint32_t next = EventQueue::packed_access_words(run_end);
      if (static_cast<std::uint32_t>(run_end - words) + next > room) break;
      run_end += next;
      ++run;
    }
    if (run > 0) {
      stream->events.push_packed_accesses(words, static_cast<std::uint32_t>(run_end - words), run);
      if (stream->awaited) stream->accesses_until_resume -= run;
      *count += run;
      words = run_end;
      continue;
    }
    const RecordedAccess access = EventQueue::unpack_access(words);
    record_access(proc, access.ref, access.addr, access.size, access.kind);
    ++*count;
    words += EventQueue::access_words(access.addr);
  }
  return words;
}

void ReplayEngine::count_toward_resume(Stream* stream) {
  if (--stream->accesses_until_resume == 0) replay(Drive::WaitForEvents);
}

void ReplayEngine::make_room(Stream* stream, std::uint32_t words) {
  if (memory_.bytes + EventQueue::kChunkBytes > config_.max_buffer_bytes) {
    ++early_flushes_;
    for (;;) {
      replay(Drive::SkipStarved);
      for (std::uint32_t i = 0; i < streams_.size(); ++i) {
        if (streams_[i] != nullptr) streams_[i]->events.release_storage_if_empty();
      }
      if (memory_.bytes + EventQueue::kChunkBytes <= config_.max_buffer_bytes || !break_deadlock(false)) break;
    }
  }
  // The flush may have emptied the stream's queue, which then has room again without a new chunk.
  if (!stream->events.has_room(words)) stream->events.add_chunk();
}

void ReplayEngine::replay(Drive drive) {
  CCSIM_ASSERT(!replaying_now_);
  replaying_now_ = true;
  stalled_on_ = nullptr;
  for (std::uint32_t i = 0; i < awaited_.size(); ++i) awaited_[i]->awaited = false;
  awaited_.clear();
  if (config_.mode == SimMode::Piped) {
    replay_piped(drive);
  } else if (config_.schedule == Schedule::Random) {
    replay_random(drive);
  } else {
    replay_round_robin(drive);
  }
  if (stalled_on_ != nullptr) {
    await_events_of(stalled_on_);
  } else {
    await_idle_threads();
  }
  replaying_now_ = false;
}

void ReplayEngine::await_events_of(Stream* stream) {
  stream->awaited = true;
  stream->accesses_until_resume = config_.accesses_per_resume;
  awaited_.push_back(stream);
}

// Nothing could run: any running thread that is idle rather than waiting may be the one to change that.
void ReplayEngine::await_idle_threads() {
  for (std::uint32_t i = 0; i < active_.size(); ++i) {
    Stream* stream = running_stream(active_[i]);
    if (stream->events.empty() && stream->sync.waiting_at == nullptr) await_events_of(stream);
  }
}

ReplayEngine::Run ReplayEngine::run(Stream* stream, std::uint32_t* budget, Drive drive) {
  // Only the thread's own synchronization events make it wait, so this is checked here and after each.
  if (stream->sync.waiting_at != nullptr) return Run{RunEnd::Waiting, false};
  bool progressed = false;
  for (;;) {
    switch (stream->events.head()) {
      case EventQueue::Head::Empty:
        if (stream->complete) {
          end_stream(stream);
          return Run{RunEnd::Finished, true};
        }
        if (idles(stream, drive)) return Run{RunEnd::Idle, progressed};
        return Run{RunEnd::Starved, progressed};
      case EventQueue::Head::Sync: {
        const SyncEvent event = stream->events.front_sync();
        if (!replay_sync(stream, event)) return Run{RunEnd::Waiting, progressed};
        stream->events.pop();
        progressed = true;
        if (config_.mode == SimMode::Piped) return Run{RunEnd::Synchronized, true};
        if (event.kind == SyncKind::LockRelease) return Run{RunEnd::TurnOver, true};
        if (stream->sync.waiting_at != nullptr) return Run{RunEnd::Waiting, true};
        if (is_barrier(event.kind)) return Run{RunEnd::Released, true};
        break;
      }
      case EventQueue::Head::LayoutChange: {
        const std::uint32_t change = stream->events.front_layout_change();
        stream->events.pop();
        sink_.layout_change(sink_.context, change);
        progressed = true;
        break;
      }
      case EventQueue::Head::Access:
        if (*budget == 0) return Run{RunEnd::TurnOver, progressed};
        if (config_.turn_by_turn) {
          // The reference path for the tests: one access, then the dispatch again.
          const RecordedAccess access = stream->events.front_access();
          replay_access(stream, access);
          stream->events.pop_access(access);
          --*budget;
          ++replayed_accesses_;
          progressed = true;
          break;
        }
        // The whole run of accesses in one loop: the head is dispatched on once per run, not per access.
        replay_accesses(stream, budget);
        progressed = true;
        break;
    }
  }
}

bool ReplayEngine::replay_sync(Stream* stream, const SyncEvent& event) {
  // Any event ends a parked worker's idleness (the model parks it again when it leaves its next team).
  stream->sync.docked = false;
  switch (event.kind) {
    case SyncKind::ThreadCreate: {
      Stream* child = streams_[event.key];
      child->created = true;
      model_.start_thread(&child->sync, &stream->sync);
      if (replaying_[child->proc] == child) begin_running(child);
      return true;
    }
    case SyncKind::ThreadJoin:
      if (event.key < streams_.size() && streams_[event.key] != nullptr) return false;  // not ended yet
      model_.thread_joined(&stream->sync, event.address);
      return true;
    case SyncKind::AfterAccesses:
      return reuse_wait_over(event);
    case SyncKind::LockAcquire:
      return replay_lock_acquire(stream, event);
    case SyncKind::LockRelease:
      model_.apply(&stream->sync, event);
      if (sink_.lock_released != nullptr) sink_.lock_released(sink_.context, stream->proc, event.key);
      return true;
    default:
      return model_.apply(&stream->sync, event);
  }
}

bool ReplayEngine::replay_lock_acquire(Stream* stream, const SyncEvent& event) {
  if (!model_.apply(&stream->sync, event)) {
    note_lock_wait(stream);
    return false;
  }
  lock_taken(stream, event);
  return true;
}

void ReplayEngine::lock_taken(Stream* stream, const SyncEvent& acquire) {
  const bool contended = stream->waiting_for_lock;
  const LockWait wait{contended, contended ? replayed_accesses_ - stream->lock_wait_since : 0};
  stream->waiting_for_lock = false;
  if (sink_.lock_acquired != nullptr) sink_.lock_acquired(sink_.context, stream->proc, acquire, wait);
}

bool ReplayEngine::reuse_wait_over(const SyncEvent& event) const {
  SyncEvent wait = event;
  for (std::uint32_t step = 0; step < kMaxReuseChain; ++step) {
    const Stream* freer = streams_[wait.key];  // null once its replay has ended
    // The first wait is over when its freer is past the free; a later one, when the chain moves on.
    if (freer == nullptr || freer->events.popped_accesses(wait.participants)) return step == 0;
    if (freer->sync.waiting_at == nullptr && freer->events.head() == EventQueue::Head::Sync &&
        freer->events.front_sync().kind == SyncKind::AfterAccesses) {
      wait = freer->events.front_sync();  // the freer waits for another thread's free in turn
      continue;
    }
    return blocked(freer);  // the chain ends at a thread that runs (wait) or cannot go on (give way)
  }
  return true;  // a chain longer than any the program's frees make: give way rather than risk a cycle
}

bool ReplayEngine::blocked(const Stream* stream) const {
  if (stream->sync.waiting_at != nullptr) return true;
  if (stream->events.head() != EventQueue::Head::Sync) return false;
  const SyncEvent event = stream->events.front_sync();
  switch (event.kind) {
    case SyncKind::LockAcquire: return model_.lock_held_elsewhere(&stream->sync, event);
    case SyncKind::ThreadJoin: return event.key < streams_.size() && streams_[event.key] != nullptr;
    case SyncKind::HappensAfter: return !model_.signalled(event);
    case SyncKind::SemaphoreWait: return !model_.semaphore_unit_free(event);
    case SyncKind::AfterAccesses: return true;  // reuse_wait_over follows such chains
    default: return false;  // a barrier arrival, a release, a signal, a creation: it goes on
  }
}

// `stream` is created and every earlier thread on its processor has ended: it takes the processor.
void ReplayEngine::begin_running(Stream* stream) {
  std::uint32_t position = 0;
  while (position < active_.size() && active_[position] < stream->proc) ++position;
  active_.push_back(0);
  for (std::uint32_t i = active_.size() - 1; i > position; --i) active_[i] = active_[i - 1];
  active_[position] = stream->proc;
  sink_.thread_start(sink_.context, stream->proc);
}

void ReplayEngine::end_stream(Stream* stream) {
  const ProcId proc = stream->proc;
  std::uint32_t position = 0;
  while (active_[position] != proc) ++position;
  for (std::uint32_t i = position + 1; i < active_.size(); ++i) active_[i - 1] = active_[i];
  active_.pop_back();
  Stream* next = stream->next_on_processor;
  replaying_[proc] = next;
  if (recording_[proc] == stream) recording_[proc] = nullptr;
  if (stalled_on_ == stream) stalled_on_ = nullptr;
  if (turn_stream_ == stream) turn_stream_ = nullptr;
  streams_[stream->id] = nullptr;
  model_.thread_ended(&stream->sync);
  destroy_object(stream);
  if (next != nullptr && next->created) begin_running(next);
}

// Lets the lowest-numbered waiting thread pass, ignoring what it waits for. Returns false when no
// running thread waits.
bool ReplayEngine::break_deadlock(bool at_end) {
  for (std::uint32_t i = 0; i < active_.size(); ++i) {
    Stream* stream = running_stream(active_[i]);
    if (stream->sync.waiting_at != nullptr) {
      model_.force_release(&stream->sync);
      ++forced_orderings_;
      return true;
    }
    if (stream->events.head() != EventQueue::Head::Sync) continue;
    const SyncEvent event = stream->events.front_sync();
    if (event.kind == SyncKind::LockAcquire) {
      model_.force_acquire(&stream->sync, event);
      note_lock_wait(stream);
      lock_taken(stream, event);
    } else if (event.kind == SyncKind::ThreadJoin) {
      model_.thread_joined(&stream->sync, event.address);
    } else if (event.kind == SyncKind::SemaphoreWait) {
      model_.force_semaphore_wait(event);
    } else if (event.kind != SyncKind::HappensAfter && event.kind != SyncKind::AfterAccesses) {
      continue;
    }
    stream->events.pop();
    const bool handoff = event.kind == SyncKind::HappensAfter || event.kind == SyncKind::SemaphoreWait;
    if (!(at_end && handoff && stream->events.holds_only_layout_changes())) ++forced_orderings_;
    return true;
  }
  return false;
}

}  // namespace ccsim
