// stream.h: one client thread as the replay engine knows it: the events recorded for it and not yet
// replayed, and where its replay stands.
#ifndef CCSIM_REPLAY_STREAM_H
#define CCSIM_REPLAY_STREAM_H

#include "ccsim/core/types.h"
#include "ccsim/replay/event_queue.h"
#include "ccsim/replay/sync_event.h"
#include "ccsim/replay/sync_model.h"

namespace ccsim {

struct Stream {
  Stream(StreamId stream_id, ProcId processor, BufferMemory* memory) : id(stream_id), proc(processor), events(memory) {
    sync.owner = stream_id;
  }

  // What the replay sink reads of the thread with each access, as the replayed synchronization left it.
  RegionId region() const { return sync.region; }
  bool in_critical() const { return sync.locks_held > 0; }

  // `proc` and `sync` first, together: the sink reads the processor and the region with every replayed
  // access, and round-robin takes each access from another thread, so with many threads each of their
  // host lines must wait in the host's L1 for the thread's next turn (perf/README.md, "Thread scaling").
  StreamId id;
  ProcId proc;                          // the simulated processor its accesses run on
  SyncThread sync;                      // its region, locks and teams as of its replay position
  EventQueue events;                    // recorded, not yet replayed
  Stream* next_on_processor = nullptr;  // the next thread to run on `proc` once this one has ended
  bool created = false;                 // its creation has been replayed (the main thread: from the start)
  bool complete = false;                // the thread has exited: nothing more will be recorded
  // Hot path: set while the replay waits for this thread's next events. A synchronization event or the
  // thread's exit resumes the replay at once; accesses and layout changes resume it after
  // `accesses_until_resume` of them (a batch per resumption keeps the replay loop's entry cost off each
  // access, and the replayed order does not depend on when the replay runs).
  bool awaited = false;
  std::uint32_t accesses_until_resume = 0;
  // Set when the replay found its next event, a lock acquisition, blocked by another holder; cleared
  // when it takes the lock. `lock_wait_since` is ReplayEngine's access clock at that moment (LockWait).
  bool waiting_for_lock = false;
  std::uint64_t lock_wait_since = 0;
};

}  // namespace ccsim

#endif
