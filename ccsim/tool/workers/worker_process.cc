// worker_process.cc: fork, waits with health checks, the end (worker_process.h).
#include "ccsim/tool/workers/worker_process.h"

#include "ccsim/tool/output/exit_status.h"
#include "ccsim/tool/output/profile_file.h"
#include "ccsim/tool/output/tool_messages.h"
#include "ccsim/tool/process_stat.h"
#include "ccsim/tool/valgrind_api.h"
#include "ccsim/tool/workers/process_watch.h"
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

SharedRing ring;                  // the ring this process records into (mapped before its worker's fork)
// The worker. It is no child of this process (see start_simulation_worker), so it is watched through /proc
// (process_watch.h), not waitpid. 0: no worker.
Int worker_pid = 0;
std::uint32_t filling = 0;        // the number of the chunk the tool fills (shared_ring.h)

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

// Ends the run after the worker died or hung: one sentence, no profile, a non-zero exit (the program's
// own code when it has exited with one, as for any lost profile).
__attribute__((noreturn)) void worker_lost(const char* what) {
  VG_(umsg)("ccsim: the simulation worker (process %d) %s; no profile was written.\n", worker_pid, what);
  child_ring.unlink_name();  // lost while a fork's ring still had its name: nothing is left in /dev/shm
  exit_for_lost_profile();   // returns when the program has not exited yet
  VG_(exit)(1);
  __builtin_unreachable();
}

// Whether the worker still runs; ends the run if it has died.
void check_worker_alive() {
  Int status = 0;
  bool status_known = false;
  if (!process_gone(worker_pid, &status, &status_known)) return;
  HChar what[96];
  if (!status_known) {
    VG_(sprintf)(what, "ended unexpectedly");
  } else if ((status & 0x7f) != 0) {
    VG_(sprintf)(what, "was killed by signal %d", status & 0x7f);
  } else {
    VG_(sprintf)(what, "ended early with exit code %d", (status >> 8) & 0xff);
  }
  worker_lost(what);
}

// Sleeps until `ready()`, checking the worker's health at every timeout. The worker makes progress while
// it takes chunks or uses CPU time (the replay and the profile at the end take no chunk); one that does
// neither for worker_hang_seconds (a lost wake-up, a deadlock) is killed and the run ended.
template <class Ready>
void wait_for_worker(Ready ready) {
  RingHeader* header = ring.header();
  std::uint32_t last_consumed = __atomic_load_n(&header->consumed, __ATOMIC_ACQUIRE);
  std::uint64_t last_ticks = process_cpu_ticks(worker_pid);
  std::uint32_t idle_ms = 0;
  while (!sleep_until(&header->room_bell, ready, kCheckMs)) {
    check_worker_alive();
    const std::uint32_t consumed = __atomic_load_n(&header->consumed, __ATOMIC_ACQUIRE);
    const std::uint64_t ticks = process_cpu_ticks(worker_pid);
    idle_ms = consumed == last_consumed && ticks == last_ticks ? idle_ms + kCheckMs : 0;
    last_consumed = consumed;
    last_ticks = ticks;
    if (idle_ms >= worker_hang_seconds * 1000) {
      kill_process(worker_pid);
      HChar what[96];
      VG_(sprintf)(what, "made no progress for %u seconds and was stopped", worker_hang_seconds);
      worker_lost(what);
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
  if (!child_ring.create_named(ring.chunk_count(), &error)) {
    no_worker_error = error;
    return;
  }
  std::uint32_t* payload = append_operation(StreamOp::ClientFork, 1 + name_words(child_ring.path()));
  payload[0] = ring.chunk_count();
  put_name(payload + 1, child_ring.path());
  publish_chunk();
  ++forks_requested;
  RingHeader* header = ring.header();
  wait_for_worker([header] { return __atomic_load_n(&header->forks_answered, __ATOMIC_ACQUIRE) == forks_requested; });
  // Both sides have the file mapped (or the worker gave up): the name goes.
  child_ring.unlink_name();
  no_worker_error = static_cast<Int>(header->fork_error);
  if (no_worker_error != 0) {
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
    worker_pid = 0;
    if (discarded_chunk == nullptr) {
      discarded_chunk = static_cast<RingChunk*>(VG_(malloc)("ccsim.worker.discarded", sizeof(RingChunk)));
    }
  } else {
    ring = child_ring;
    child_ring = SharedRing();
    child_ring_ready = false;
    filling = 0;
    forks_requested = 0;  // counted in the new ring's header
    worker_pid = ring.header()->worker_pid;
    __atomic_store_n(&ring.header()->tool_pid, static_cast<std::int32_t>(VG_(getpid)()), __ATOMIC_RELEASE);
  }
  start_worker_recording();
}

}  // namespace

std::uint32_t ring_chunks(std::uint64_t max_buffer_bytes) {
  std::uint64_t chunks = max_buffer_bytes / 4 / RingChunk::kBytes;
  if (chunks < 4) chunks = 4;
  if (chunks > 128) chunks = 128;
  return static_cast<std::uint32_t>(chunks);
}

void start_simulation_worker(Simulator* simulator, std::uint64_t max_buffer_bytes) {
  int error = 0;
  if (!ring.create(ring_chunks(max_buffer_bytes), &error)) {
    VG_(umsg)("ccsim: --sim-threads=1 needs a shared mapping in /dev/shm, which could not be made (%s); rerun "
              "with --sim-threads=0.\n", VG_(strerror)(error));
    VG_(exit)(1);
  }
  // Forked through a go-between that ends at once, so that the worker is no child of the program's
  // process: the program's wait(-1) or wait(NULL) must neither find it nor wait for it (it ends only
  // after the program). The go-between says the worker's pid in the ring's header.
  const Int tool_pid = VG_(getpid)();
  const Int go_between = VG_(fork)();
  if (go_between == 0) {
    const Int pid = VG_(fork)();
    if (pid == 0) run_simulation_worker(&ring, tool_pid, simulator);  // never returns
    __atomic_store_n(&ring.header()->worker_pid, static_cast<std::int32_t>(pid > 0 ? pid : 0), __ATOMIC_RELEASE);
    VG_(exit)(0);
  }
  Int status = 0;
  if (go_between > 0) VG_(waitpid)(go_between, &status, 0);
  worker_pid = __atomic_load_n(&ring.header()->worker_pid, __ATOMIC_ACQUIRE);
  if (worker_pid <= 0) {
    VG_(umsg)("ccsim: --sim-threads=1 could not start its simulation worker (fork failed); rerun with "
              "--sim-threads=0.\n");
    VG_(exit)(1);
  }
  filling = 0;
  VG_(atfork)(client_forks, parent_after_fork, child_after_fork);
  start_worker_recording();
  // The worker runs beside the program only on a CPU of its own (docs/parallel-simulation.md, section 7).
  if (usable_cpus() == 1 && VG_(clo_verbosity) > 0) {
    VG_(umsg)("ccsim: this process may run on one CPU only (its affinity), so the simulation worker takes "
              "turns with the program instead of running beside it: --sim-threads=1 gains no time here.\n");
  }
}

RingChunk* take_chunk_to_fill() {
  if (no_worker) return discarded_chunk;
  abandon_failed_fork();
  RingHeader* header = ring.header();
  const std::uint32_t count = ring.chunk_count();
  auto has_room = [header, count] {
    return filling - __atomic_load_n(&header->consumed, __ATOMIC_ACQUIRE) < count;
  };
  if (!has_room()) wait_for_worker(has_room);
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
  RingHeader* header = ring.header();
  wait_for_worker([header] { return __atomic_load_n(&header->finished, __ATOMIC_ACQUIRE) != 0; });
  // The worker's messages (the exit summary, ...), as it would have printed them itself.
  if (header->message_bytes > 0) VG_(umsg)("%s", ring.messages());
  const bool written = header->finished == 2;
  worker_pid = 0;
  return written;
}

std::uint64_t worker_accesses_received() {
  if (no_worker) return 0;
  return __atomic_load_n(&ring.header()->accesses_received, __ATOMIC_RELAXED);
}

std::uint64_t worker_ring_bytes_in_use() {
  if (no_worker) return 0;
  return std::uint64_t(filling - __atomic_load_n(&ring.header()->consumed, __ATOMIC_RELAXED)) * RingChunk::kBytes;
}

std::uint64_t worker_ring_bytes() { return ring.bytes(); }

}  // namespace ccsim
