// shared_ring.cc: the shared mapping and the futex (shared_ring.h).
#include "ccsim/tool/workers/shared_ring.h"

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// amd64 Linux (linux/futex.h): the shared (not private) forms, since the word is in two processes.
constexpr UWord kFutexWait = 0;
constexpr UWord kFutexWake = 1;

std::uint64_t round_up(std::uint64_t bytes, std::uint64_t unit) { return (bytes + unit - 1) / unit * unit; }

}  // namespace

bool SharedRing::create(std::uint32_t chunk_count, int* error) {
  const std::uint64_t header_bytes = round_up(sizeof(RingHeader), 4096);
  bytes_ = header_bytes + std::uint64_t(chunk_count) * RingChunk::kBytes + kMessageBytes;
  HChar path[64];
  VG_(sprintf)(path, "/dev/shm/ccsim-ring-%d-%u", VG_(getpid)(), VG_(read_millisecond_timer)());
  const SysRes opened = VG_(open)(path, VKI_O_RDWR | VKI_O_CREAT | VKI_O_EXCL, 0600);
  if (sr_isError(opened)) {
    *error = static_cast<int>(sr_Err(opened));
    return false;
  }
  const Int fd = static_cast<Int>(sr_Res(opened));
  // Unlinked at once: nothing is left behind whatever happens to either process.
  VG_(unlink)(path);
  const SysRes sized = VG_(do_syscall)(__NR_ftruncate, fd, bytes_, 0, 0, 0, 0, 0, 0);
  SysRes mapped = sized;
  if (!sr_isError(sized)) {
    mapped = VG_(am_shared_mmap_file_float_valgrind)(bytes_, VKI_PROT_READ | VKI_PROT_WRITE, fd, 0);
  }
  VG_(close)(fd);
  if (sr_isError(mapped)) {
    *error = static_cast<int>(sr_Err(mapped));
    return false;
  }
  char* base = reinterpret_cast<char*>(sr_Res(mapped));
  header_ = reinterpret_cast<RingHeader*>(base);
  chunks_ = reinterpret_cast<RingChunk*>(base + header_bytes);
  messages_ = base + header_bytes + std::uint64_t(chunk_count) * RingChunk::kBytes;
  chunk_count_ = chunk_count;
  return true;
}

void wait_for_ring(RingBell* bell, std::uint32_t seen_rings, std::uint32_t timeout_ms) {
  struct vki_timespec timeout;
  timeout.tv_sec = timeout_ms / 1000;
  timeout.tv_nsec = static_cast<long>(timeout_ms % 1000) * 1000000;
  VG_(do_syscall)(__NR_futex, reinterpret_cast<UWord>(&bell->rings), kFutexWait, seen_rings,
                  reinterpret_cast<UWord>(&timeout), 0, 0, 0, 0);
}

void ring_bell(RingBell* bell) {
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  if (__atomic_load_n(&bell->sleeping, __ATOMIC_RELAXED) == 0) return;
  __atomic_fetch_add(&bell->rings, 1u, __ATOMIC_RELEASE);
  VG_(do_syscall)(__NR_futex, reinterpret_cast<UWord>(&bell->rings), kFutexWake, 1, 0, 0, 0, 0, 0);
}

void kill_process(int pid) { VG_(do_syscall)(__NR_kill, static_cast<UWord>(pid), VKI_SIGKILL, 0, 0, 0, 0, 0, 0); }

}  // namespace ccsim
