// worker_handover.cc: the exit hand-over's records (worker_handover.h). Strings travel as a length word
// and their bytes, padded to whole words (at most kMaxNameBytes: longer names are cut).
#include "ccsim/tool/workers/worker_handover.h"

#include <cstring>

#include "ccsim/tool/instrumentation/references.h"
#include "ccsim/tool/threads/thread_events.h"
#include "ccsim/tool/threads/thread_labels.h"
#include "ccsim/tool/threads/threads.h"
#include "ccsim/tool/valgrind_api.h"
#include "ccsim/tool/workers/worker_recorder.h"

namespace ccsim {
namespace {

constexpr std::uint32_t kReferenceFixedWords = 9;
constexpr std::uint32_t kTwin = 1;
constexpr std::uint32_t kMadeAfterFork = 2;

RefId references_at_fork = 0;

const char* name_or_null(const NameTable& table, std::uint32_t number) {
  return number == 0 ? nullptr : table.name(number);
}

// A reference's record: made_after_fork, the whole reference (sent when the tool makes it); else only its
// spin-wait count (sent at exit, for every reference that has one).
void put_reference(const Reference* ref, bool made_after_fork) {
  const ReferenceNames& names = reference_names();
  const char* object = name_or_null(names.objects, ref->object_file);
  const char* file = name_or_null(names.files, ref->source_file);
  const char* function = name_or_null(names.functions, ref->function);
  const std::uint32_t words =
      kReferenceFixedWords + (made_after_fork ? name_words(object) + name_words(file) + name_words(function) : 0);
  std::uint32_t* payload = append_operation(StreamOp::Reference, words);
  const bool twin = is_allocator_reference(ref->id);
  RefId twin_of = 0;
  if (twin) {
    twin_of = reference_at(ref->address)->id;
  }
  payload[0] = ref->id;
  payload[1] = (twin ? kTwin : 0) | (made_after_fork ? kMadeAfterFork : 0);
  payload[2] = twin_of;
  payload[3] = static_cast<std::uint32_t>(ref->address);
  payload[4] = static_cast<std::uint32_t>(ref->address >> 32);
  payload[5] = ref->line;
  payload[6] = ref->access_class;
  payload[7] = static_cast<std::uint32_t>(ref->spin_reads);
  payload[8] = static_cast<std::uint32_t>(ref->spin_reads >> 32);
  if (!made_after_fork) return;
  std::uint32_t* next = put_name(payload + kReferenceFixedWords, object);
  next = put_name(next, file);
  put_name(next, function);
}

std::uint64_t join64(const std::uint32_t* words) { return (std::uint64_t(words[1]) << 32) | words[0]; }
void split64(std::uint32_t* words, std::uint64_t value) {
  words[0] = static_cast<std::uint32_t>(value);
  words[1] = static_cast<std::uint32_t>(value >> 32);
}

}  // namespace

static std::uint32_t name_bytes(const char* name) {
  if (name == nullptr) return 0;
  const std::uint32_t length = static_cast<std::uint32_t>(VG_(strlen)(name));
  return length < kMaxNameBytes ? length : kMaxNameBytes;
}
// The words a string takes: its length (+1, so that 0 means null), then its bytes.
std::uint32_t name_words(const char* name) { return 1 + (name_bytes(name) + 3) / 4; }

std::uint32_t* put_name(std::uint32_t* words, const char* name) {
  const std::uint32_t bytes = name_bytes(name);
  words[0] = name == nullptr ? 0 : bytes + 1;
  std::memcpy(words + 1, name == nullptr ? "" : name, bytes);
  return words + name_words(name);
}

// A name read back; `storage` holds it (kMaxNameBytes + 1), the result is null for a null name.
const std::uint32_t* get_name(const std::uint32_t* words, char* storage, const char** name) {
  const std::uint32_t bytes = words[0] == 0 ? 0 : words[0] - 1;
  std::memcpy(storage, words + 1, bytes);
  storage[bytes] = '\0';
  *name = words[0] == 0 ? nullptr : storage;
  return words + 1 + (bytes + 3) / 4;
}

void note_references_at_fork() { references_at_fork = reference_count(); }

void send_new_reference(const Reference* ref) {
  if (worker_recording()) put_reference(ref, true);
}

void hand_over_tool_tables() {
  for (RefId id = 0; id < reference_count(); ++id) {
    if (reference(id)->spin_reads != 0) put_reference(reference(id), false);
  }
  std::uint32_t given = 0, on_reused = 0;
  thread_totals(&given, &on_reused);
  for (ProcId proc = 0; proc < given; ++proc) {
    const char* routine = nullptr;
    std::uint32_t number = 0, size = 0;
    thread_label_parts(proc, &routine, &number, &size);
    std::uint32_t* payload = append_operation(StreamOp::ThreadLabel, 3 + name_words(routine));
    payload[0] = proc;
    payload[1] = number;
    payload[2] = size;
    put_name(payload + 3, routine);
  }
  for (unsigned tid = 1; tid <= thread_ids_used(); ++tid) {
    const ThreadState* thread = thread_state(tid);
    std::uint32_t* payload = append_operation(StreamOp::ThreadCounts, 8);
    payload[0] = tid;
    payload[1] = thread->ever_ran ? 1 : 0;
    split64(payload + 2, thread->skipped_stack_accesses);
    split64(payload + 4, thread->excluded_runtime_accesses);
    split64(payload + 6, thread->spin_reads);
  }
  std::uint32_t* payload = append_operation(StreamOp::ThreadTotals, 2);
  payload[0] = given;
  payload[1] = on_reused;
}

void apply_handover(StreamOp op, const std::uint32_t* payload, std::uint32_t) {
  static char storage[3][kMaxNameBytes + 1];
  switch (op) {
    case StreamOp::Reference: {
      const RefId id = payload[0];
      if ((payload[1] & kMadeAfterFork) == 0) {  // at exit: the spin-wait count
        reference(id)->spin_reads = join64(payload + 7);
        return;
      }
      AdoptedReference adopted;
      adopted.id = id;
      adopted.twin = (payload[1] & kTwin) != 0;
      adopted.twin_of = payload[2];
      adopted.address = join64(payload + 3);
      adopted.line = payload[5];
      adopted.access_class = static_cast<std::uint8_t>(payload[6]);
      adopted.spin_reads = join64(payload + 7);
      const std::uint32_t* next = get_name(payload + kReferenceFixedWords, storage[0], &adopted.object_file);
      next = get_name(next, storage[1], &adopted.source_file);
      get_name(next, storage[2], &adopted.function);
      adopt_reference(adopted);
      return;
    }
    case StreamOp::ThreadLabel: {
      const char* routine = nullptr;
      get_name(payload + 3, storage[0], &routine);
      set_thread_label_parts(payload[0], routine, payload[1], payload[2]);
      return;
    }
    case StreamOp::ThreadCounts: {
      ThreadState* thread = thread_state(payload[0]);
      thread->ever_ran = payload[1] != 0;
      thread->skipped_stack_accesses = join64(payload + 2);
      thread->excluded_runtime_accesses = join64(payload + 4);
      thread->spin_reads = join64(payload + 6);
      return;
    }
    case StreamOp::ThreadTotals:
      set_thread_totals(payload[0], payload[1]);
      return;
    default:
      return;
  }
}

}  // namespace ccsim
