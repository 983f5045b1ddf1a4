// stream_records.h: what travels from the program's process to the simulation worker, and how it is
// packed into the ring's 32-bit words (shared_ring.h).
//
// The stream is the sequence of calls the tool would make on its replay engine inline (record an access,
// a synchronization event, a thread's creation or exit, a freed block's mark, a reuse, a flush), in the
// order it makes them, whatever the order simulated (in the native order the worker simulates each access
// and makes the live synchronization model's calls at once, and passes over the replay's own records:
// worker_native.h). Valgrind runs one client thread at a time, so the calls of all threads form one
// order, and a worker that makes the same calls on its copy of the engine (forked with the tool, so equal
// at the start) reaches the same state at every point, early flushes included. The engine, the simulator
// and every observer then run unchanged in the worker. At the end come the tables the tool kept while
// the client ran and the profile writer reads (references, thread labels, thread counts): the hand-over
// (worker_handover.h).
//
// Accesses are packed by the engine's own packer (EventQueue::pack_access, ccsim/replay/event_queue.h): 3
// words, the address's low 48 bits, size - 1 (12 bits), kind (2 bits) and a 2-bit tag sharing a 64-bit
// word, the reference id the third; a wider address takes 5 words. The worker's engine copies a run of
// them whole into its queues (ReplayEngine::record_packed_accesses). The processor is not repeated: a
// `Processor` record says whose accesses follow (Valgrind switches threads every few thousand blocks).
// Anything else is an operation: its payload's length in words, a tagged word with its code, then the
// payload.
#ifndef CCSIM_TOOL_WORKERS_STREAM_RECORDS_H
#define CCSIM_TOOL_WORKERS_STREAM_RECORDS_H

#include <cstdint>

#include "ccsim/core/types.h"

namespace ccsim {

namespace stream_records {
constexpr std::uint32_t kTagShift = 30;   // what the record is, 2 bits (EventQueue's tags for accesses)
constexpr std::uint32_t kNarrowAccess = 0;
constexpr std::uint32_t kWideAccess = 1;
constexpr std::uint32_t kOperation = 2;
constexpr std::uint32_t kNarrowWords = 3;
constexpr std::uint32_t kWideWords = 5;
constexpr std::uint32_t kOperationHeaderWords = 2;
// The records' version. A trace keeps the stream (docs/traces.md) and is simulated again by whatever
// build reads it: any change to a record's layout or meaning, or to the operations, must raise it, so that
// the reader refuses a trace of another stream instead of misreading it.
// 2: the stream carries the replay's calls in every order, the native one included (a trace of any order
// is simulated in any: threads/sync.h, records_replay_calls()).
// 3: POSIX semaphores (SyncKind::SemaphoreInit, SemaphorePost, SemaphoreWait).
// 4: a LayoutChange names its kind (LayoutChangeKind), where it carried the address of this build's
// function that applies it (so a trace of another build crashed the worker that called it).
constexpr std::uint32_t kStreamVersion = 4;
}  // namespace stream_records

// The operations, with their payloads (words).
enum class StreamOp : std::uint32_t {
  Processor,      // proc: the accesses that follow are that processor's thread's
  Sync,           // proc, SyncEvent (8 words): ReplayEngine::record_sync (native order: the live model's
                  // event, a join's end of region, the lock statistics: worker_native.h)
  ThreadCreated,  // parent proc, child proc: record_thread_created (native order: the live model's start)
  ThreadExit,     // proc: record_thread_exit (native order: the live model's end)
  SaveMark,       // proc, key (2): the worker keeps recording_mark(proc) under `key` (a freed block's start);
                  // native order: ignored
  Reuse,          // proc, key (2): record_reuse(proc, the mark kept under key), which is then forgotten;
                  // native order: ignored
  ZeroStatistics, // none: CCSIM_ZERO_STATS (flush the replay, zero the counts)
  Reference,      // the hand-over of one reference made after the fork (worker_handover.h)
  ThreadLabel,    // the hand-over of one processor's label
  ThreadCounts,   // the hand-over of one thread's counters
  ThreadTotals,   // the hand-over of the thread table's totals
  Finish,         // the tool's pid, the profile's name it expanded: the client has exited; finish the
                  // replay, write the profile, answer
  ClientFork,     // chunk count, the name of the forked child's ring: the client forks here; the worker
                  // forks too, and its child serves that ring (worker_process.h)
  // --data-objects=yes (worker_data_objects.h):
  LayoutChange,     // proc (or none), whether an allocation is noted out of order, the LayoutChange's words
  ObjectCreated,    // an object the tool made: its tool id, kind, origin, address, size, allocator, names
  MappingChange,    // proc, start, length, how (mapping_objects.h: unmapped, by an mmap, by an mremap)
  ObjectFiles,      // the list of loaded objects with debug information, whole
  Segments,         // Valgrind's segment table, whole
  AllocatorGranule, // the hand-over of one granule the allocator gave blocks in (heap_blocks.h)
  CallFunction,     // a call to free's address (2) and the function holding it (object_paths.h), once per call
};

}  // namespace ccsim

#endif
