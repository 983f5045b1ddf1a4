// worker_recorder.h: the program's side of --sim-threads=1. Instead of calling the replay engine, the
// tool appends the same calls to the ring shared with the simulation worker (stream_records.h), which
// makes them on its copy of the engine. The program's threads only record.
//
// The hot path is record_access(): a compare of the processor and the room left, three stores and an
// add, as the engine's own record_access(). Everything else is out of line: a full chunk is handed
// over (and, when every chunk is in use, the program waits for the worker: worker_process.h).
#ifndef CCSIM_TOOL_WORKERS_WORKER_RECORDER_H
#define CCSIM_TOOL_WORKERS_WORKER_RECORDER_H

#include <cstdint>

#include "ccsim/core/types.h"
#include "ccsim/replay/event_queue.h"
#include "ccsim/replay/sync_event.h"
#include "ccsim/tool/workers/stream_records.h"

namespace ccsim {

// Where the next record goes: the free words of the chunk being filled, and whose accesses they are.
// One record, in one host line, read and written by every recorded access.
struct RecordCursor {
  std::uint32_t* next = nullptr;  // the next free word of the chunk being filled
  std::uint32_t* end = nullptr;   // the end of its words
  ProcId proc = ~ProcId(0);       // the processor of the last `Processor` record
};
extern RecordCursor record_cursor;

// Whether the tool records for a worker (--sim-threads=1 and a replay order); set once at start-up.
bool worker_recording();
// In the tool, after the worker was forked: recording for it starts.
void start_worker_recording();

// Out of line: a `Processor` record and/or a new chunk first, then the access.
void record_access_slowly(ProcId proc, RefId ref, Addr addr, std::uint32_t size, AccessKind kind);

// One access of the thread on `proc` (ReplayEngine::record_access). `size` is 1..4096.
__attribute__((always_inline)) inline void worker_record_access(ProcId proc, RefId ref, Addr addr, std::uint32_t size,
                                                                AccessKind kind) {
  using namespace stream_records;
  RecordCursor& cursor = record_cursor;
  if (__builtin_expect(proc != cursor.proc || cursor.end - cursor.next < kWideWords || addr >> 48 != 0, 0)) {
    return record_access_slowly(proc, ref, addr, size, kind);
  }
  // Packed as the engine's queues pack it: the worker's engine copies runs of such records whole.
  cursor.next += EventQueue::pack_access(cursor.next, ref, addr, size, kind);
}

// The engine's other recording calls, in the same words (stream_records.h).
void worker_record_sync(ProcId proc, const SyncEvent& event);
// Returns the child's stream, numbered as the engine numbers them (creation order, the main thread 0).
StreamId worker_record_thread_created(ProcId parent, ProcId child);
void worker_record_thread_exit(ProcId proc);
// reused_memory.h's marks: the worker keeps the mark itself (the engine's recording position is its).
void worker_save_mark(ProcId proc, Addr key);
void worker_record_reuse(ProcId proc, Addr key);
void worker_zero_statistics();

// Appends one operation of `payload_words` words and returns where its payload goes (a new chunk is
// taken when the current one has no room); the caller fills the payload at once. At most 4,096 words.
std::uint32_t* append_operation(StreamOp op, std::uint32_t payload_words);

// Hands the chunk being filled to the worker, even if not full (at the end).
void publish_chunk();

}  // namespace ccsim

#endif
