// worker_process.cc: fork, waits with health checks, the end (worker_process.h).
#include "ccsim/tool/workers/worker_process.h"

#include "ccsim/tool/output/tool_messages.h"
#include "ccsim/tool/valgrind_api.h"
#include "ccsim/tool/workers/worker_loop.h"
#include "ccsim/tool/workers/worker_recorder.h"

namespace ccsim {

std::uint32_t worker_fail_after_chunks = 0;
std::uint32_t worker_stall_after_chunks = 0;
std::uint32_t worker_hang_seconds = 300;

namespace {

// How long one sleep lasts before the sleeper checks the other side's health.
constexpr std::uint32_t kCheckMs = 200;

SharedRing ring;                  // mapped before the fork: the same addresses in both processes
// In a child the client forked: the ring and the worker are the parent's, so the child records into a
// chunk of its own that nobody reads, and writes no profile (worker_process.h; not built yet).
bool forked_client_child = false;
RingChunk* discarded_chunk = nullptr;
Int worker_pid = 0;               // 0: no worker (or it has been reaped)
std::uint32_t filling = 0;        // the number of the chunk the tool fills (shared_ring.h)

// Valgrind's atfork child callback: the client forked, and this is the child.
void forget_parents_worker(ThreadId) {
  forked_client_child = true;
  worker_pid = 0;
  discarded_chunk = static_cast<RingChunk*>(VG_(malloc)("ccsim.worker.discarded", sizeof(RingChunk)));
  // The record cursor still points into the chunk the parent is filling, in the shared ring: the child's
  // records must not land there (they would overwrite the parent's), so it starts on its own chunk.
  start_worker_recording();
}

// Ends the run after the worker died or hung: one sentence, no profile, a non-zero exit.
__attribute__((noreturn)) void worker_lost(const char* what) {
  VG_(umsg)("ccsim: the simulation worker (process %d) %s; no profile was written.\n", worker_pid, what);
  VG_(exit)(1);
  __builtin_unreachable();
}

// Whether the worker still runs; ends the run if it has died.
void check_worker_alive() {
  Int status = 0;
  const Int reaped = VG_(waitpid)(worker_pid, &status, VKI_WNOHANG);
  if (reaped != worker_pid) return;
  HChar what[96];
  if ((status & 0x7f) != 0) {
    VG_(sprintf)(what, "was killed by signal %d", status & 0x7f);
  } else {
    VG_(sprintf)(what, "ended early with exit code %d", (status >> 8) & 0xff);
  }
  worker_pid = 0;
  worker_lost(what);
}

// The CPU time the worker has used so far, in clock ticks (user + system, /proc/<pid>/stat's 14th and
// 15th fields); 0 when it cannot be read.
std::uint64_t worker_cpu_ticks() {
  HChar path[48];
  VG_(sprintf)(path, "/proc/%d/stat", worker_pid);
  const SysRes opened = VG_(open)(path, VKI_O_RDONLY, 0);
  if (sr_isError(opened)) return 0;
  const Int fd = static_cast<Int>(sr_Res(opened));
  HChar text[512];
  const Int length = VG_(read)(fd, text, sizeof text - 1);
  VG_(close)(fd);
  if (length <= 0) return 0;
  text[length] = '\0';
  // The command name, in parentheses, may hold spaces: the fields are counted after its last ')'.
  const HChar* field = VG_(strrchr)(text, ')');
  if (field == nullptr) return 0;
  std::uint64_t ticks = 0;
  for (int number = 2; number <= 15 && *field != '\0'; ++number) {
    while (*field == ' ' || *field == ')') ++field;
    if (number >= 14) ticks += VG_(strtoull10)(field, nullptr);
    while (*field != ' ' && *field != '\0') ++field;
  }
  return ticks;
}

// Sleeps until `ready()`, checking the worker's health at every timeout. The worker makes progress while
// it takes chunks or uses CPU time (the replay and the profile at the end take no chunk); one that does
// neither for worker_hang_seconds (a lost wake-up, a deadlock) is killed and the run ended.
template <class Ready>
void wait_for_worker(Ready ready) {
  RingHeader* header = ring.header();
  std::uint32_t last_consumed = __atomic_load_n(&header->consumed, __ATOMIC_ACQUIRE);
  std::uint64_t last_ticks = worker_cpu_ticks();
  std::uint32_t idle_ms = 0;
  while (!sleep_until(&header->room_bell, ready, kCheckMs)) {
    check_worker_alive();
    const std::uint32_t consumed = __atomic_load_n(&header->consumed, __ATOMIC_ACQUIRE);
    const std::uint64_t ticks = worker_cpu_ticks();
    idle_ms = consumed == last_consumed && ticks == last_ticks ? idle_ms + kCheckMs : 0;
    last_consumed = consumed;
    last_ticks = ticks;
    if (idle_ms >= worker_hang_seconds * 1000) {
      kill_process(worker_pid);
      Int status;
      VG_(waitpid)(worker_pid, &status, 0);
      HChar what[96];
      VG_(sprintf)(what, "made no progress for %u seconds and was stopped", worker_hang_seconds);
      worker_lost(what);
    }
  }
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
  const Int tool_pid = VG_(getpid)();
  const Int pid = VG_(fork)();
  if (pid < 0) {
    VG_(umsg)("ccsim: --sim-threads=1 could not start its simulation worker (fork failed); rerun with "
              "--sim-threads=0.\n");
    VG_(exit)(1);
  }
  if (pid == 0) run_simulation_worker(&ring, tool_pid, simulator);  // never returns
  worker_pid = pid;
  filling = 0;
  VG_(atfork)(nullptr, nullptr, forget_parents_worker);
  start_worker_recording();
}


RingChunk* take_chunk_to_fill() {
  if (forked_client_child) return discarded_chunk;
  RingHeader* header = ring.header();
  const std::uint32_t count = ring.chunk_count();
  auto has_room = [header, count] {
    return filling - __atomic_load_n(&header->consumed, __ATOMIC_ACQUIRE) < count;
  };
  if (!has_room()) wait_for_worker(has_room);
  return ring.chunk(filling);
}

void hand_over_filled_chunk(std::uint32_t used_words) {
  if (forked_client_child) return;
  RingHeader* header = ring.header();
  ring.chunk(filling)->used = used_words;
  ++filling;
  __atomic_store_n(&header->published, filling, __ATOMIC_RELEASE);
  ring_bell(&header->data_bell);
}

bool finish_simulation_worker() {
  if (forked_client_child) {
    VG_(umsg)("ccsim: this process was forked by the program; with --sim-threads=1 a forked process writes no "
              "profile yet (its parent's does); rerun with --sim-threads=0 for one.\n");
    return false;
  }
  std::uint32_t* payload = append_operation(StreamOp::Finish, 1);
  payload[0] = static_cast<std::uint32_t>(VG_(getpid)());
  publish_chunk();
  RingHeader* header = ring.header();
  wait_for_worker([header] { return __atomic_load_n(&header->finished, __ATOMIC_ACQUIRE) != 0; });
  // The worker's messages (the exit summary, ...), as it would have printed them itself.
  if (header->message_bytes > 0) VG_(umsg)("%s", ring.messages());
  const bool written = header->finished == 2;
  Int status = 0;
  VG_(waitpid)(worker_pid, &status, 0);
  worker_pid = 0;
  return written;
}

std::uint64_t worker_accesses_received() {
  return __atomic_load_n(&ring.header()->accesses_received, __ATOMIC_RELAXED);
}

std::uint64_t worker_ring_bytes_in_use() {
  return std::uint64_t(filling - __atomic_load_n(&ring.header()->consumed, __ATOMIC_RELAXED)) * RingChunk::kBytes;
}

std::uint64_t worker_ring_bytes() { return ring.bytes(); }

}  // namespace ccsim
