// resident_queues.cc: see resident_queues.h.
#include "ccsim/tool/workers/resident_queues.h"

#include "ccsim/core/platform.h"
#include "ccsim/tool/data_objects/resident_lines.h"
#include "ccsim/tool/valgrind_api.h"
#include "ccsim/tool/workers/first_waits.h"
#include "ccsim/tool/workers/frontier_queues.h"
#include "ccsim/tool/workers/process_watch.h"
#include "ccsim/tool/workers/shared_ring.h"

namespace ccsim {
namespace {

// How long a wait sleeps before it asks whether the run is over (as the ring's waits do).
constexpr std::uint32_t kCheckMs = 1000;
// A frontier no change reaches: a worker that has sent its last change.
constexpr std::uint64_t kEndlessFrontier = ~std::uint64_t(0);
// A change in a queue: its position, then its `what` (ResidentChange).
constexpr std::uint64_t kChangeWords = 2;

// Which worker this is, what it serves, and in the first, how far it has read each queue.
struct QueuesState {
  const SharedRing* ring = nullptr;
  std::uint32_t index = 0;
  std::uint32_t workers = 0;
  bool (*run_over)() = nullptr;
  std::uint64_t cursor[kMaxWorkers] = {};  // the first: per queue, the words read
  std::uint32_t seen_posts = 0;            // the first: the ring's resident_posts at the last merge
};
QueuesState* state = nullptr;

// The words of a queue in use: the whole queue, or less (--sim-stage-queue-bytes, debug).
std::uint64_t capacity() {
  return stage_queue_bytes != 0 && stage_queue_bytes / 8 < ResidentQueue::kItems ? stage_queue_bytes / 8
                                                                                 : ResidentQueue::kItems;
}

// The writer's side: `written` words are in, and no change below `frontier` will follow. Wakes the first
// wherever it sleeps when some worker waits for room (first_waits.h).
void publish(ResidentQueue* queue, std::uint64_t written, std::uint64_t frontier) {
  RingHeader* header = state->ring->header();
  publish_frontier(queue, written, frontier, &header->resident_posts, &header->resident_bell);
  wake_first(header);
}

// The words free in this worker's queue.
std::uint64_t room_in(const ResidentQueue* queue) {
  return capacity() - (queue->written - __atomic_load_n(&queue->read, __ATOMIC_ACQUIRE));
}

// Another worker: moves its waiting changes into its queue as far as it has room, then publishes the
// frontier: its first change left waiting, else `frontier`. Returns whether changes are left.
bool offer_changes(std::uint64_t frontier) {
  ResidentQueue* queue = state->ring->resident_queue(state->index);
  const std::uint64_t words = capacity();
  std::uint64_t written = queue->written;  // this worker alone writes it
  const std::uint32_t waiting = resident_changes_waiting();
  std::uint32_t sent = 0;
  for (std::uint64_t room = room_in(queue); room >= kChangeWords && sent < waiting; room -= kChangeWords, ++sent) {
    const ResidentChange& change = waiting_resident_change(sent);
    queue->items[written++ % words] = change.position;
    queue->items[written++ % words] = change.what;
  }
  drop_waiting_resident_changes(sent);
  const bool left = resident_changes_waiting() != 0;
  publish(queue, written, left ? waiting_resident_change(0).position : frontier);
  return left;
}

// Another worker, between accesses: hands every change over, waiting for room, counted in the ring's
// `resident_blocked` so that the first merges wherever it waits (first_waits.h).
void send_every_change(std::uint64_t frontier) {
  if (!offer_changes(frontier)) return;
  RingHeader* header = state->ring->header();
  ResidentQueue* queue = state->ring->resident_queue(state->index);
  __atomic_fetch_add(&header->resident_blocked, 1u, __ATOMIC_ACQ_REL);
  __atomic_fetch_add(&header->resident_queue_full, 1u, __ATOMIC_RELAXED);
  // Posted again now that this worker counts as blocked: the first, asleep, wakes and merges.
  publish(queue, queue->written, waiting_resident_change(0).position);
  do {
    auto has_room = [queue] { return room_in(queue) >= kChangeWords; };
    while (!sleep_until(&queue->bell, has_room, kCheckMs)) {
      if (state->run_over()) end_worker_without_tool();
    }
  } while (offer_changes(frontier));
  __atomic_fetch_sub(&header->resident_blocked, 1u, __ATOMIC_ACQ_REL);
}

// A worker's next change in the merge (its position), or the frontier it may still send from.
QueueHead change_head(std::uint32_t worker) {
  return queue_head(state->ring->resident_queue(worker), state->cursor[worker], capacity());
}

// Hands the words read back to worker `worker`, waking it if it waits for room.
void release_changes(std::uint32_t worker) { release_read(state->ring->resident_queue(worker), state->cursor[worker]); }

// The first's merge: replays changes, the smallest position first, while the smallest head is a change in
// hand; its own log may still get changes from `own_frontier` on. Returns whether every stream has ended.
bool merge(std::uint64_t own_frontier) {
  QueuesState& s = *state;
  s.seen_posts = __atomic_load_n(&s.ring->header()->resident_posts, __ATOMIC_ACQUIRE);
  const std::uint64_t words = capacity();
  const std::uint32_t own_waiting = resident_changes_waiting();
  std::uint32_t own_taken = 0;
  std::uint32_t since_release = 0;
  QueueHead best{0, false};
  for (;;) {
    // Two streams never hold the same position (resident_lines.h).
    std::uint32_t chosen = 0;
    best = own_taken < own_waiting ? QueueHead{waiting_resident_change(own_taken).position, true}
                                   : QueueHead{own_frontier, false};
    for (std::uint32_t k = 1; k < s.workers; ++k) {
      const QueueHead head = change_head(k);
      if (goes_first(head, best)) {
        best = head;
        chosen = k;
      }
    }
    if (!best.has_item) break;
    if (chosen == 0) {
      replay_resident_change(waiting_resident_change(own_taken++));
      continue;
    }
    const ResidentQueue* queue = s.ring->resident_queue(chosen);
    std::uint64_t& cursor = s.cursor[chosen];
    const ResidentChange change{queue->items[cursor % words], queue->items[(cursor + 1) % words]};
    cursor += kChangeWords;
    replay_resident_change(change);
    // Room for a writer now and then, not only when the merge stops.
    if (++since_release == 4096) {
      since_release = 0;
      for (std::uint32_t k = 1; k < s.workers; ++k) release_changes(k);
    }
  }
  drop_waiting_resident_changes(own_taken);
  for (std::uint32_t k = 1; k < s.workers; ++k) release_changes(k);
  return best.key == kEndlessFrontier;
}

// The first merges, with `own` as its own frontier, waiting for the others' posts on the resident bell
// (and merging the shadow ops too, first_waits.h), until `done` holds after a merge.
template <class Done>
void merge_until(std::uint64_t own, Done done) {
  RingHeader* header = state->ring->header();
  merge_until_done([own] { return merge(own); }, done, &header->resident_bell, &header->resident_posts,
                   &state->seen_posts, state->run_over);
}

}  // namespace

void start_resident_queues(const SharedRing* ring, std::uint32_t index, bool (*run_over)()) {
  state = create_object<QueuesState>("ccsim.worker.resident_queues");
  state->ring = ring;
  state->index = index;
  state->workers = ring->header()->workers;
  state->run_over = run_over;
  CCSIM_ASSERT(resident_lines_logged() && state->workers <= kMaxWorkers);
}

void resident_queues_ring(const SharedRing* ring) {
  if (state == nullptr) return;
  state->ring = ring;
  for (std::uint64_t& cursor : state->cursor) cursor = 0;
  state->seen_posts = 0;
}

bool resident_queues_on() { return state != nullptr; }

void pass_resident_changes() {
  std::uint32_t& most = state->ring->header()->slots[state->index].resident_most_waiting;
  if (resident_changes_waiting() > most) most = resident_changes_waiting();
  if (state->index != 0) return send_every_change(resident_frontier(false));
  merge(resident_frontier(false));
  // More of its own than a queue holds: the others are behind; the first waits for them to catch up.
  const std::uint32_t kept = static_cast<std::uint32_t>(capacity() / kChangeWords);
  if (resident_changes_waiting() <= kept) return;
  merge_until(resident_frontier(false), [kept](bool) { return resident_changes_waiting() <= kept; });
}

std::uint32_t offer_resident_changes(bool mid_access, std::uint32_t timeout_ms) {
  if (state == nullptr || state->index == 0) return timeout_ms;
  // Even with no change waiting, the frontier moves up to where this worker is: the one published after
  // its last chunk may hold the merge back behind another worker's changes (first_waits.h).
  const std::uint64_t frontier = resident_frontier(mid_access);
  const ResidentQueue* queue = state->ring->resident_queue(state->index);
  if (resident_changes_waiting() == 0 && queue->frontier == frontier) return timeout_ms;
  return wait_ms(offer_changes(frontier), timeout_ms);
}

bool resident_merge_wanted() {
  const RingHeader* header = state->ring->header();
  return blocked_worker_posted(&header->resident_blocked, &header->resident_posts, state->seen_posts);
}

std::uint32_t resident_merge_wait_ms(std::uint32_t timeout_ms) {
  return wait_ms(__atomic_load_n(&state->ring->header()->resident_blocked, __ATOMIC_ACQUIRE) != 0, timeout_ms);
}

void merge_resident_changes(bool mid_access) { merge(resident_frontier(mid_access)); }

void resident_queues_at_fork() {
  if (state->index != 0) return send_every_change(resident_frontier(false));
  // Every change up to the fork: below the others' next access's (they log no zeroing).
  const std::uint64_t fork_position = resident_frontier(false);
  merge_until(fork_position, [fork_position](bool) {
    if (resident_changes_waiting() != 0) return false;
    for (std::uint32_t k = 1; k < state->workers; ++k) {
      const QueueHead head = change_head(k);
      if (head.has_item || head.key <= fork_position) return false;
    }
    return true;
  });
}

void finish_resident_queues() {
  if (state->index != 0) return send_every_change(kEndlessFrontier);
  merge_until(kEndlessFrontier, [](bool ended) { return ended; });
}

}  // namespace ccsim
