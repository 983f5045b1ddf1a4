// worker_loop.cc: see worker_loop.h.
#include "ccsim/tool/workers/worker_loop.h"

#include <cstring>

#include "ccsim/core/hash_map.h"
#include "ccsim/core/simulator.h"
#include "ccsim/tool/data_objects/object_statistics.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/output/profile_file.h"
#include "ccsim/tool/output/profile_writer.h"
#include "ccsim/tool/output/tool_messages.h"
#include "ccsim/tool/threads/lock_statistics.h"
#include "ccsim/tool/threads/sync.h"
#include "ccsim/tool/threads/thread_events.h"
#include "ccsim/tool/workers/stream_records.h"
#include "ccsim/tool/workers/worker_data_objects.h"
#include "ccsim/tool/workers/worker_handover.h"
#include "ccsim/tool/workers/worker_native.h"
#include "ccsim/tool/workers/worker_process.h"

namespace ccsim {
namespace {

// How long the worker sleeps waiting for a chunk before it checks that the tool's process is still its
// parent (a Valgrind killed outright must not leave its worker behind).
constexpr std::uint32_t kParentCheckMs = 200;

// The worker's state besides the engine's: whose accesses come, and the recording marks of freed blocks
// kept by the blocks' starts (StreamOp::SaveMark).
struct WorkerState {
  SharedRing* ring;
  Int tool_pid;
  Simulator* simulator;
  ProcId proc = 0;
  HashMap<Addr, ReplayEngine::RecordingMark>* marks = nullptr;
};

std::uint64_t join64(const std::uint32_t* words) { return (std::uint64_t(words[1]) << 32) | words[0]; }

// The worker's own CPU time so far (user + system), in milliseconds: getrusage(RUSAGE_SELF).
std::uint64_t own_cpu_ms() {
  struct vki_rusage usage;
  VG_(do_syscall)(__NR_getrusage, VKI_RUSAGE_SELF, reinterpret_cast<UWord>(&usage), 0, 0, 0, 0, 0, 0);
  return std::uint64_t(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000 +
         std::uint64_t(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000;
}

__attribute__((noreturn)) void finish(WorkerState* worker, Int tool_pid) {
  RingHeader* header = worker->ring->header();
  set_profile_pid(tool_pid);
  sync_finish_replay();
  report_thread_limit();  // the thread totals came with the hand-over
  const bool written = write_profile(worker->simulator);
  print_summary(worker->simulator);
  // How many simulated, and what it cost besides the program's own process (perf/README.md measures the
  // program's thread as the whole run's CPU time less this).
  if (VG_(clo_verbosity) > 0) {
    const std::uint64_t cpu_ms = own_cpu_ms();
    tool_message("simulated by 1 worker process (--sim-threads=1), its CPU time %llu.%03llu s\n",
                 static_cast<ULong>(cpu_ms / 1000), static_cast<ULong>(cpu_ms % 1000));
  }
  __atomic_store_n(&header->finished, written ? 2u : 1u, __ATOMIC_RELEASE);
  ring_bell(&header->room_bell);
  VG_(exit)(0);
  __builtin_unreachable();
}

void operation(WorkerState* worker, StreamOp op, const std::uint32_t* payload, std::uint32_t payload_words) {
  // Native order: no replay engine; the accesses' thread and the live model's calls (worker_native.h).
  if (replay_engine == nullptr && apply_native_record(op, payload)) return;
  switch (op) {
    case StreamOp::Processor:
      worker->proc = payload[0];
      return;
    case StreamOp::Sync: {
      SyncEvent event;
      std::memcpy(&event, payload + 1, sizeof event);
      replay_engine->record_sync(payload[0], event);
      return;
    }
    case StreamOp::ThreadCreated:
      replay_engine->record_thread_created(payload[0], payload[1]);
      return;
    case StreamOp::ThreadExit:
      replay_engine->record_thread_exit(payload[0]);
      return;
    case StreamOp::SaveMark:
      worker->marks->find_or_add(join64(payload + 1)) = replay_engine->recording_mark(payload[0]);
      return;
    case StreamOp::Reuse: {
      const Addr key = join64(payload + 1);
      replay_engine->record_reuse(payload[0], *worker->marks->find(key));
      worker->marks->erase(key);
      return;
    }
    case StreamOp::ZeroStatistics:
      sync_flush();
      zero_statistics(worker->simulator);
      if (options.data_objects) zero_object_statistics();
      zero_lock_statistics();
      return;
    case StreamOp::Finish:
      finish(worker, static_cast<Int>(payload[0]));
    default:
      if (apply_data_object_record(op, payload, payload_words)) return;
      apply_handover(op, payload, payload_words);
      return;
  }
}

// One recorded access: into the replay engine, or in native order (kNative) simulated at once.
template <bool kNative>
__attribute__((always_inline)) inline void serve_access(WorkerState* worker, ReplayEngine* engine, RefId ref, Addr addr,
                                                        std::uint32_t shape) {
  using namespace stream_records;
  const std::uint32_t size = ((shape >> kSizeShift) & 0xfff) + 1;
  const auto kind = static_cast<AccessKind>((shape >> kKindShift) & 3);
  if (kNative) {
    simulate_recorded_access(ref, addr, size, kind);
  } else {
    engine->record_access(worker->proc, ref, addr, size, kind);
  }
}

// Makes the calls recorded in `words[0, used)`; returns the accesses among them. kNative: the native
// order (no replay engine), chosen once per chunk.
template <bool kNative>
std::uint64_t serve_chunk(WorkerState* worker, const std::uint32_t* words, std::uint32_t used) {
  using namespace stream_records;
  const std::uint32_t* end = words + used;
  std::uint64_t accesses = 0;
  ReplayEngine* engine = replay_engine;
  while (words < end) {
    const std::uint32_t shape = words[1];
    const std::uint32_t tag = shape >> kTagShift;
    if (tag == kNarrowAccess) {
      serve_access<kNative>(worker, engine, words[2], (static_cast<Addr>(shape & 0xffff) << 32) | words[0], shape);
      words += kNarrowWords;
      ++accesses;
    } else if (tag == kWideAccess) {
      serve_access<kNative>(worker, engine, words[2], (static_cast<Addr>(words[4]) << 32) | words[3], shape);
      words += kWideWords;
      ++accesses;
    } else {
      const std::uint32_t payload_words = words[0];
      operation(worker, static_cast<StreamOp>(shape & ~(3u << kTagShift)), words + kOperationHeaderWords, payload_words);
      words += kOperationHeaderWords + payload_words;
    }
  }
  return accesses;
}

void block_every_signal() {
  // A raw rt_sigprocmask (8 bytes: the kernel's sigset): the worker is a plain process of its own, and
  // the tool interface's VG_(sigprocmask) is not visible to every file that includes it.
  vki_sigset_t all;
  for (unsigned long& word : all.sig) word = ~0ul;
  VG_(do_syscall)(__NR_rt_sigprocmask, VKI_SIG_SETMASK, reinterpret_cast<UWord>(&all), 0, sizeof(unsigned long) * _VKI_NSIG_WORDS,
                  0, 0, 0, 0);
}

}  // namespace

void run_simulation_worker(SharedRing* ring, Int tool_pid, Simulator* simulator) {
  block_every_signal();
  enter_simulation_worker();
  RingHeader* header = ring->header();
  capture_tool_messages(ring->messages(), SharedRing::kMessageBytes, &header->message_bytes);
  WorkerState worker{ring, tool_pid, simulator};
  const bool native = replay_engine == nullptr;
  if (native) start_native_worker(simulator);
  worker.marks = create_object<HashMap<Addr, ReplayEngine::RecordingMark>>("ccsim.worker", "ccsim.worker.marks");
  std::uint32_t next = 0;  // the chunk to serve next
  for (;;) {
    auto published = [header, next] { return __atomic_load_n(&header->published, __ATOMIC_ACQUIRE) != next; };
    while (!sleep_until(&header->data_bell, published, kParentCheckMs)) {
      if (VG_(getppid)() != tool_pid) VG_(exit)(2);
    }
    const RingChunk* chunk = ring->chunk(next);
    const std::uint64_t accesses = native ? serve_chunk<true>(&worker, chunk->words, chunk->used)
                                          : serve_chunk<false>(&worker, chunk->words, chunk->used);
    __atomic_store_n(&header->accesses_received, header->accesses_received + accesses, __ATOMIC_RELAXED);
    ++next;
    __atomic_store_n(&header->consumed, next, __ATOMIC_RELEASE);
    ring_bell(&header->room_bell);
    if (worker_fail_after_chunks != 0 && next >= worker_fail_after_chunks) kill_process(VG_(getpid)());
    // Debug: a hung worker (a lost wake-up, a deadlock) sleeps without taking chunks; it still ends
    // with the tool's process.
    while (worker_stall_after_chunks != 0 && next >= worker_stall_after_chunks) {
      VG_(poll)(nullptr, 0, kParentCheckMs);
      if (VG_(getppid)() != tool_pid) VG_(exit)(2);
    }
  }
}

}  // namespace ccsim
