// worker_process.cc: fork, waits with health checks, the end (worker_process.h).
#include "ccsim/tool/workers/worker_process.h"

#include "ccsim/tool/options.h"
#include "ccsim/tool/output/exit_status.h"
#include "ccsim/tool/output/profile_file.h"
#include "ccsim/tool/output/tool_messages.h"
#include "ccsim/tool/process_stat.h"
#include "ccsim/tool/trace/trace_writer.h"
#include "ccsim/tool/valgrind_api.h"
#include "ccsim/tool/workers/process_watch.h"
#include "ccsim/tool/workers/shard_counts.h"
#include "ccsim/tool/workers/worker_handover.h"
#include "ccsim/tool/workers/worker_loop.h"
#include "ccsim/tool/workers/worker_recorder.h"

namespace ccsim {

std::uint32_t worker_fail_after_chunks = 0;
std::uint32_t worker_stall_after_chunks = 0;
std::uint32_t worker_hang_seconds = 300;
bool forked_worker_dies = false;
bool worker_dies_at_end = false;

namespace {

// How long one sleep lasts before the sleeper checks the other side's health.
constexpr std::uint32_t kCheckMs = 200;

SharedRing ring;                  // the ring this process records into (mapped before its workers' fork)
RingUse ring_use{};               // what of it the run writes (the same for a forked child's ring)
// The workers, as many as the ring's header says. They are no children of this process (see
// start_simulation_worker), so they are watched through /proc (process_watch.h), not waitpid. 0 workers:
// none (yet, or any more).
Int worker_pids[kMaxWorkers] = {};
std::uint32_t worker_count = 0;
std::uint32_t filling = 0;        // the number of the chunk the tool fills (shared_ring.h)
// How often this process found the ring full and waited for its workers (the -v line at the end): each
// wait frees half the ring, so there are at most (chunks filled - ring) / 2 + 1 of them.
std::uint32_t room_waits = 0;

// The chunks the slowest worker has finished with: the ring has room up to it.
std::uint32_t slowest_consumed() {
  RingHeader* header = ring.header();
  std::uint32_t behind = 0;
  for (std::uint32_t k = 0; k < worker_count; ++k) {
    const std::uint32_t lag = filling - __atomic_load_n(&header->slots[k].consumed, __ATOMIC_ACQUIRE);
    if (lag > behind) behind = lag;
  }
  return filling - behind;
}

// Between the client fork's "pre" callback and its end: the ring made for the child, served by a worker
// forked for it (worker_process.h). `child_ring_ready` is cleared by the "parent" or "child" callback;
// still set at the parent's next record, the fork failed.
SharedRing child_ring;
bool child_ring_ready = false;
std::uint32_t forks_requested = 0;  // ClientFork operations sent to this process's worker
// In a child the client forked when the worker could not follow (`no_worker_error`: why, an errno): it
// records into a chunk of its own that nobody reads, and writes no profile.
bool no_worker = false;
Int no_worker_error = 0;
RingChunk* discarded_chunk = nullptr;

// Ends the run after worker `index` died or hung: one sentence, no profile, a non-zero exit (the
// program's own code when it has exited with one, as for any lost profile).
__attribute__((noreturn)) void worker_lost(std::uint32_t index, const char* what) {
  if (worker_count > 1) {
    VG_(umsg)("ccsim: simulation worker %u of %u (process %d) %s; no profile was written.\n", index + 1,
              worker_count, worker_pids[index], what);
  } else {
    VG_(umsg)("ccsim: the simulation worker (process %d) %s; no profile was written.\n", worker_pids[index], what);
  }
  child_ring.unlink_name();  // lost while a fork's ring still had its name: nothing is left in /dev/shm
  remove_unfinished_trace();  // nor a half-written trace beside its name
  // Nor the counts a worker of other shards had handed over to the first (shard_counts.h).
  for (std::uint32_t k = 1; k < worker_count; ++k) {
    if (ring.header()->slots[k].finished == 2) remove_shard_counts(worker_pids[k], ring.header()->slots[k].counts_attempt);
  }
  exit_for_lost_profile();   // returns when the program has not exited yet
  VG_(exit)(1);
  __builtin_unreachable();
}

// Ends the run if a worker that still owes its part has died. A worker other than the first ends once
// it has handed its counts over (`finished`): that one is not missed.
void check_workers_alive() {
  RingHeader* header = ring.header();
  for (std::uint32_t k = 0; k < worker_count; ++k) {
    if (__atomic_load_n(&header->slots[k].finished, __ATOMIC_ACQUIRE) != 0) continue;
    Int status = 0;
    bool status_known = false;
    if (!process_gone(worker_pids[k], &status, &status_known)) continue;
    if (__atomic_load_n(&header->slots[k].finished, __ATOMIC_ACQUIRE) != 0) continue;  // finished meanwhile
    HChar what[96];
    if (!status_known) {
      VG_(sprintf)(what, "ended unexpectedly");
    } else if ((status & 0x7f) != 0) {
      VG_(sprintf)(what, "was killed by signal %d", status & 0x7f);
    } else {
      VG_(sprintf)(what, "ended early with exit code %d", (status >> 8) & 0xff);
    }
    worker_lost(k, what);
  }
}

// The workers' progress, as one number that changes whenever any of them takes a chunk or uses CPU
// time (the replay and the profile at the end take no chunk).
std::uint64_t workers_progress() {
  RingHeader* header = ring.header();
  std::uint64_t progress = 0;
  for (std::uint32_t k = 0; k < worker_count; ++k) {
    progress += __atomic_load_n(&header->slots[k].consumed, __ATOMIC_ACQUIRE);
    if (__atomic_load_n(&header->slots[k].finished, __ATOMIC_ACQUIRE) == 0) progress += process_cpu_ticks(worker_pids[k]);
  }
  return progress;
}

// Sleeps until `ready()`, checking the workers' health at every timeout. When no worker makes progress
// for worker_hang_seconds (a lost wake-up, a deadlock), the unfinished worker furthest behind in the ring
// is taken as hung (one that hangs stops the others too, once the ring is full or the end waits for it):
// it is killed and the run ended.
template <class Ready>
void wait_for_worker(Ready ready) {
  RingHeader* header = ring.header();
  std::uint64_t last_progress = workers_progress();
  std::uint32_t idle_ms = 0;
  while (!sleep_until(&header->room_bell, ready, kCheckMs)) {
    check_workers_alive();
    const std::uint64_t progress = workers_progress();
    idle_ms = progress == last_progress ? idle_ms + kCheckMs : 0;
    last_progress = progress;
    if (idle_ms >= worker_hang_seconds * 1000) {
      // The unfinished worker furthest behind: the one holding the others up.
      std::uint32_t hung = 0;
      std::uint32_t most_behind = 0;
      for (std::uint32_t k = 0; k < worker_count; ++k) {
        if (__atomic_load_n(&header->slots[k].finished, __ATOMIC_ACQUIRE) != 0) continue;
        const std::uint32_t behind = filling - __atomic_load_n(&header->slots[k].consumed, __ATOMIC_ACQUIRE) + 1;
        if (behind > most_behind) {
          most_behind = behind;
          hung = k;
        }
      }
      kill_process(worker_pids[hung]);
      HChar what[96];
      VG_(sprintf)(what, "made no progress for %u seconds and was stopped", worker_hang_seconds);
      worker_lost(hung, what);
    }
  }
}

// A fork whose "pre" callback made a ring for the child, but neither the "parent" nor the "child"
// callback followed: the fork failed. The worker forked for it waits for a child that does not exist:
// it is told, and ends.
void abandon_failed_fork() {
  if (!child_ring_ready) return;
  RingHeader* header = child_ring.header();
  __atomic_store_n(&header->abandoned, 1u, __ATOMIC_RELEASE);
  ring_bell(&header->data_bell);
  child_ring.unmap();
  child_ring_ready = false;
}

// Valgrind's atfork "pre" callback, in the process that forks, before the fork (worker_process.h).
void client_forks(ThreadId) {
  if (no_worker) return;
  abandon_failed_fork();
  Int error = 0;
  if (!child_ring.create_named(ring.chunk_count(), ring_use, &error)) {
    no_worker_error = error;
    return;
  }
  child_ring.header()->workers = worker_count;  // the child's workers are forked from this process's
  std::uint32_t* payload = append_operation(StreamOp::ClientFork, 1 + name_words(child_ring.path()));
  payload[0] = ring.chunk_count();
  put_name(payload + 1, child_ring.path());
  publish_chunk();
  ++forks_requested;
  RingHeader* header = ring.header();
  wait_for_worker([header] {
    for (std::uint32_t k = 0; k < worker_count; ++k) {
      if (__atomic_load_n(&header->slots[k].forks_answered, __ATOMIC_ACQUIRE) != forks_requested) return false;
    }
    return true;
  });
  // Every side has the file mapped (or a worker gave up): the name goes.
  child_ring.unlink_name();
  for (std::uint32_t k = 0; k < worker_count && no_worker_error == 0; ++k) {
    no_worker_error = static_cast<Int>(header->slots[k].fork_error);
  }
  if (no_worker_error != 0) {
    // The workers that did fork for the child would wait for it: they are told, and end.
    __atomic_store_n(&child_ring.header()->abandoned, 1u, __ATOMIC_RELEASE);
    ring_bell(&child_ring.header()->data_bell);
    child_ring.unmap();
    return;
  }
  child_ring_ready = true;
}

// Valgrind's atfork "parent" callback: the fork succeeded; the child's ring is the child's.
void parent_after_fork(ThreadId) {
  if (!child_ring_ready) return;
  child_ring.unmap();
  child_ring_ready = false;
}

// Valgrind's atfork "child" callback: this is the client's child. It records into its own ring, served
// by the worker forked for it, or, when there is none, into a chunk nobody reads.
void child_after_fork(ThreadId) {
  if (!no_worker) ring.unmap();  // the parent's
  if (no_worker || !child_ring_ready) {
    no_worker = true;
    worker_count = 0;
    if (discarded_chunk == nullptr) {
      discarded_chunk = static_cast<RingChunk*>(VG_(malloc)("ccsim.worker.discarded", sizeof(RingChunk)));
    }
  } else {
    ring = child_ring;
    child_ring = SharedRing();
    child_ring_ready = false;
    filling = 0;
    room_waits = 0;
    forks_requested = 0;  // counted in the new ring's header
    for (std::uint32_t k = 0; k < worker_count; ++k) worker_pids[k] = ring.header()->slots[k].worker_pid;
    // This process's own trace, named and created before it says its pid, which is when its first worker
    // starts it (worker_loop.cc, recording_pid): the parent's trace is the parent's (trace_writer.h).
    RingHeader* header = ring.header();
    header->child_trace_error =
        prepare_child_trace(header->child_trace_name, header->child_trace_temporary, kChildTraceNameBytes);
    __atomic_store_n(&header->tool_pid, static_cast<std::int32_t>(VG_(getpid)()), __ATOMIC_RELEASE);
  }
  if (no_worker) leave_trace_to_parent();  // nobody writes this process's trace
  start_worker_recording();
}

}  // namespace

std::uint32_t ring_chunks(std::uint64_t max_buffer_bytes) {
  std::uint64_t chunks = max_buffer_bytes / 4 / RingChunk::kBytes;
  if (chunks < 4) chunks = 4;
  if (chunks > 128) chunks = 128;
  return static_cast<std::uint32_t>(chunks);
}

void start_simulation_worker(Simulator* simulator, std::uint64_t max_buffer_bytes, std::uint32_t workers) {
  int error = 0;
  ring_use = RingUse{workers, workers > 1 && options.data_objects, workers > 1 && options.machine.miss_classes,
                     workers > 1 && options.machine.miss_classes && options.data_objects,
                     workers > 1 && options.working_set};
  if (!ring.create(ring_chunks(max_buffer_bytes), ring_use, &error)) {
    VG_(umsg)("ccsim: --sim-threads=%u needs a shared mapping in /dev/shm, which could not be made (%s); rerun "
              "with --sim-threads=0.\n", workers, VG_(strerror)(error));
    VG_(exit)(1);
  }
  ring.header()->workers = workers;
  // Forked through a go-between that ends at once, so that the workers are no children of the program's
  // process: the program's wait(-1) or wait(NULL) must neither find them nor wait for them (they end only
  // after the program). The go-between says each worker's pid in the ring's header.
  const Int tool_pid = VG_(getpid)();
  const Int go_between = VG_(fork)();
  if (go_between == 0) {
    for (std::uint32_t k = 0; k < workers; ++k) {
      const Int pid = VG_(fork)();
      if (pid == 0) run_simulation_worker(&ring, tool_pid, simulator, k);  // never returns
      __atomic_store_n(&ring.header()->slots[k].worker_pid, static_cast<std::int32_t>(pid > 0 ? pid : 0),
                       __ATOMIC_RELEASE);
      if (pid <= 0) break;
    }
    VG_(exit)(0);
  }
  Int status = 0;
  if (go_between > 0) VG_(waitpid)(go_between, &status, 0);
  worker_count = workers;
  for (std::uint32_t k = 0; k < workers; ++k) {
    worker_pids[k] = __atomic_load_n(&ring.header()->slots[k].worker_pid, __ATOMIC_ACQUIRE);
    if (worker_pids[k] > 0) continue;
    for (std::uint32_t started = 0; started < k; ++started) kill_process(worker_pids[started]);
    VG_(umsg)("ccsim: --sim-threads=%u could not start its simulation workers (fork failed); rerun with "
              "--sim-threads=0.\n", workers);
    VG_(exit)(1);
  }
  filling = 0;
  room_waits = 0;
  VG_(atfork)(client_forks, parent_after_fork, child_after_fork);
  start_worker_recording();
  // The workers run beside the program only on CPUs of their own (docs/parallel-simulation.md, section 7).
  if (usable_cpus() == 1 && VG_(clo_verbosity) > 0) {
    VG_(umsg)("ccsim: this process may run on one CPU only (its affinity), so the simulation %s turns with "
              "the program instead of running beside it: --sim-threads=%u gains no time here.\n",
              workers == 1 ? "worker takes" : "workers take", workers);
  }
}

RingChunk* take_chunk_to_fill() {
  if (no_worker) return discarded_chunk;
  abandon_failed_fork();
  const std::uint32_t count = ring.chunk_count();
  if (filling - slowest_consumed() < count) return ring.chunk(filling);
  // Full: wait until half the ring is free (RingHeader::room_wanted says why), waking only when every
  // worker has consumed that far.
  const std::uint32_t wanted = filling - count / 2;
  ++room_waits;
  __atomic_store_n(&ring.header()->room_wanted, wanted, __ATOMIC_RELAXED);
  wait_for_worker([wanted] { return chunk_count_reached(slowest_consumed(), wanted); });
  return ring.chunk(filling);
}

void hand_over_filled_chunk(std::uint32_t used_words) {
  if (no_worker) return;
  RingHeader* header = ring.header();
  ring.chunk(filling)->used = used_words;
  ++filling;
  __atomic_store_n(&header->published, filling, __ATOMIC_RELEASE);
  ring_bell(&header->data_bell);
}

bool finish_simulation_worker() {
  if (no_worker) {
    VG_(umsg)("ccsim: this process was forked by the program, and its simulation worker could not follow the "
              "fork (%s), so it writes no profile; rerun with --sim-threads=0 for one.\n",
              VG_(strerror)(no_worker_error));
    return false;
  }
  abandon_failed_fork();
  const HChar* profile_name = profile_target_name();
  std::uint32_t* payload = append_operation(StreamOp::Finish, 1 + name_words(profile_name));
  payload[0] = static_cast<std::uint32_t>(VG_(getpid)());
  put_name(payload + 1, profile_name);
  publish_chunk();
  return await_simulation_end();
}

bool await_simulation_end() {
  RingHeader* header = ring.header();
  wait_for_worker([header] { return __atomic_load_n(&header->slots[0].finished, __ATOMIC_ACQUIRE) != 0; });
  // The first worker's messages (the exit summary, ...), as it would have printed them itself.
  if (header->message_bytes > 0) VG_(umsg)("%s", ring.messages());
  // Whether the simulation kept the program waiting (with -v: it depends on the machine's load).
  if (VG_(clo_verbosity) > 1) {
    VG_(umsg)("ccsim: the program's threads recorded %u chunks of %u KiB into a ring of %u and found it full "
              "%u times\n", filling, RingChunk::kBytes / 1024, ring.chunk_count(), room_waits);
  }
  const bool written = header->slots[0].finished == 2;
  worker_count = 0;
  return written;
}

std::uint64_t worker_accesses_received() {
  if (no_worker) return 0;
  return __atomic_load_n(&ring.header()->slots[0].accesses_received, __ATOMIC_RELAXED);
}

std::uint64_t worker_ring_bytes_in_use() {
  if (no_worker) return 0;
  return std::uint64_t(filling - slowest_consumed()) * RingChunk::kBytes;
}

std::uint64_t worker_ring_bytes() { return std::uint64_t(ring.chunk_count()) * RingChunk::kBytes; }

}  // namespace ccsim
