// frontier_queues.h: the two sides of a queue of words with a frontier (a RingQueue of the ring,
// shared_ring.h), the way the other workers' shadow ops and resident lines' changes reach the first worker,
// which merges every worker's stream in the order of their keys (shadow_queues.h, resident_queues.h).
//
// The writer stores the words it wrote, then the frontier: the smallest key of the items it may still
// send (release); the reader loads the frontier, then the words (acquire), so that an empty queue seen with
// a frontier promises no item below it. The reader hands the words it has read back, and the writer
// waiting for room wakes on the queue's bell.
#ifndef CCSIM_TOOL_WORKERS_FRONTIER_QUEUES_H
#define CCSIM_TOOL_WORKERS_FRONTIER_QUEUES_H

#include <cstdint>

#include "ccsim/tool/valgrind_api.h"
#include "ccsim/tool/workers/first_waits.h"
#include "ccsim/tool/workers/process_watch.h"
#include "ccsim/tool/workers/shared_ring.h"

namespace ccsim {

// The writer: `written` words are in, and no item below `frontier` will follow; counts the post in
// `*posts` and rings `bell`, where the first waits for posts at a fork and at the end.
template <class Queue>
void publish_frontier(Queue* queue, std::uint64_t written, std::uint64_t frontier, std::uint32_t* posts, RingBell* bell) {
  __atomic_store_n(&queue->written, written, __ATOMIC_RELEASE);
  __atomic_store_n(&queue->frontier, frontier, __ATOMIC_RELEASE);
  __atomic_fetch_add(posts, 1u, __ATOMIC_RELEASE);
  ring_bell(bell);
}

// A stream's next item in the merge: its key (the item's first word), or when the reader has read every
// word written (at `cursor`), the frontier it may still send from (`has_item` false).
struct QueueHead {
  std::uint64_t key;
  bool has_item;
};

template <class Queue>
QueueHead queue_head(const Queue* queue, std::uint64_t cursor, std::uint64_t capacity) {
  const std::uint64_t frontier = __atomic_load_n(&queue->frontier, __ATOMIC_ACQUIRE);
  const std::uint64_t written = __atomic_load_n(&queue->written, __ATOMIC_ACQUIRE);
  if (cursor == written) return QueueHead{frontier, false};
  return QueueHead{queue->items[cursor % capacity], true};
}

// Whether `head` goes before `best` in the merge: the smaller key; at equal keys an item before a
// frontier (two streams never hold an item of the same key).
inline bool goes_first(const QueueHead& head, const QueueHead& best) {
  return head.key < best.key || (head.key == best.key && head.has_item && !best.has_item);
}

// The reader hands the words up to `cursor` back to the writer, waking it if it waits for room.
template <class Queue>
void release_read(Queue* queue, std::uint64_t cursor) {
  if (queue->read == cursor) return;
  __atomic_store_n(&queue->read, cursor, __ATOMIC_RELEASE);
  ring_bell(&queue->bell);
}

// How long a wait sleeps on a bell that another worker's posts do not ring, while that worker waits for
// room (first_waits.h) or has items left to hand over.
constexpr std::uint32_t kBlockedCheckMs = 5;

// `timeout_ms`, or kBlockedCheckMs when shorter and `short_wait` holds.
inline std::uint32_t wait_ms(bool short_wait, std::uint32_t timeout_ms) {
  return short_wait && timeout_ms > kBlockedCheckMs ? kBlockedCheckMs : timeout_ms;
}

// The first: whether a worker waiting for room in one kind of queue (`*blocked` of them) has posted since
// the first's last merge of that kind (`seen`, the posts then).
inline bool blocked_worker_posted(const std::uint32_t* blocked, const std::uint32_t* posts, std::uint32_t seen) {
  return __atomic_load_n(blocked, __ATOMIC_ACQUIRE) != 0 && __atomic_load_n(posts, __ATOMIC_ACQUIRE) != seen;
}

// The first, at a fork, at the end, or waiting for the others to catch up: merges (`merge()` returns
// whether every stream has ended) until `done(ended)` holds after a merge, sleeping on `bell` between
// merges until `*posts` moves past what it was at the merge's start (`*seen`, which the merge sets). It
// also merges the other kind of queue whenever it wakes, since a worker may wait for room there
// (first_waits.h). `run_over` is asked at each timeout whether the run is over (the worker then ends).
template <class Merge, class Done>
void merge_until_done(Merge merge, Done done, RingBell* bell, const std::uint32_t* posts, const std::uint32_t* seen,
                      bool (*run_over)()) {
  constexpr std::uint32_t kCheckMs = 1000;
  for (;;) {
    const bool ended = merge();
    if (done(ended)) return;
    const std::uint32_t at_merge = *seen;
    auto posted = [posts, at_merge] {
      return __atomic_load_n(posts, __ATOMIC_ACQUIRE) != at_merge || first_merges_wanted();
    };
    if (!sleep_until(bell, posted, first_wait_ms(kCheckMs)) && run_over()) end_worker_without_tool();
    first_merges(false);
  }
}

}  // namespace ccsim

#endif
