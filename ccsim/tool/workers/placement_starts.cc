// placement_starts.cc: see placement_starts.h.
#include "ccsim/tool/workers/placement_starts.h"

#include "ccsim/core/byte_mask.h"
#include "ccsim/core/line_shard.h"
#include "ccsim/core/simulator.h"
#include "ccsim/tool/data_objects/placement_watch.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/output/tool_messages.h"
#include "ccsim/tool/valgrind_api.h"
#include "ccsim/tool/workers/first_waits.h"
#include "ccsim/tool/workers/process_watch.h"
#include "ccsim/tool/workers/resident_queues.h"
#include "ccsim/tool/workers/shadow_queues.h"
#include "ccsim/tool/workers/shared_ring.h"

namespace ccsim {
namespace {

// How long a wait sleeps before it asks whether the run is over (as the ring's waits do).
constexpr std::uint32_t kCheckMs = 1000;

const SharedRing* current_ring = nullptr;
std::uint32_t worker_index = 0;
std::uint32_t worker_count = 0;
std::uint32_t line_shift = 0;
std::uint32_t entry_words = 0;  // a line's word and its mask's
bool (*run_is_over)() = nullptr;

// The worker that simulates `line` (a line number): shard line mod S, dealt out as shards_of_worker deals it
// (core/line_shard.h).
std::uint32_t owner_of(Addr line) {
  const std::uint32_t shards = options.worker_shard.count;
  return worker_of_shard(static_cast<std::uint32_t>(line & (shards - 1)), shards, worker_count);
}

// Another worker's wait for room in its queue, handing its resident lines' changes over as it waits (it is
// in the middle of an access), so that no wait is circular (first_waits.h).
template <class Ready>
void wait_on(PlacementQueue* queue, Ready ready) {
  while (!sleep_until(&queue->bell, ready, offer_resident_changes(true, kCheckMs))) {
    if (run_is_over()) end_worker_without_tool();
  }
}

// The first's wait for another worker's lines: that worker may be waiting for room in its shadow or
// resident queue, which only the first's merges make (first_waits.h), so the first merges whenever it
// wakes, and sleeps briefly while any worker waits for room (the others' posts do not ring this bell).
template <class Ready>
void wait_merging(PlacementQueue* queue, Ready ready) {
  while (!ready()) {
    if (!sleep_until(&queue->bell, [&] { return ready() || first_merges_wanted(); }, first_wait_ms(kCheckMs)) &&
        run_is_over()) {
      end_worker_without_tool();
    }
    first_merges(true);  // in the middle of an access: the classes wait for the chunk's end
  }
}

// A worker other than the first: its own lines' copies are also the first's, sent in the order asked.
bool send_copies(const Simulator* sim, ProcId proc, Addr line, std::uint64_t* mask) {
  if (owner_of(line >> line_shift) != worker_index) return false;
  const bool held = touched_bytes(sim, proc, line, mask);
  PlacementQueue* queue = current_ring->placement_queue(worker_index);
  const std::uint64_t written = queue->written;
  auto room = [queue, written] {
    return written - __atomic_load_n(&queue->read, __ATOMIC_ACQUIRE) + entry_words <= PlacementQueue::kItems;
  };
  // Before waiting for the first, this worker's shadow ops so far go to it: the first may need them to
  // get to this start (shadow_queues.h).
  if (!room() && shadow_queues_on()) send_shadow_ops(true);
  wait_on(queue, room);
  for (std::uint32_t i = 0; i < entry_words; ++i) {
    queue->items[(written + i) % PlacementQueue::kItems] = i == 0 ? (line | (held ? 1 : 0)) : mask[i - 1];
  }
  __atomic_store_n(&queue->written, written + entry_words, __ATOMIC_RELEASE);
  ring_bell(&queue->bell);
  return held;
}

// The first worker: another's line comes from that worker's queue, when it has got there.
bool receive_copies(const Simulator* sim, ProcId proc, Addr line, std::uint64_t* mask) {
  const std::uint32_t owner = owner_of(line >> line_shift);
  if (owner == 0) return touched_bytes(sim, proc, line, mask);
  PlacementQueue* queue = current_ring->placement_queue(owner);
  const std::uint64_t read = queue->read;
  auto ready = [queue, read] { return __atomic_load_n(&queue->written, __ATOMIC_ACQUIRE) - read >= entry_words; };
  wait_merging(queue, ready);
  const std::uint64_t first = queue->items[read % PlacementQueue::kItems];
  for (std::uint32_t i = 1; i < entry_words; ++i) mask[i - 1] = queue->items[(read + i) % PlacementQueue::kItems];
  __atomic_store_n(&queue->read, read + entry_words, __ATOMIC_RELEASE);
  ring_bell(&queue->bell);
  // Every worker meets the same starts in the same order; a line out of step is a bug of ccsim's.
  if ((first & ~Addr(1)) != line) {
    tool_message("ccsim: internal error: simulation worker %u sent the placement watch line %#llx where %#llx was "
                 "expected.\n", owner + 1, static_cast<ULong>(first & ~Addr(1)), static_cast<ULong>(line));
    VG_(exit)(2);  // the tool sees this worker gone and ends the run (worker_process.h)
  }
  return (first & 1) != 0;
}

}  // namespace

void start_placement_starts(const SharedRing* ring, std::uint32_t index, bool (*run_over)()) {
  current_ring = ring;
  worker_index = index;
  worker_count = ring->header()->workers;
  run_is_over = run_over;
  const std::uint32_t line_bytes = options.machine.l1.line_bytes;
  line_shift = static_cast<std::uint32_t>(__builtin_ctz(line_bytes));
  entry_words = 1 + mask_words_for(line_bytes);
  read_placement_copies_with(index == 0 ? receive_copies : send_copies);
}

void placement_starts_ring(const SharedRing* ring) { current_ring = ring; }

}  // namespace ccsim
