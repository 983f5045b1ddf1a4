// worker_recorder.cc: the records of worker_recorder.h, written into the ring's chunks.
#include "ccsim/tool/workers/worker_recorder.h"

#include <cstring>

#include "ccsim/core/platform.h"
#include "ccsim/tool/workers/worker_data_objects.h"
#include "ccsim/tool/workers/worker_process.h"

namespace ccsim {

RecordCursor record_cursor;

namespace {

bool recording = false;
RingChunk* filling_chunk = nullptr;  // the chunk record_cursor points into
// The engine numbers streams in creation order, the main thread's 0 (ReplayEngine::record_thread_created):
// the tool needs the numbers for joins, so it counts them as the engine will.
StreamId next_stream = 1;

// Hands the chunk being filled over (if any) and takes the next one, waiting for room.
void next_chunk() {
  if (filling_chunk != nullptr) hand_over_filled_chunk(static_cast<std::uint32_t>(record_cursor.next - filling_chunk->words));
  filling_chunk = take_chunk_to_fill();
  record_cursor.next = filling_chunk->words;
  record_cursor.end = filling_chunk->words + RingChunk::kWords;
}

// Room for `words` words in the chunk being filled.
void make_room(std::uint32_t words) {
  if (filling_chunk == nullptr || record_cursor.end - record_cursor.next < static_cast<std::ptrdiff_t>(words)) {
    next_chunk();
  }
}

}  // namespace

bool worker_recording() { return recording; }

void start_worker_recording() {
  recording = true;
  forward_data_object_changes();
  record_cursor.proc = ~ProcId(0);
  next_chunk();
}

std::uint32_t* append_operation(StreamOp op, std::uint32_t payload_words) {
  using namespace stream_records;
  CCSIM_ASSERT(payload_words <= 4096);
  make_room(kOperationHeaderWords + payload_words);
  std::uint32_t* words = record_cursor.next;
  words[0] = payload_words;
  words[1] = (kOperation << kTagShift) | static_cast<std::uint32_t>(op);
  record_cursor.next = words + kOperationHeaderWords + payload_words;
  return words + kOperationHeaderWords;
}

void record_access_slowly(ProcId proc, RefId ref, Addr addr, std::uint32_t size, AccessKind kind) {
  using namespace stream_records;
  if (proc != record_cursor.proc) {
    append_operation(StreamOp::Processor, 1)[0] = proc;
    record_cursor.proc = proc;
  }
  make_room(kWideWords);
  if (addr >> 48 == 0) return worker_record_access(proc, ref, addr, size, kind);
  record_cursor.next += EventQueue::pack_access(record_cursor.next, ref, addr, size, kind);
}

void worker_record_sync(ProcId proc, const SyncEvent& event) {
  static_assert(sizeof(SyncEvent) == 32, "a SyncEvent travels as 8 words");
  std::uint32_t* payload = append_operation(StreamOp::Sync, 9);
  payload[0] = proc;
  std::memcpy(payload + 1, &event, sizeof event);
}

StreamId worker_record_thread_created(ProcId parent, ProcId child) {
  std::uint32_t* payload = append_operation(StreamOp::ThreadCreated, 2);
  payload[0] = parent;
  payload[1] = child;
  return next_stream++;
}

void worker_record_thread_exit(ProcId proc) { append_operation(StreamOp::ThreadExit, 1)[0] = proc; }

namespace {
void append_keyed(StreamOp op, ProcId proc, Addr key) {
  std::uint32_t* payload = append_operation(op, 3);
  payload[0] = proc;
  payload[1] = static_cast<std::uint32_t>(key);
  payload[2] = static_cast<std::uint32_t>(key >> 32);
}
}  // namespace

void worker_save_mark(ProcId proc, Addr key) { append_keyed(StreamOp::SaveMark, proc, key); }

void worker_record_reuse(ProcId proc, Addr key) { append_keyed(StreamOp::Reuse, proc, key); }

void worker_zero_statistics() { append_operation(StreamOp::ZeroStatistics, 0); }

void publish_chunk() {
  hand_over_filled_chunk(static_cast<std::uint32_t>(record_cursor.next - filling_chunk->words));
  filling_chunk = nullptr;
  record_cursor.next = record_cursor.end = nullptr;
}

}  // namespace ccsim
