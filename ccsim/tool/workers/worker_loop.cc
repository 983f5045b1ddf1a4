// worker_loop.cc: see worker_loop.h.
#include "ccsim/tool/workers/worker_loop.h"

#include <cstring>

#include "ccsim/core/hash_map.h"
#include "ccsim/core/merged_statistics.h"
#include "ccsim/core/simulator.h"
#include "ccsim/tool/data_objects/object_statistics.h"
#include "ccsim/tool/data_objects/object_timeline.h"
#include "ccsim/tool/data_objects/resident_lines.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/output/profile_file.h"
#include "ccsim/tool/output/profile_writer.h"
#include "ccsim/tool/output/run_statistics.h"
#include "ccsim/tool/output/tool_messages.h"
#include "ccsim/tool/threads/lock_statistics.h"
#include "ccsim/tool/threads/sync.h"
#include "ccsim/tool/threads/thread_events.h"
#include "ccsim/tool/trace/trace_reader.h"
#include "ccsim/tool/trace/trace_writer.h"
#include "ccsim/tool/workers/first_waits.h"
#include "ccsim/tool/workers/log_hand_overs.h"
#include "ccsim/tool/workers/placement_starts.h"
#include "ccsim/tool/workers/process_watch.h"
#include "ccsim/tool/workers/resident_queues.h"
#include "ccsim/tool/workers/shadow_queues.h"
#include "ccsim/tool/workers/shard_counts.h"
#include "ccsim/tool/workers/stream_records.h"
#include "ccsim/tool/workers/worker_data_objects.h"
#include "ccsim/tool/workers/worker_handover.h"
#include "ccsim/tool/workers/worker_native.h"
#include "ccsim/tool/workers/worker_process.h"

namespace ccsim {
namespace {

// How long the worker sleeps waiting for a chunk before it checks that the tool's process is still there
// (a Valgrind killed outright must not leave its worker behind).
constexpr std::uint32_t kToolCheckMs = 200;
// A worker forked for the client's child waits this many checks for the child to say its pid once the
// process that forked is gone (the child says it as soon as it runs, long before its parent can end).
constexpr std::uint32_t kChildGraceChecks = 10;

// The worker's state besides the engine's: the ring it serves and whose it is, whose accesses come, and
// the recording marks of freed blocks kept by the blocks' starts (StreamOp::SaveMark).
struct WorkerState {
  SharedRing ring;
  // Which of the ring's workers this is (its slot in the header): the first writes the profile.
  std::uint32_t index = 0;
  // The process recording into the ring (0 until a forked child has said its pid), no parent of this
  // worker's (worker_process.h); for a forked child's worker, the process that forked, watched until the
  // child has said its pid.
  Int tool_pid;
  Int forking_tool_pid = 0;
  std::uint32_t grace_checks = 0;
  Simulator* simulator = nullptr;
  ProcId proc = 0;
  HashMap<Addr, ReplayEngine::RecordingMark>* marks = nullptr;
  // Set in a worker just forked for the client's child (StreamOp::ClientFork): the ring it serves from now
  // on; the rest of the parent's chunk is not its.
  bool switching = false;
  // The first worker of a forked child's ring, until the child has said its pid: the child's trace starts
  // then (recording_pid; trace_writer.h).
  bool child_trace_starts = false;
  SharedRing next_ring{};
};

bool tool_gone(WorkerState* worker);
// This process's state, for the waits made outside the loop (placement_starts.h).
WorkerState* this_worker = nullptr;

// Between accesses (after a chunk, or within one: log_hand_overs.h): the shadow ops, then the resident
// lines' changes; the others hand theirs over and the first merges what it can (shadow_queues.h,
// resident_queues.h).
void hand_over_logs() {
  if (shadow_queues_on()) pass_shadow_ops();
  if (resident_queues_on()) pass_resident_changes();
}

std::uint64_t join64(const std::uint32_t* words) { return (std::uint64_t(words[1]) << 32) | words[0]; }

// The worker's own CPU time so far (user + system), in milliseconds: getrusage(RUSAGE_SELF).
std::uint64_t own_cpu_ms() {
  struct vki_rusage usage;
  VG_(do_syscall)(__NR_getrusage, VKI_RUSAGE_SELF, reinterpret_cast<UWord>(&usage), 0, 0, 0, 0, 0, 0);
  return std::uint64_t(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000 +
         std::uint64_t(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000;
}

// The workers this one forked for the client's children that have ended: reaped, so that a program
// forking many children leaves no zombies behind while it runs (the workers still running are left).
void reap_ended_workers() {
  Int status = 0;
  while (VG_(waitpid)(-1, &status, VKI_WNOHANG) > 0) {
  }
}

// The end's messages: the first worker's go to the ring, for the tool to print; the others' (the same
// replay messages, which the first says once) to a buffer of their own that nobody prints.
void capture_messages(WorkerState* worker) {
  static char unprinted[4096];
  static std::uint32_t unprinted_bytes = 0;
  if (worker->index == 0) {
    capture_tool_messages(worker->ring.messages(), SharedRing::kMessageBytes, &worker->ring.header()->message_bytes);
  } else {
    capture_tool_messages(unprinted, sizeof unprinted, &unprinted_bytes);
  }
}

// A worker other than the first, at the end: the replay finished, its shards' counts handed over to the
// first (shard_counts.h), its CPU time said in its slot; then it ends.
__attribute__((noreturn)) void finish_shard(WorkerState* worker) {
  if (worker_dies_at_end && worker->index + 1 == worker->ring.header()->workers) kill_process(VG_(getpid)());
  sync_finish_replay();
  if (shadow_queues_on()) finish_shadow_queues();
  if (resident_queues_on()) finish_resident_queues();
  WorkerSlot& slot = worker->ring.header()->slots[worker->index];
  std::uint32_t attempt = 0;
  const int error = write_shard_counts(worker->simulator, &attempt);
  slot.counts_attempt = attempt;
  slot.counts_error = static_cast<std::uint32_t>(error);
  slot.cpu_ms = own_cpu_ms();
  __atomic_store_n(&slot.finished, error == 0 ? 2u : 1u, __ATOMIC_RELEASE);
  ring_bell(&worker->ring.header()->room_bell);
  reap_ended_workers();
  VG_(exit)(0);
  __builtin_unreachable();
}

// The first worker, at the end, when there are others: waits for their counts and adds them to its own;
// with miss classes, adds the online shadow stage's capacity and conflict misses (shadow_queues.h; the
// objects' classes were counted by each worker as the stage sent them back). False (after saying why)
// when one could not hand them over. A worker that dies meanwhile is the
// tool's to report (it watches every worker while it waits); this one ends when the tool's process is gone.
bool merge_shards(WorkerState* worker, MergedStatistics* merged) {
  RingHeader* header = worker->ring.header();
  merged->add(worker->simulator);
  bool whole = true;
  for (std::uint32_t k = 1; k < header->workers; ++k) {
    WorkerSlot* slot = &header->slots[k];
    auto finished = [slot] { return __atomic_load_n(&slot->finished, __ATOMIC_ACQUIRE) != 0; };
    while (!sleep_until(&header->room_bell, finished, kToolCheckMs)) {
      if (tool_gone(worker)) end_worker_without_tool();
    }
    char why[160];
    if (slot->finished != 2) {
      VG_(snprintf)(why, sizeof why, "its counts could not be written in /dev/shm (%s)", VG_(strerror)(slot->counts_error));
    } else if (add_shard_counts(slot->worker_pid, slot->counts_attempt, merged, why, sizeof why)) {
      continue;
    }
    tool_message("ccsim: simulation worker %u of %u could not hand its line shards' counts over: %s; no profile "
                 "was written.\n", k + 1, header->workers, why);
    whole = false;
  }
  if (whole && shadow_queues_on()) add_shadow_stage_counts(merged);
  return whole;
}

__attribute__((noreturn)) void finish(WorkerState* worker, const std::uint32_t* payload) {
  RingHeader* header = worker->ring.header();
  if (worker->index != 0) finish_shard(worker);
  if (worker_dies_at_end && header->workers == 1) kill_process(VG_(getpid)());
  static char profile_name[kMaxNameBytes + 1];
  const char* name = nullptr;
  get_name(payload + 1, profile_name, &name);
  // A re-simulated trace's profile is this run's (--ccsim-out-file), under the recorded run's pid.
  set_profile_owner(static_cast<Int>(payload[0]), reading_trace() ? trace_profile_name() : name);
  sync_finish_replay();
  if (shadow_queues_on()) finish_shadow_queues();
  if (resident_queues_on()) finish_resident_queues();
  report_thread_limit();  // the thread totals came with the hand-over
  bool written = false;
  if (header->workers == 1) {
    const RunStatistics statistics(worker->simulator);
    written = write_profile(statistics);
    print_summary(statistics);
  } else {
    MergedStatistics* merged = create_object<MergedStatistics>("ccsim.worker.merged");
    if (merge_shards(worker, merged)) {
      const RunStatistics statistics(merged);
      written = write_profile(statistics);
      print_summary(statistics);
    }
  }
  // How many simulated, and what it cost besides the program's own process (perf/README.md measures the
  // program's thread as the whole run's CPU time less this).
  if (VG_(clo_verbosity) > 0) {
    std::uint64_t cpu_ms = own_cpu_ms();
    if (header->workers == 1) {
      tool_message("simulated by 1 worker process (--sim-threads=1), its CPU time %llu.%03llu s\n",
                   static_cast<ULong>(cpu_ms / 1000), static_cast<ULong>(cpu_ms % 1000));
    } else {
      for (std::uint32_t k = 1; k < header->workers; ++k) cpu_ms += header->slots[k].cpu_ms;
      tool_message("simulated by %u worker processes (--sim-threads=%u), %u line shards dealt out among them, "
                   "their CPU time %llu.%03llu s\n", header->workers, header->workers, options.worker_shard.count,
                   static_cast<ULong>(cpu_ms / 1000), static_cast<ULong>(cpu_ms % 1000));
    }
    if (stage_queue_bytes != 0) {
      std::uint32_t most_ops = 0, most_changes = 0;
      for (std::uint32_t k = 0; k < header->workers; ++k) {
        const std::uint32_t ops = __atomic_load_n(&header->slots[k].shadow_most_waiting, __ATOMIC_RELAXED);
        const std::uint32_t changes = __atomic_load_n(&header->slots[k].resident_most_waiting, __ATOMIC_RELAXED);
        if (ops > most_ops) most_ops = ops;
        if (changes > most_changes) most_changes = changes;
      }
      tool_message("(--sim-stage-queue-bytes: the workers found their queues full %u times (shadow ops) and %u "
                   "times (resident lines' changes); at most %u shadow ops and %u resident lines' changes waited "
                   "in one worker)\n",
                   __atomic_load_n(&header->shadow_queue_full, __ATOMIC_RELAXED),
                   __atomic_load_n(&header->resident_queue_full, __ATOMIC_RELAXED), most_ops, most_changes);
    }
    if (options.worker_shard_debug) {
      tool_message("(--sim-worker-shard: the worker simulated line shard %u of %u alone, and the profile holds "
                   "that shard's lines alone)\n", options.worker_shard.first(), options.worker_shard.count);
    }
  }
  // A trace that could not be written whole fails the run as a lost profile does (its messages say which).
  const bool traced = worker->index != 0 || finish_trace_writer();
  __atomic_store_n(&header->slots[0].finished, written && traced ? 2u : 1u, __ATOMIC_RELEASE);
  ring_bell(&header->room_bell);
  reap_ended_workers();
  VG_(exit)(0);
  __builtin_unreachable();
}

// StreamOp::ClientFork: the client forks at this point of the stream. The worker maps the child's ring
// (named in `payload`) and forks; its child holds the state the tool has at the client's fork and serves
// that ring; this worker tells the tool (in its own ring's header) and goes on.
void follow_client_fork(WorkerState* worker, const std::uint32_t* payload) {
  // A re-simulated trace goes on with the process it holds: its parent's fork is passed over here, and
  // the trace of a forked process continues its parent's stream after it (trace_reader.h).
  if (reading_trace()) return;
  count_client_fork();
  reap_ended_workers();
  // The child's first worker must have every worker's shadow ops before the fork (shadow_queues.h).
  if (shadow_queues_on()) shadow_queues_at_fork();
  // And the first every worker's resident lines' changes (resident_queues.h).
  if (resident_queues_on()) resident_queues_at_fork();
  static char path_storage[kMaxNameBytes + 1];
  const char* path = nullptr;
  get_name(payload + 1, path_storage, &path);
  SharedRing child;
  int error = 0;
  if (child.attach(path, payload[0], &error)) {
    // The name stays until every worker has mapped the file: the tool removes it once all have answered.
    const Int pid = VG_(fork)();
    if (pid == 0) {
      worker->switching = true;
      worker->next_ring = child;
      return;
    }
    if (pid < 0) {
      error = VKI_EAGAIN;  // VG_(fork) gives no errno: fork's usual one
    } else {
      __atomic_store_n(&child.header()->slots[worker->index].worker_pid, static_cast<std::int32_t>(pid),
                       __ATOMIC_RELEASE);
    }
    child.unmap();
  }
  RingHeader* header = worker->ring.header();
  WorkerSlot& slot = header->slots[worker->index];
  slot.fork_error = static_cast<std::uint32_t>(error);
  __atomic_store_n(&slot.forks_answered, slot.forks_answered + 1, __ATOMIC_RELEASE);
  ring_bell(&header->room_bell);
}

// In a worker just forked for the client's child: from now on it serves the child's ring, watches the
// child, and leaves its messages there; the parent's ring is the other worker's.
void switch_to_child_ring(WorkerState* worker) {
  // The process that forked: the first one's pid was known at start-up; a forked child said its pid
  // before it recorded anything, so it is in the header whether or not this worker has idled to read it.
  if (worker->tool_pid == 0) worker->tool_pid = __atomic_load_n(&worker->ring.header()->tool_pid, __ATOMIC_ACQUIRE);
  worker->ring.unmap();
  // The first worker writes the child's trace, once the child has named it (recording_pid).
  if (worker->index == 0) {
    leave_trace_for_child();
    worker->child_trace_starts = true;
  } else {
    leave_trace_to_parent();
  }
  worker->ring = worker->next_ring;
  worker->next_ring = SharedRing();
  worker->switching = false;
  worker->forking_tool_pid = worker->tool_pid;
  worker->tool_pid = 0;
  worker->grace_checks = 0;
  capture_messages(worker);
  placement_starts_ring(&worker->ring);
  shadow_queues_ring(&worker->ring);
  resident_queues_ring(&worker->ring);
  if (forked_worker_dies) kill_process(VG_(getpid)());
}

// The pid of the process recording into the ring, once it has said it (0 before). A forked child names
// and creates its trace before it says its pid (worker_process.h), so the first worker starts the child's
// trace here: at the latest before it serves the ring's first chunk, and also when no chunk ever comes (a
// child that execs at once), so that the child's temporary file is removed when it is gone.
Int recording_pid(WorkerState* worker) {
  if (worker->tool_pid != 0) return worker->tool_pid;
  RingHeader* header = worker->ring.header();
  worker->tool_pid = __atomic_load_n(&header->tool_pid, __ATOMIC_ACQUIRE);
  if (worker->tool_pid != 0 && worker->child_trace_starts) {
    worker->child_trace_starts = false;
    start_child_trace(worker->tool_pid, header->child_trace_name, header->child_trace_temporary,
                      header->child_trace_error);
  }
  return worker->tool_pid;
}

// Whether the process recording into the ring is gone (then nobody will send more: the worker ends).
bool tool_gone(WorkerState* worker) {
  RingHeader* header = worker->ring.header();
  recording_pid(worker);
  int status = 0;
  bool status_known = false;
  if (worker->tool_pid != 0) return process_gone(worker->tool_pid, &status, &status_known);
  // The child has not said its pid yet: the fork may have failed (the parent says so), or the parent
  // may be gone already.
  if (__atomic_load_n(&header->abandoned, __ATOMIC_ACQUIRE) != 0) return true;
  if (!process_gone(worker->forking_tool_pid, &status, &status_known)) return false;
  return ++worker->grace_checks > kChildGraceChecks;
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
      finish(worker, payload);
    case StreamOp::ClientFork:
      follow_client_fork(worker, payload);
      return;
    default:
      if (apply_data_object_record(op, payload, payload_words)) return;
      apply_handover(op, payload, payload_words);
      return;
  }
}

// Serves the records in `words[0, used)`; returns the accesses among them. kNative: the native order (no
// replay engine), chosen once per chunk, where each access is simulated as it is read. In a replay order
// the ring packs a run of accesses as the engine's queues pack them, and the engine copies the run whole
// (ReplayEngine::record_packed_accesses), with no decoding per access.
template <bool kNative>
std::uint64_t serve_chunk(WorkerState* worker, const std::uint32_t* words, std::uint32_t used) {
  using namespace stream_records;
  const std::uint32_t* end = words + used;
  std::uint64_t accesses = 0;
  ReplayEngine* engine = replay_engine;
  while (words < end) {
    const std::uint32_t shape = words[1];
    const std::uint32_t tag = shape >> kTagShift;
    if (tag <= kWideAccess) {
      if (!kNative) {
        words = engine->record_packed_accesses(worker->proc, words, end, &accesses);
        continue;
      }
      const RecordedAccess access = EventQueue::unpack_access(words);
      simulate_recorded_access(access.ref, access.addr, access.size, access.kind);
      words += EventQueue::access_words(access.addr);
      ++accesses;
    } else {
      const std::uint32_t payload_words = words[0];
      operation(worker, static_cast<StreamOp>(shape & ~(3u << kTagShift)), words + kOperationHeaderWords, payload_words);
      if (worker->switching) return accesses;  // a worker forked for the client's child: the rest is the parent's
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

void run_simulation_worker(SharedRing* ring, Int tool_pid, Simulator* simulator, std::uint32_t index) {
  block_every_signal();
  enter_simulation_worker();
  // One of several workers simulates its own line shards alone (docs/parallel-simulation.md, section 9):
  // the simulator, made for every shard and untouched so far, is narrowed, and the replay's sink
  // (threads/sync.cc) passes on the accesses of these shards' lines alone.
  const std::uint32_t workers = ring->header()->workers;
  if (workers > 1) {
    options.worker_shard = shards_of_worker(options.worker_shard.count, workers, index);
    narrow_line_shard(simulator, options.worker_shard);
    sync_choose_worker_sink(simulator);
  }
  WorkerState worker{*ring, index, tool_pid};
  worker.simulator = simulator;
  capture_messages(&worker);
  if (workers > 1) this_worker = &worker;
  // With miss classes the first runs the shadow stage as the workers' logs grow (shadow_queues.h).
  if (workers > 1 && options.machine.miss_classes) {
    start_shadow_queues(&worker.ring, index, simulator, [] { return tool_gone(this_worker); });
  }
  // With data objects, the placement watch's starts read the other workers' lines through the ring, a
  // timeline by accesses places events at the whole run's count of line accesses, and the resident lines
  // are logged for the first worker to replay as they come (resident_lines.h, resident_queues.h).
  if (workers > 1 && options.data_objects) {
    start_placement_starts(&worker.ring, index, [] { return tool_gone(this_worker); });
    count_timeline_for_shard([](Addr line) { return options.worker_shard.owns(line); },
                             static_cast<std::uint32_t>(__builtin_ctz(options.machine.l1.line_bytes)));
    log_resident_lines_for_shard(index == 0);
    if (resident_lines_logged()) start_resident_queues(&worker.ring, index, [] { return tool_gone(this_worker); });
  }
  if (shadow_queues_on() || resident_queues_on()) start_hand_over_clock(hand_over_logs);
  const bool native = replay_engine == nullptr;
  if (native) start_native_worker(simulator);
  if (index == 0) start_trace_writer(tool_pid);
  const bool merges_first = (shadow_queues_on() || resident_queues_on()) && index == 0;
  worker.marks = create_object<HashMap<Addr, ReplayEngine::RecordingMark>>("ccsim.worker", "ccsim.worker.marks");
  std::uint32_t next = 0;  // the chunk to serve next
  for (;;) {
    RingHeader* header = worker.ring.header();
    auto published = [header, next] { return __atomic_load_n(&header->published, __ATOMIC_ACQUIRE) != next; };
    if (merges_first) {
      // The first also wakes when a worker waiting for room in its shadow or resident queue has posted
      // (their posts ring this bell then): the merges may let it go on (first_waits.h).
      while (!published()) {
        if (!sleep_until(&header->data_bell, [&] { return published() || first_merges_wanted(); }, kToolCheckMs) &&
            tool_gone(&worker)) {
          end_worker_without_tool();
        }
        first_merges(false);
      }
    }
    while (!sleep_until(&header->data_bell, published, kToolCheckMs)) {
      if (tool_gone(&worker)) end_worker_without_tool();
    }
    const RingChunk* chunk = worker.ring.chunk(next);
    if (worker.child_trace_starts) recording_pid(&worker);  // the child said its pid before this chunk
    if (trace_writer_on()) trace_chunk(chunk->words, chunk->used);
    const std::uint64_t accesses = native ? serve_chunk<true>(&worker, chunk->words, chunk->used)
                                          : serve_chunk<false>(&worker, chunk->words, chunk->used);
    if (worker.switching) {
      switch_to_child_ring(&worker);
      next = 0;
      continue;
    }
    WorkerSlot& slot = header->slots[worker.index];
    __atomic_store_n(&slot.accesses_received, slot.accesses_received + accesses, __ATOMIC_RELAXED);
    ++next;
    __atomic_store_n(&slot.consumed, next, __ATOMIC_RELEASE);
    ring_room_bell(header, next);
    hand_over_logs();
    // The debug failures strike the last worker (the only one with --sim-threads=1).
    const bool last = worker.index + 1 == header->workers;
    if (last && worker_fail_after_chunks != 0 && next >= worker_fail_after_chunks) kill_process(VG_(getpid)());
    // Debug: a hung worker (a lost wake-up, a deadlock) sleeps without taking chunks; it still ends
    // with the tool's process.
    while (last && worker_stall_after_chunks != 0 && next >= worker_stall_after_chunks) {
      VG_(poll)(nullptr, 0, kToolCheckMs);
      if (tool_gone(&worker)) end_worker_without_tool();
    }
  }
}

}  // namespace ccsim
