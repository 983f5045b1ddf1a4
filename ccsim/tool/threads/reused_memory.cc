// reused_memory.cc: see reused_memory.h.
#include "ccsim/tool/threads/reused_memory.h"

#include "ccsim/core/hash_map.h"
#include "ccsim/core/platform.h"
#include "ccsim/tool/data_objects/heap_block_set.h"
#include "ccsim/tool/threads/sync.h"
#include "ccsim/tool/threads/threads.h"
#include "ccsim/tool/valgrind_api.h"
#include "ccsim/tool/workers/worker_recorder.h"

namespace ccsim {
namespace {

// The freed ranges not allocated again (an extent each; its object is unused), and for each, by start,
// where the freeing thread's recording was when it freed it. Created at the first free in a replay.
// A set of blocks (heap_block_set.h), not a tree: a free and the allocation that takes the memory back
// then cost a shadow table's stores and probes on the program's thread, not a tree node and an extent
// allocated, inserted, found and freed (a tenth of the program's process on perf/workloads/alloc_churn.c).
HeapBlockSet* freed_ranges = nullptr;
HashMap<Addr, ReplayEngine::RecordingMark>* freed_at = nullptr;

bool replayed(unsigned tid) { return records_replay_calls() && tid != VG_INVALID_THREADID; }

}  // namespace

void note_freed(unsigned tid, Addr start, Addr size) {
  if (!replayed(tid) || size == 0) return;
  if (freed_ranges == nullptr) {
    freed_ranges = create_object<HeapBlockSet>("ccsim.reused", "ccsim.reused.ranges");
    freed_at = create_object<HashMap<Addr, ReplayEngine::RecordingMark>>("ccsim.reused", "ccsim.reused.marks");
  }
  // Live memory overlaps no freed range (an allocation forgets the ranges it overlaps), so this adds one.
  if (!freed_ranges->add(Extent{start, size, kUnknownObject, 0})) return;
  // With --sim-threads=1 the recording position is the worker's engine's: it keeps the mark itself.
  if (worker_recording()) {
    worker_save_mark(thread_state(tid)->processor, start);
  } else {
    freed_at->find_or_add(start) = replay_engine->recording_mark(thread_state(tid)->processor);
  }
}

void note_allocated(unsigned tid, Addr start, Addr size) {
  if (!replayed(tid) || size == 0 || freed_ranges == nullptr) return;
  const ProcId processor = thread_state(tid)->processor;
  // The overlapped ranges in order of their starts. Ranges never overlap, so the next one starts at or
  // after the end of the one just taken: each search starts there, and the shadow table's granules are
  // walked once over the whole allocation rather than again from its start for every range in it.
  const Addr high = start + size - 1;
  Addr low = start;
  while (const Extent* freed = freed_ranges->first_overlapping(low, high)) {
    const Addr freed_start = freed->start;
    const Addr freed_size = freed->size;
    if (worker_recording()) {
      worker_record_reuse(processor, freed_start);
    } else {
      replay_engine->record_reuse(processor, *freed_at->find(freed_start));
      freed_at->erase(freed_start);
    }
    freed_ranges->remove(freed_start);
    if (freed_size > high - freed_start) break;  // it reaches the allocation's last byte (freed_start <= high)
    low = freed_start + freed_size;
  }
}

}  // namespace ccsim
