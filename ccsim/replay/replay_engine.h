// replay_engine.h: the interleaved and piped simulation orders. Each thread's accesses, synchronization
// events and layout changes are recorded into a buffer of its own as the client runs; the engine replays
// them to a sink (the simulator, or a test) in an order that depends only on each thread's own stream
// and its synchronization events, never on how Valgrind happened to schedule the threads.
//
// Order (docs/synchronization.md):
//   - Interleaved, round-robin: threads take turns in processor order, `quantum` accesses per turn.
//   - Interleaved, random: each turn goes to a thread drawn by a xorshift generator seeded with `seed`.
//   - Piped: the lowest-numbered thread that can run replays up to its next synchronization event,
//     then the lowest-numbered thread that can run goes again; so each region's segments are replayed
//     one whole thread after another (thread 0's, then thread 1's, ...).
//   Synchronization events and layout changes take no turn of their own, except that releasing a lock
//   ends the turn, and so does the arrival that releases a barrier, after which round-robin starts a new
//   round at the lowest processor (which participant arrives last can depend on real time).
//   Every order honours the synchronization: nobody passes a barrier before every participant reached
//   it; a lock is held by at most one replaying thread (mutual exclusion in replay order: the client's
//   own acquisition order is not forced, as it mostly reflects Valgrind's coarse thread switching); a
//   thread starts after its creation and a join waits for the joined thread's end.
//
// Incremental replay with bounded memory: the replay advances whenever the threads whose next events
// it needs have recorded them; a thread waiting at a barrier or lock, a worker parked between parallel
// regions and a finished thread hold nothing up. Buffers never exceed `max_buffer_bytes`: when a new
// chunk would pass the cap, the engine first replays everything it can, ignoring threads that have not
// recorded their next events (an early flush, counted: from there on the order may depend on timing).
// A replay that cannot progress at the cap or at the end (a deadlock the client's order did not have,
// e.g. two locks taken in opposite orders) is broken by letting the lowest-numbered waiting thread
// pass; these are counted as forced orderings.
#ifndef CCSIM_REPLAY_REPLAY_ENGINE_H
#define CCSIM_REPLAY_REPLAY_ENGINE_H

#include <cstdint>

#include "ccsim/core/growable_array.h"
#include "ccsim/core/types.h"
#include "ccsim/replay/event_queue.h"
#include "ccsim/replay/order.h"
#include "ccsim/replay/stream.h"
#include "ccsim/replay/sync_event.h"
#include "ccsim/replay/sync_model.h"
#include "ccsim/replay/xorshift.h"

namespace ccsim {

// Where replayed events go: each access with its thread, whose processor (`thread->proc`), region and
// critical flag (`thread->region()`, `thread->in_critical()`) are those the replayed synchronization
// gives it; the start of each created thread (its processor's private caches start cold); and each
// layout change (record_layout_change) where its thread's stream reaches it. One indirect call per
// replayed access, always to the same target (so well predicted), keeps the engine free of the
// simulator: the tool passes its simulator's access, the tests a recorder. The thread goes by pointer,
// not as three values: six arguments travel in registers (eight put two on the stack, which the sink
// must then load, and store again for a call in tail position).
// How a lock acquisition went in the replay (docs/synchronization.md, "Locks in the replay"): contended
// when the thread, on reaching it, found the lock held by another thread; then `waited_accesses` is how
// many accesses the replay made, of all threads, from that moment until the thread took the lock.
struct LockWait {
  bool contended;
  std::uint64_t waited_accesses;
};

// ... and, for the per-lock view, each lock acquisition and release where the replay makes it (null: not
// wanted). A forced acquisition (break_deadlock) is a contended one.
struct ReplaySink {
  void* context;
  void (*access)(void* context, const Stream* thread, RefId ref, Addr addr, std::uint32_t size, AccessKind kind);
  void (*thread_start)(void* context, ProcId proc);
  void (*layout_change)(void* context, std::uint32_t change);
  void (*lock_acquired)(void* context, ProcId proc, const SyncEvent& acquire, const LockWait& wait) = nullptr;
  void (*lock_released)(void* context, ProcId proc, std::uint64_t lock) = nullptr;
};

struct ReplayConfig {
  SimMode mode = SimMode::Interleaved;  // Interleaved or Piped
  Schedule schedule = Schedule::RoundRobin;
  std::uint32_t quantum = 1;            // interleaved: accesses per thread per turn, >= 1
  std::uint64_t seed = 1;               // Schedule::Random
  std::uint64_t max_buffer_bytes = 0;   // cap on the buffers' chunk memory; at least one chunk, and
                                        // at most EventQueue::kMaxBytes (Limit: a larger cap acts as that)
  std::uint32_t max_processors = 0;     // processors are 0..max_processors-1
  // When the replay waits for a thread's next events, it resumes after this many accesses of it (or at
  // once on its next synchronization event or exit). Only the memory held meanwhile depends on it.
  std::uint32_t accesses_per_resume = 64;
  // Tests only: replay every turn through run(), one access at a time, with none of the fast lane,
  // whole rounds or runs replayed in a loop. The order is the same (tests/replay/bulk_order_test.cc
  // compares the two on random streams); only the speed differs.
  bool turn_by_turn = false;
};

class ReplayEngine {
 public:
  ReplayEngine(const ReplayConfig& config, const ReplaySink& sink);
  ~ReplayEngine();
  ReplayEngine(const ReplayEngine&) = delete;
  ReplayEngine& operator=(const ReplayEngine&) = delete;

  // Where replayed events go from now on (a simulation worker chooses its own sink once it knows which
  // line shards it simulates, after the engine was made for every shard).
  void set_sink(const ReplaySink& sink) { sink_ = sink; }

  // Recording, in each thread's program order. The main thread (stream 0) runs on processor 0 from the
  // start; other threads exist from record_thread_created on.
  // The hot path, inlined into the tool's access helper: a bounds check, three stores and a flag test.
  // The rest (a new chunk, a waiting replay) is out of line and called in tail position, so a caller
  // that ends with this call makes no call that needs a stack frame on the common path.
  __attribute__((always_inline)) void record_access(ProcId proc, RefId ref, Addr addr, std::uint32_t size,
                                                    AccessKind kind) {
    Stream* stream = recording_[proc];
    CCSIM_DEBUG_ASSERT(stream != nullptr);
    if (__builtin_expect(!stream->events.has_room(EventQueue::access_words(addr)), 0)) {
      return record_access_in_new_chunk(stream, ref, addr, size, kind);
    }
    stream->events.push_access(ref, addr, size, kind);
    if (__builtin_expect(stream->awaited, 0)) return count_toward_resume(stream);
  }
  // Records the accesses packed from `words` on (each as EventQueue packs it: 3 words, 5 for a wide
  // address, its tag in the second word), all of `proc`'s thread, up to `end` or the first record that is
  // no access, as that many record_access() calls would record them (the replay resumed after the same
  // access); returns where it stopped, and adds the accesses to `*count`. For a transport that carries
  // accesses packed so (a simulation worker's ring: workers/stream_records.h): runs of them are copied
  // whole.
  const std::uint32_t* record_packed_accesses(ProcId proc, const std::uint32_t* words, const std::uint32_t* end,
                                              std::uint64_t* count);
  // Any kind but ThreadCreate, which record_thread_created records.
  void record_sync(ProcId proc, const SyncEvent& event);
  // The thread changed the layout of data objects here (allocated or freed a heap block, named a range,
  // ...): `change` is the tool's number for it. The sink gets it exactly once, when the replay reaches
  // it in the thread's stream, so the accesses replayed around it see the objects as the thread did.
  // Like a synchronization event it takes no turn; like an access it resumes a waiting replay only
  // after a batch (accesses_per_resume counts it).
  void record_layout_change(ProcId proc, std::uint32_t change);
  // Where the thread on `proc` is in its recording: its stream and the accesses it has recorded so far.
  struct RecordingMark {
    StreamId stream;
    std::uint32_t accesses;  // modulo 2^32
  };
  RecordingMark recording_mark(ProcId proc) const;
  // The thread on `proc` now uses memory that another thread freed at `freed` (its recording_mark then):
  // the allocator gave it back because that thread was done with it in the real run, so in the replay
  // its accesses wait until the other thread's accesses before the free have been replayed. Otherwise
  // the replay orders interleave the two threads' uses of the same lines, sharing the program cannot
  // have. Nothing when `freed` is this thread's own. The wait is soft: it does not wait for a thread
  // that is itself blocked (at a barrier, a lock, a join or such a wait), so it makes no deadlock; an
  // allocation under a lock that the freeing thread still has to take goes on, as before.
  void record_reuse(ProcId proc, RecordingMark freed);
  // `parent` created a thread that runs on `child`; returns the child's stream (for joins).
  StreamId record_thread_created(ProcId parent, ProcId child);
  void record_thread_exit(ProcId proc);

  // Mid-run (CCSIM_ZERO_STATS): replays what can be replayed now without waiting for threads that have
  // not recorded their next events. Recording continues afterwards.
  void flush() { replay(Drive::SkipStarved); }
  // The client has exited: replays everything still buffered.
  void finish();

  std::uint64_t early_flushes() const { return early_flushes_; }
  std::uint64_t forced_orderings() const { return forced_orderings_; }
  std::uint64_t buffered_bytes() const { return memory_.bytes; }
  const SyncModel& model() const { return model_; }
  // The synchronization state of the thread replaying on `proc` now (null: none), as the replay left it.
  const SyncThread* sync_of(ProcId proc) const {
    const Stream* stream = replaying_[proc];
    return stream != nullptr ? &stream->sync : nullptr;
  }

 private:
  enum class Drive : std::uint8_t {
    WaitForEvents,  // stop at a thread that can run but has not recorded its next event (deterministic)
    SkipStarved,    // replay past such threads (early flush, end of the run)
  };
  // How one thread's run ended.
  enum class RunEnd : std::uint8_t {
    TurnOver,     // its next event is an access beyond its budget, or it released a lock (so that a
                  // thread waiting for the lock takes it before the releaser can take it back)
    Waiting,      // at a barrier, a lock held by another thread, or a join of a running thread
    Idle,         // nothing recorded, but nobody needs to wait for it (parked worker; or skipped)
    Starved,      // nothing recorded, and the replay must wait for its next event
    Released,     // interleaved: it was the last to arrive at a barrier, which let everyone waiting there
                  // pass; its turn ends (round-robin then starts a new round: see replay_round_robin;
                  // random draws the next turn)
    Finished,     // replayed to its end
    Synchronized, // piped order: replayed a synchronization event, after which the lowest-numbered
                  // thread that can run goes next (a barrier's last arrival does not run on first)
  };
  struct Run {
    RunEnd end;
    bool progressed;  // consumed at least one event
  };

  // The recording slow path: room for an event of `words` words in `stream`, within the cap.
  void make_room(Stream* stream, std::uint32_t words);
  // record_access() when the stream's chunk is full: make room, then record.
  void record_access_in_new_chunk(Stream* stream, RefId ref, Addr addr, std::uint32_t size, AccessKind kind);
  // An event was recorded into a stream the replay waits for: resume the replay after a batch of them.
  void count_toward_resume(Stream* stream);
  void append_sync(Stream* stream, const SyncEvent& event);
  void replay(Drive drive);
  // The three orders (replay_schedule.cc); each returns when it must wait or nothing can run.
  void replay_round_robin(Drive drive);
  // Round-robin: how many whole rounds of turns, starting at active_[position] with a full budget, can
  // only replay accesses and end each turn at an access beyond its budget; collects the threads that
  // take part in them into round_ (a waiting or idle thread's turn, or one waiting for a held lock, does
  // nothing and is left out).
  std::uint32_t whole_rounds_ahead(std::uint32_t position, Drive drive);
  // Whether the thread's next event is the acquisition of a lock another thread holds now (then its
  // wait for the lock has begun, if it had not: note_lock_wait).
  bool waits_for_held_lock(Stream* stream);
  // The thread's next event is an acquisition of a lock another thread holds: its wait starts now unless
  // it had started (LockWait).
  void note_lock_wait(Stream* stream) {
    if (stream->waiting_for_lock) return;
    stream->waiting_for_lock = true;
    stream->lock_wait_since = replayed_accesses_;
  }
  bool replay_lock_acquire(Stream* stream, const SyncEvent& event);
  // The thread took the lock of `acquire` (the model already says so): tells the sink how it waited.
  void lock_taken(Stream* stream, const SyncEvent& acquire);
  // Replays `rounds` whole rounds of the threads in round_, in segments as long as every one of their
  // chunks being read surely holds, reading each thread's accesses through its cursor (RoundTurn).
  // kQuantumOne: the default quantum as a constant, so a turn is one access with no loop of its own.
  template <bool kQuantumOne>
  void replay_whole_rounds(std::uint32_t rounds);
  void replay_random(Drive drive);
  void replay_piped(Drive drive);
  bool settle_pending_sync(Drive drive);
  // Runs `stream` until it waits, has no event, its next access would exceed `*budget`, or it released
  // a lock (piped order: until it replayed any synchronization event). Layout changes on the way are
  // handed to the sink.
  Run run(Stream* stream, std::uint32_t* budget, Drive drive);
  // Replays the accesses at the front of `stream`'s queue while `*budget` lasts, decrementing it;
  // returns whether the next event is an access.
  bool replay_accesses(Stream* stream, std::uint32_t* budget);
  // One access of `stream` to the sink.
  void replay_access(const Stream* stream, const RecordedAccess& access) {
    sink_.access(sink_.context, stream, access.ref, access.addr, access.size, access.kind);
  }
  bool replay_sync(Stream* stream, const SyncEvent& event);
  // Whether `stream` cannot go on now: it waits at a barrier, or its next event is a synchronization
  // event it cannot pass yet (for record_reuse's soft wait).
  bool blocked(const Stream* stream) const;
  // Whether a thread may pass its wait `event` (SyncKind::AfterAccesses, record_reuse): the freeing
  // thread has replayed the accesses it made before the free or has ended, or it cannot go on. A freeing
  // thread that itself waits for a third thread's free is followed down the chain (threads that each run
  // a private loop, one after another in the real run, hand their memory on: each waits for the one
  // before): the wait holds while the chain's last thread runs, and gives way when it cannot go on
  // (blocked at a barrier, a lock, a join or a hand-off). Such waits point back in the real run's time, so
  // they make no cycle among themselves; a lock taken in another order than the real run's can close one,
  // which the give-way breaks.
  bool reuse_wait_over(const SyncEvent& event) const;
  static constexpr std::uint32_t kMaxReuseChain = 64;
  void begin_running(Stream* stream);
  void end_stream(Stream* stream);
  // `at_end`: the program has ended, so a thread let past a hand-off or semaphore wait after which it
  // recorded nothing but layout changes (the end of its stack, which the tool records when the program
  // ends) was still blocked in it then (a pool thread waiting for work); nothing it did is reordered, and
  // no forced ordering is counted.
  bool break_deadlock(bool at_end);
  void await_events_of(Stream* stream);
  void await_idle_threads();
  Stream* running_stream(ProcId proc) const { return replaying_[proc]; }
  // A running thread with nothing recorded that has not ended idles (nobody waits for it) rather than
  // starves (the replay waits for its next event).
  static bool idles(const Stream* stream, Drive drive) { return stream->sync.docked || drive == Drive::SkipStarved; }

  ReplayConfig config_;
  ReplaySink sink_;
  SyncModel model_;
  BufferMemory memory_;
  GrowableArray<Stream*> streams_;   // StreamId -> stream; null once it has ended
  Stream** recording_;               // processor -> the stream events are recorded into (its newest thread)
  Stream** replaying_;               // processor -> the stream being replayed there (its oldest unfinished)
  GrowableArray<ProcId> active_;     // processors with a running stream, ascending
  // Round-robin: one thread's turns in the whole rounds ahead, and where its next access's words are
  // while the rounds are replayed in bulk (both in one record: one base pointer, loaded once per turn).
  struct RoundTurn {
    Stream* stream;
    const std::uint32_t* cursor;
  };
  GrowableArray<RoundTurn> round_;   // round-robin: the threads of the whole rounds ahead, in turn order
  Stream* stalled_on_ = nullptr;     // the thread whose next event the replay waits for
  GrowableArray<Stream*> awaited_;   // the threads whose recording resumes the replay
  bool replaying_now_ = false;       // the sink must not record (it would re-enter the replay)
  // Turn state, kept across calls so a turn interrupted by a missing event resumes exactly.
  ProcId turn_proc_ = 0;             // round-robin: the processor whose turn it is
  std::uint32_t turn_position_ = 0;  // round-robin: where turn_proc_ was found in active_ (a hint)
  Stream* turn_stream_ = nullptr;    // random: the thread drawn for the current turn (null: draw next)
  std::uint32_t turn_budget_;        // accesses left in the current turn
  Xorshift64 random_;
  std::uint64_t early_flushes_ = 0;
  std::uint64_t forced_orderings_ = 0;
  // Accesses replayed so far, all threads: the clock of LockWait::waited_accesses. Advanced once per run
  // of accesses (or whole rounds), not per access.
  std::uint64_t replayed_accesses_ = 0;
};

// Inline: the round-robin order's fast lane calls it for each turn, run() for each run of accesses.
// The queue knows how many accesses lie before its next other event, so the loop tests nothing per
// access but its count.
inline bool ReplayEngine::replay_accesses(Stream* stream, std::uint32_t* budget) {
  const std::uint32_t ahead = stream->events.accesses_at_front();
  const std::uint32_t count = ahead < *budget ? ahead : *budget;
  stream->events.pop_accesses(count, [this, stream](const RecordedAccess& access) { replay_access(stream, access); });
  *budget -= count;
  replayed_accesses_ += count;
  return ahead > count;
}

}  // namespace ccsim

#endif
