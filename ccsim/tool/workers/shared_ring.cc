// shared_ring.cc: the shared mapping and the futex (shared_ring.h).
#include "ccsim/tool/workers/shared_ring.h"

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// amd64 Linux (linux/futex.h): the shared (not private) forms, since the word is in two processes.
constexpr UWord kFutexWait = 0;
constexpr UWord kFutexWake = 1;
constexpr Int kOpenNoFollow = 0400000;  // O_NOFOLLOW (asm-generic), which the vki headers lack

std::uint64_t round_up(std::uint64_t bytes, std::uint64_t unit) { return (bytes + unit - 1) / unit * unit; }

}  // namespace

bool SharedRing::create(std::uint32_t chunk_count, const RingUse& use, int* error) {
  if (!create_named(chunk_count, use, error)) return false;
  // Unlinked at once: nothing is left behind whatever happens to either process.
  unlink_name();
  return true;
}

bool SharedRing::create_named(std::uint32_t chunk_count, const RingUse& use, int* error) {
  // The pid, the clock and a count: unique among the processes of a run (a forked child counts on from
  // its parent's count, under its own pid), and O_EXCL refuses a name that exists anyway.
  static std::uint32_t made = 0;
  HChar path[sizeof path_];
  VG_(sprintf)(path, "/dev/shm/ccsim-ring-%d-%u-%u", VG_(getpid)(), VG_(read_millisecond_timer)(), made++);
  if (!open_and_map(path, VKI_O_RDWR | VKI_O_CREAT | VKI_O_EXCL, &use, chunk_count, error)) return false;
  VG_(strcpy)(path_, path);
  return true;
}

bool SharedRing::attach(const char* path, std::uint32_t chunk_count, int* error) {
  return open_and_map(path, VKI_O_RDWR | kOpenNoFollow, nullptr, chunk_count, error);
}

void SharedRing::unlink_name() {
  if (path_[0] == '\0') return;
  VG_(unlink)(path_);
  path_[0] = '\0';
}

void SharedRing::unmap() {
  if (header_ != nullptr) VG_(am_munmap_valgrind)(reinterpret_cast<Addr>(header_), bytes_);
  *this = SharedRing();
}

bool SharedRing::open_and_map(const char* path, int flags, const RingUse* use, std::uint32_t chunk_count, int* error) {
  const std::uint64_t header_bytes = round_up(sizeof(RingHeader), 4096);
  const std::uint64_t messages = header_bytes + std::uint64_t(chunk_count) * RingChunk::kBytes;
  const std::uint64_t placement = messages + kMessageBytes;
  const std::uint64_t shadow = placement + kMaxWorkers * sizeof(PlacementQueue);
  const std::uint64_t classes = shadow + kMaxWorkers * sizeof(ShadowQueue);
  const std::uint64_t resident = classes + kMaxWorkers * sizeof(ClassQueue);
  const std::uint64_t bytes = resident + kMaxWorkers * sizeof(ResidentQueue);
  const bool size_it = use != nullptr;
  const SysRes opened = VG_(open)(path, flags, 0600);
  if (sr_isError(opened)) {
    *error = static_cast<int>(sr_Err(opened));
    return false;
  }
  const Int fd = static_cast<Int>(sr_Res(opened));
  SysRes mapped = size_it ? VG_(do_syscall)(__NR_ftruncate, fd, bytes, 0, 0, 0, 0, 0, 0) : opened;
  // The parts the run writes, reserved (RingUse): queue k of each kind for workers 1..N-1.
  auto reserve = [fd, &mapped](std::uint64_t offset, std::uint64_t length) {
    if (!sr_isError(mapped) && length > 0) mapped = VG_(do_syscall)(__NR_fallocate, fd, 0, offset, length, 0, 0, 0, 0);
  };
  if (size_it) {
    reserve(0, placement);
    const std::uint64_t others = use->workers > 1 ? use->workers - 1 : 0;
    if (use->placement_queues) reserve(placement + sizeof(PlacementQueue), others * sizeof(PlacementQueue));
    if (use->shadow_queues) reserve(shadow + sizeof(ShadowQueue), others * sizeof(ShadowQueue));
    if (use->class_queues) reserve(classes + sizeof(ClassQueue), others * sizeof(ClassQueue));
    if (use->resident_queues) reserve(resident + sizeof(ResidentQueue), others * sizeof(ResidentQueue));
  }
  if (!sr_isError(mapped)) {
    mapped = VG_(am_shared_mmap_file_float_valgrind)(bytes, VKI_PROT_READ | VKI_PROT_WRITE, fd, 0);
  }
  VG_(close)(fd);
  if (sr_isError(mapped)) {
    if (size_it) VG_(unlink)(path);
    *error = static_cast<int>(sr_Err(mapped));
    return false;
  }
  char* base = reinterpret_cast<char*>(sr_Res(mapped));
  header_ = reinterpret_cast<RingHeader*>(base);
  chunks_ = reinterpret_cast<RingChunk*>(base + header_bytes);
  messages_ = base + messages;
  chunk_count_ = chunk_count;
  bytes_ = bytes;
  return true;
}

std::uint32_t stage_queue_bytes = 0;

void wait_for_ring(RingBell* bell, std::uint32_t seen_rings, std::uint32_t timeout_ms) {
  struct vki_timespec timeout;
  timeout.tv_sec = timeout_ms / 1000;
  timeout.tv_nsec = static_cast<long>(timeout_ms % 1000) * 1000000;
  VG_(do_syscall)(__NR_futex, reinterpret_cast<UWord>(&bell->rings), kFutexWait, seen_rings,
                  reinterpret_cast<UWord>(&timeout), 0, 0, 0, 0);
}

namespace {

// The futex wake of ring_bell() and ring_room_bell(), once they know that someone sleeps.
void wake_sleepers(RingBell* bell) {
  __atomic_fetch_add(&bell->rings, 1u, __ATOMIC_RELEASE);
  VG_(do_syscall)(__NR_futex, reinterpret_cast<UWord>(&bell->rings), kFutexWake, kMaxWorkers + 1, 0, 0, 0, 0, 0);
}

}  // namespace

void ring_room_bell(RingHeader* header, std::uint32_t consumed) {
  RingBell* bell = &header->room_bell;
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  if (__atomic_load_n(&bell->sleepers, __ATOMIC_RELAXED) == 0) return;
  // Read after the fence, as `sleepers`: the tool stores the count it wants before it counts itself a sleeper.
  if (!chunk_count_reached(consumed, __atomic_load_n(&header->room_wanted, __ATOMIC_RELAXED))) return;
  wake_sleepers(bell);
}

void ring_bell(RingBell* bell) {
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  if (__atomic_load_n(&bell->sleepers, __ATOMIC_RELAXED) == 0) return;
  wake_sleepers(bell);
}

}  // namespace ccsim
