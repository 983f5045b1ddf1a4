// shared_ring.h: the recorded stream's way from the program's process to the simulation workers: chunks
// of 32-bit words in a mapping the processes share (made before the workers are forked), filled by one
// writer (the tool, under Valgrind's lock: one client thread at a time) and read by every worker (each
// reads the whole stream: docs/parallel-simulation.md, section 9), oldest first, in a ring.
//
// Layout: a header on host lines of its own, then `chunk_count` chunks of kChunkBytes, the first worker's
// messages, a queue per worker for the placement watch's starts (PlacementQueue), one for its shadow ops
// (ShadowQueue), one for the classes of its misses coming back (ClassQueue) and one for the changes of its
// resident lines (ResidentQueue). A chunk is
// published whole: the writer fills it, stores its `used` words, then advances `published` (release);
// each worker reads a published chunk's words, then advances its own `consumed` (release). So the words a
// worker sees are complete, and the writer reuses a chunk only after the slowest worker has finished with
// it. Hot-path choice: nothing is shared per record; the writer touches the header once per chunk (64 KiB,
// about 5,000 accesses), and each worker likewise, on a line of its own (WorkerSlot).
//
// Waiting never spins long (docs/parallel-simulation.md, section 2: both sides spinning on a loaded
// 2-core machine were at the scheduler's mercy): a side that finds nothing to do sleeps on a futex word
// of the header (shared between processes, so not FUTEX_PRIVATE), with a timeout after which its caller
// checks that the other side is still alive; the other side wakes the sleepers only when some say they sleep.
#ifndef CCSIM_TOOL_WORKERS_SHARED_RING_H
#define CCSIM_TOOL_WORKERS_SHARED_RING_H

#include <cstdint>

namespace ccsim {

// A futex word sleepers wait on, and how many sleep; on a host line of its own, since the other side
// reads `sleepers` once per chunk. Every worker sleeps on the one data bell, so a ring wakes them all.
struct alignas(64) RingBell {
  std::uint32_t rings;     // the futex word: changes at every ring
  std::uint32_t sleepers;  // how many sleep or are about to
};

// The simulation workers one ring serves at most (--sim-threads).
constexpr std::uint32_t kMaxWorkers = 16;
// Room for a forked child's trace names in its ring's header: a path of PATH_MAX and its temporary name's
// extra (output/temporary_file.h), with the terminating zero.
constexpr std::uint32_t kChildTraceNameBytes = 4096 + 32;

// One worker's part of the header, on a host line of its own: the tool reads every worker's `consumed`
// when it needs room, and each worker writes only its own slot.
struct alignas(64) WorkerSlot {
  std::uint32_t consumed;            // chunks this worker has finished with
  // The worker's answer at the end (worker_process.h): 0 while running, then 1 + whether it did its part
  // (the first worker: the profile written; the others: their shards' counts handed over).
  std::uint32_t finished;
  std::uint64_t accesses_received;   // accesses the worker has taken from the ring (progress lines)
  std::uint64_t cpu_ms;              // at its end, the worker's CPU time (the exit summary's last line)
  std::uint32_t counts_attempt;      // which of its counts file names it wrote (shard_counts.h)
  std::uint32_t counts_error;        // why it could not (an errno), else 0
  // The client's forks (worker_process.h). In the ring of the process that forks: the forks this worker
  // has answered, and the last answer's errno (0: a worker forked for the child serves the child's ring).
  std::uint32_t forks_answered;
  std::uint32_t fork_error;
  // The worker's pid: written by the go-between that forked it, or, in a child's ring, by the worker the
  // child's worker was forked from, before it answers.
  std::int32_t worker_pid;
  // The most resident lines' changes this worker held at a hand-over (resident_queues.h; the debug line of
  // --sim-stage-queue-bytes).
  std::uint32_t resident_most_waiting;
  // Likewise the most shadow ops (shadow_queues.h): in its log, and in the first's also its own ops moved out
  // of the log and not yet applied.
  std::uint32_t shadow_most_waiting;
};

// Whether the chunk count `count` has reached `target`, counts modulo 2^32 (the two are less than 2^31
// apart: a ring holds at most 128 chunks).
inline bool chunk_count_reached(std::uint32_t count, std::uint32_t target) { return count - target < 0x80000000u; }

// The shared header. Counters are chunk numbers since the start (modulo 2^32); chunk n lives in slot
// n mod chunk_count.
struct RingHeader {
  alignas(64) std::uint32_t published;  // chunks the writer has filled and handed over
  std::uint32_t workers;                // how many workers read the ring (their slots come first)
  RingBell data_bell;                   // the workers sleep here when nothing is published
  // The tool sleeps here when every chunk is in use, and the first worker at the end while the others
  // hand their counts over.
  RingBell room_bell;
  // The chunk count every worker must have consumed before the tool, waiting for room, goes on: a worker
  // rings `room_bell` for its consumed chunks only once it reaches this (ring_room_bell). The tool that finds
  // the ring full waits until half of it is free (worker_process.cc, take_chunk_to_fill), so that it and
  // the workers take turns in long stretches: woken at every chunk any worker finished, the program's
  // process woke, went back to sleep and soon waited again about once per chunk, 10-25% of its CPU time
  // where the workers are the slower side (perf/README.md, "Waiting for half the ring").
  // Only the tool writes it; 0 (every count reaches it) until the ring first fills.
  alignas(64) std::uint32_t room_wanted;
  // The messages the first worker leaves for the tool to print (text, `message_bytes` of it); the pid
  // of the process recording (a forked child writes it as soon as it runs: whom the workers watch); and
  // whether a client's fork failed after all (its workers then serve nobody and end).
  alignas(64) std::uint32_t message_bytes;
  std::int32_t tool_pid;
  std::uint32_t abandoned;
  // With --trace-out, in a forked child's ring: the child's trace, named and created by the child before it
  // records anything (trace_writer.h, prepare_child_trace): its name, its temporary file, and the errno
  // when that could not be created (0: written by the child's first worker; empty names: no trace).
  std::int32_t child_trace_error;
  char child_trace_name[kChildTraceNameBytes];
  char child_trace_temporary[kChildTraceNameBytes];
  // The online shadow stage (shadow_queues.h): the first worker sleeps on `stage_bell` when it waits for
  // the others' ops at a fork or at the end; `stage_posts` counts the others' posts (ops or frontiers
  // handed over), `stage_blocked` the others waiting for room in their ShadowQueue.
  RingBell stage_bell;
  alignas(64) std::uint32_t stage_posts;
  std::uint32_t stage_blocked;
  // The resident lines' replay (resident_queues.h): the first sleeps on `resident_bell` while it waits for
  // the others' changes; `resident_posts` counts the others' posts, `resident_blocked` the others waiting
  // for room in their ResidentQueue.
  RingBell resident_bell;
  alignas(64) std::uint32_t resident_posts;
  std::uint32_t resident_blocked;
  // How often a worker found its shadow queue or its resident queue full and waited (the debug line of
  // --sim-stage-queue-bytes: the tests of full queues check that they filled).
  std::uint32_t shadow_queue_full;
  std::uint32_t resident_queue_full;
  WorkerSlot slots[kMaxWorkers];
};

// One chunk: the words written and the words.
struct RingChunk {
  static constexpr std::uint32_t kBytes = 64 * 1024;
  static constexpr std::uint32_t kWords = (kBytes - 64) / 4;
  std::uint32_t used;
  std::uint32_t pad[15];  // the words start on a host line of their own
  std::uint32_t words[kWords];
};
static_assert(sizeof(RingChunk) == RingChunk::kBytes, "a ring chunk is exactly kBytes");

// A queue of items in the ring with one writer and one reader, counted since the ring was made: the counts
// on host lines of their own, a bell both sides sleep on (the reader when it is empty, the writer when it
// is full; each rings it after it moves its count), then the items; kBytes in all. A queue's pages are
// touched only by a run that uses it.
template <class Item, std::uint32_t kBytes>
struct RingQueue {
  static constexpr std::uint32_t kItems = (kBytes - 192) / sizeof(Item);
  alignas(64) std::uint64_t written;
  // The shadow and resident queues': the smallest key of the items its writer may still send. The writer stores
  // `written`, then `frontier` (release); the reader loads `frontier`, then `written` (acquire), so that an
  // empty queue with that frontier promises no op below it.
  std::uint64_t frontier;
  alignas(64) std::uint64_t read;
  RingBell bell;
  alignas(64) Item items[kItems];
};

// The placement watch's starts one worker of line shards sends the first (placement_starts.h): words.
using PlacementQueue = RingQueue<std::uint64_t, 64 * 1024>;
static_assert(sizeof(PlacementQueue) == 64 * 1024, "a placement queue is 64 KiB");

// The shadow ops one worker of line shards sends the first, which runs the shadow stage online
// (shadow_queues.h): words, with the writer's frontier. Touched only with miss classes and several workers.
using ShadowQueue = RingQueue<std::uint64_t, 256 * 1024>;
static_assert(sizeof(ShadowQueue) == 256 * 1024, "a shadow queue is 256 KiB");

// The classes of one worker's deferred misses (data_objects/deferred_miss_classes.h), sent back by the
// first's shadow stage in the order of the misses: a byte each, 1 for a capacity miss, 0 for a conflict
// miss. Both sides sleep on its bell only at a fork and at the end (the worker for classes, the first for
// room). Touched only with miss classes, data objects and several workers.
using ClassQueue = RingQueue<std::uint8_t, 256 * 1024>;
static_assert(sizeof(ClassQueue) == 256 * 1024, "a class queue is 256 KiB");

// The changes of one worker's resident lines, which the first replays (resident_queues.h): two words a
// change, with the writer's frontier; 2 MiB, 131,060 changes: a hand-over's (4,096 accesses) fit even
// where every access logs several, so a worker waits for room only when it is well ahead of the first
// (resident_queues.h). Touched only with the working set and several workers.
using ResidentQueue = RingQueue<std::uint64_t, 2 * 1024 * 1024>;
static_assert(sizeof(ResidentQueue) == 2 * 1024 * 1024, "a resident queue is 2 MiB");

// Debug (--sim-stage-queue-bytes, tests of full queues): the bytes of each shadow, class and resident
// queue used, at most its size; 0 (the default): the whole queue.
extern std::uint32_t stage_queue_bytes;

// The parts of a ring a run writes: reserved in /dev/shm when the ring is made (fallocate), so that a full
// /dev/shm is told then, in one sentence, rather than met later as a SIGBUS where a page is first written
// (the file is sparse otherwise). The header, the chunks and the messages always; each other worker's
// queues when the run uses them.
struct RingUse {
  std::uint32_t workers;
  bool placement_queues;  // several workers with data objects (placement_starts.h)
  bool shadow_queues;     // several workers with miss classes (shadow_queues.h)
  bool class_queues;      // ... and data objects
  bool resident_queues;   // several workers with the working set (resident_queues.h)
};

class SharedRing {
 public:
  // Room for the first worker's messages after the chunks (the exit summary of many threads is a few KiB).
  static constexpr std::uint32_t kMessageBytes = 64 * 1024;

  // Maps the ring of `chunk_count` chunks (at least 2), shared, in Valgrind's part of the address space:
  // a file in /dev/shm, unlinked at once, with the parts `use` says reserved. False, with `*error`
  // (errno), when it cannot (ENOSPC: /dev/shm is full).
  bool create(std::uint32_t chunk_count, const RingUse& use, int* error);
  // The same, but the file keeps its name (path()) until unlink_name(): another process that was not
  // forked from this one maps it by name (attach) in the meantime.
  bool create_named(std::uint32_t chunk_count, const RingUse& use, int* error);
  bool attach(const char* path, std::uint32_t chunk_count, int* error);
  void unlink_name();
  // Unmaps this process's view (the other processes' stay); the ring is then empty here.
  void unmap();
  const char* path() const { return path_; }

  RingHeader* header() const { return header_; }
  RingChunk* chunk(std::uint32_t number) const { return &chunks_[number % chunk_count_]; }
  std::uint32_t chunk_count() const { return chunk_count_; }
  std::uint64_t bytes() const { return bytes_; }
  char* messages() const { return messages_; }
  // The queue of worker `worker` (1 to kMaxWorkers - 1) to the first, after the messages.
  PlacementQueue* placement_queue(std::uint32_t worker) const {
    return reinterpret_cast<PlacementQueue*>(messages_ + kMessageBytes) + worker;
  }
  // The shadow queue of worker `worker` (1 to kMaxWorkers - 1) to the first, after the placement queues.
  ShadowQueue* shadow_queue(std::uint32_t worker) const {
    return reinterpret_cast<ShadowQueue*>(messages_ + kMessageBytes + kMaxWorkers * sizeof(PlacementQueue)) + worker;
  }
  // The class queue of worker `worker` (1 to kMaxWorkers - 1) from the first, after the shadow queues.
  ClassQueue* class_queue(std::uint32_t worker) const {
    return reinterpret_cast<ClassQueue*>(messages_ + kMessageBytes +
                                         kMaxWorkers * (sizeof(PlacementQueue) + sizeof(ShadowQueue))) + worker;
  }
  // The resident queue of worker `worker` (1 to kMaxWorkers - 1) to the first, after the class queues.
  ResidentQueue* resident_queue(std::uint32_t worker) const {
    return reinterpret_cast<ResidentQueue*>(messages_ + kMessageBytes +
                                            kMaxWorkers * (sizeof(PlacementQueue) + sizeof(ShadowQueue) +
                                                           sizeof(ClassQueue))) + worker;
  }

 private:
  RingHeader* header_ = nullptr;
  RingChunk* chunks_ = nullptr;
  char* messages_ = nullptr;
  std::uint32_t chunk_count_ = 0;
  std::uint64_t bytes_ = 0;
  char path_[64] = {};  // the file's name while it has one ("" otherwise)

  // `use` is null when the file exists (attach): it was sized and reserved by its maker.
  bool open_and_map(const char* path, int flags, const RingUse* use, std::uint32_t chunk_count, int* error);
};

// The futex of a RingBell, shared between processes. `wait_for_ring` returns after a ring, a spurious
// wake-up or `timeout_ms`, whichever comes first; the caller tests its condition again.
void wait_for_ring(RingBell* bell, std::uint32_t seen_rings, std::uint32_t timeout_ms);
// Wakes every sleeper of `bell`, if any.
void ring_bell(RingBell* bell);
// A worker that has consumed `consumed` chunks wakes the tool waiting for room, if it sleeps and if that
// count reaches `header->room_wanted` (counts modulo 2^32).
void ring_room_bell(RingHeader* header, std::uint32_t consumed);

// A sleep without a lost wake-up: the sleeper reads `rings`, counts itself among the sleepers, and tests
// `ready` once more before it sleeps (the other side makes the condition true, then rings if anyone
// sleeps; a full fence on both sides makes one of them see the other). Returns whether `ready()` holds.
template <class Ready>
bool sleep_until(RingBell* bell, Ready ready, std::uint32_t timeout_ms) {
  // A short spin saves two system calls when the other side is about to answer; longer would burn the
  // core the other side needs on a loaded machine.
  for (int spin = 0; spin < 64; ++spin) {
    if (ready()) return true;
    __builtin_ia32_pause();
  }
  const std::uint32_t seen = __atomic_load_n(&bell->rings, __ATOMIC_ACQUIRE);
  __atomic_fetch_add(&bell->sleepers, 1u, __ATOMIC_RELAXED);
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  if (!ready()) wait_for_ring(bell, seen, timeout_ms);
  __atomic_fetch_sub(&bell->sleepers, 1u, __ATOMIC_RELAXED);
  return ready();
}

}  // namespace ccsim

#endif
