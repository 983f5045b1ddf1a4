// shadow_queues.cc: see shadow_queues.h.
#include "ccsim/tool/workers/shadow_queues.h"

#include <cstring>

#include "ccsim/core/growable_array.h"
#include "ccsim/core/merged_statistics.h"
#include "ccsim/core/shadow_log.h"
#include "ccsim/core/shadow_stage.h"
#include "ccsim/core/simulator.h"
#include "ccsim/tool/data_objects/deferred_miss_classes.h"
#include "ccsim/tool/data_objects/object_statistics.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/valgrind_api.h"
#include "ccsim/tool/workers/first_waits.h"
#include "ccsim/tool/workers/frontier_queues.h"
#include "ccsim/tool/workers/process_watch.h"
#include "ccsim/tool/workers/resident_queues.h"
#include "ccsim/tool/workers/shared_ring.h"

namespace ccsim {
namespace {

// How long a wait sleeps before it asks whether the run is over (as the ring's waits do).
constexpr std::uint32_t kCheckMs = 1000;
// A frontier no op reaches: a worker that has sent its last op.
constexpr std::uint64_t kEndlessFrontier = ~std::uint64_t(0);

// An op in a queue: its key, its line, (processor | level << 32 | kind << 40), and for a Classify op the
// miss's notice as it is in memory. An access or removal thus takes 24 bytes instead of a ShadowOp's 64.
constexpr std::uint32_t kOpWords = 3;
constexpr std::uint32_t kNoticeWords = (sizeof(MissNotice) + 7) / 8;

// The queues' capacities in use: the whole queue, or less (--sim-stage-queue-bytes, debug).
std::uint64_t op_capacity() {
  return stage_queue_bytes != 0 && stage_queue_bytes / 8 < ShadowQueue::kItems ? stage_queue_bytes / 8 : ShadowQueue::kItems;
}
std::uint64_t answer_capacity() {
  return stage_queue_bytes != 0 && stage_queue_bytes < ClassQueue::kItems ? stage_queue_bytes : ClassQueue::kItems;
}

std::uint32_t op_words(ShadowOpKind kind) { return kind == ShadowOpKind::Classify ? kOpWords + kNoticeWords : kOpWords; }
constexpr std::uint32_t kMaxOpWords = kOpWords + kNoticeWords;

// `op` in words (op_words() of them).
void encode_op(const ShadowOp& op, std::uint64_t* words) {
  words[0] = op.key;
  words[1] = op.line;
  words[2] = std::uint64_t(op.proc) | std::uint64_t(op.level) << 32 | std::uint64_t(op.kind) << 40;
  if (op.kind == ShadowOpKind::Classify) std::memcpy(words + kOpWords, &op.miss, sizeof op.miss);
}

// The op whose first three words are `words` (a Classify op's notice follows them).
ShadowOp decode_op(const std::uint64_t* words) {
  ShadowOp op{};
  op.key = words[0];
  op.line = words[1];
  op.proc = static_cast<ProcId>(words[2]);
  op.level = static_cast<Level>((words[2] >> 32) & 0xff);
  op.kind = static_cast<ShadowOpKind>((words[2] >> 40) & 0xff);
  if (op.kind == ShadowOpKind::Classify) std::memcpy(&op.miss, words + kOpWords, sizeof op.miss);
  return op;
}

// Which worker this is, what it serves, and, in the first, the stage and where the merge stands.
struct QueuesState {
  const SharedRing* ring = nullptr;
  std::uint32_t index = 0;
  std::uint32_t workers = 0;
  bool (*run_over)() = nullptr;
  ShadowLog* log = nullptr;  // this worker's simulator's
  bool answers = false;      // whether the classes go back to the objects' side (data objects)
  // The others: their Classify ops sent, and the answers told (the misses' ordinals).
  std::uint32_t classes_sent = 0;
  std::uint32_t told = 0;
  // The first only.
  ShadowStage* stage = nullptr;
  // The first's own ops not yet applied, moved out of its log in the queues' words (24 bytes an access's
  // op instead of a ShadowOp's 64: they wait here while the others are behind, up to the ring's lag), and
  // the words applied so far.
  GrowableArray<std::uint64_t>* own_words = nullptr;
  std::uint32_t own_read = 0;
  std::uint32_t own_ops = 0;  // how many ops those words not yet applied hold (the debug line's count)
  std::uint64_t cursor[kMaxWorkers] = {};  // per queue, the words read
  std::uint32_t seen_posts = 0;            // the ring's stage_posts at the last merge
  // The classes found, a byte each (1: capacity), not yet told or sent: [0] the first's own, told at its
  // safe points; [k] worker k's from `unsent[k]` on, sent back through its ClassQueue.
  GrowableArray<std::uint8_t>* classes[kMaxWorkers] = {};
  std::uint32_t unsent[kMaxWorkers] = {};
};

QueuesState* state = nullptr;

// The observer the stage tells classes to: they are kept for their worker's objects' side.
void keep_class(void*, const MissClassNotice& notice) { state->classes[notice.log]->push_back(notice.miss.capacity ? 1 : 0); }
const Observer kKeepClasses{nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, keep_class};

// Tells this worker's objects' side the class of its `ordinal`-th deferred miss.
void tell_class(bool capacity, std::uint32_t ordinal) {
  MissClassNotice notice{};
  notice.miss.capacity = capacity;
  notice.ordinal = ordinal;
  const Observer* objects = object_observer();
  objects->miss_class(objects->context, notice);
}

// The first: sends worker k's classes found so far back, as far as its queue has room (`wait`: all of them,
// waiting for the worker to read).
void send_classes(std::uint32_t k, bool wait) {
  GrowableArray<std::uint8_t>& found = *state->classes[k];
  ClassQueue* queue = state->ring->class_queue(k);
  std::uint64_t written = queue->written;  // the first alone writes it
  while (state->unsent[k] < found.size()) {
    const std::uint64_t read = __atomic_load_n(&queue->read, __ATOMIC_ACQUIRE);
    std::uint64_t room = answer_capacity() - (written - read);
    if (room == 0) {
      if (!wait) break;
      auto has_room = [queue, written] { return written - __atomic_load_n(&queue->read, __ATOMIC_ACQUIRE) < answer_capacity(); };
      while (!sleep_until(&queue->bell, has_room, kCheckMs)) {
        if (state->run_over()) end_worker_without_tool();
      }
      continue;
    }
    for (; room > 0 && state->unsent[k] < found.size(); --room) {
      queue->items[written++ % answer_capacity()] = found[state->unsent[k]++];
    }
    __atomic_store_n(&queue->written, written, __ATOMIC_RELEASE);
    ring_bell(&queue->bell);
  }
  // The classes sent are dropped: all of them, or the first half once it is large (amortized).
  const std::uint32_t sent = state->unsent[k];
  if (sent == found.size() || (sent >= 65536 && 2 * sent >= found.size())) {
    const std::uint32_t kept = found.size() - sent;
    if (kept > 0) std::memmove(found.data(), found.data() + sent, kept);
    found.resize(kept);
    state->unsent[k] = 0;
  }
}

// Another worker: tells its objects' side the classes the first has sent back so far.
void take_classes() {
  ClassQueue* queue = state->ring->class_queue(state->index);
  const std::uint64_t written = __atomic_load_n(&queue->written, __ATOMIC_ACQUIRE);
  std::uint64_t read = queue->read;
  if (read == written) return;
  for (; read < written; ++read) tell_class(queue->items[read % answer_capacity()] != 0, state->told++);
  __atomic_store_n(&queue->read, read, __ATOMIC_RELEASE);
  ring_bell(&queue->bell);
  forget_deferred_misses_before(state->told);
}

// Another worker, at a fork or the end, its ops all sent: waits until every class has come back.
void take_every_class() {
  ClassQueue* queue = state->ring->class_queue(state->index);
  for (;;) {
    take_classes();
    if (state->told == state->classes_sent) return;
    const std::uint64_t read = queue->read;
    auto more = [queue, read] { return __atomic_load_n(&queue->written, __ATOMIC_ACQUIRE) != read; };
    // The first may need this worker's resident lines' changes before it can send the classes.
    if (!sleep_until(&queue->bell, more, offer_resident_changes(false, kCheckMs)) && state->run_over()) end_worker_without_tool();
  }
}

// The writer's side: `written` words are in, and it may still send no op below `frontier`. Wakes the first
// wherever it sleeps when some worker waits for room (its posts may let the merge pass the waiting one:
// first_waits.h).
void publish(ShadowQueue* queue, std::uint64_t written, std::uint64_t frontier) {
  RingHeader* header = state->ring->header();
  publish_frontier(queue, written, frontier, &header->stage_posts, &header->stage_bell);
  wake_first(header);
}

// Another worker: waits for room for `words` more words, handing its resident lines' changes over as it
// waits (in the middle of an access or not: `mid_access`), so that no wait is circular (first_waits.h).
void wait_for_room(ShadowQueue* queue, std::uint64_t written, std::uint32_t words, bool mid_access) {
  RingHeader* header = state->ring->header();
  auto room = [queue, written, words] {
    return written - __atomic_load_n(&queue->read, __ATOMIC_ACQUIRE) + words <= op_capacity();
  };
  if (room()) return;
  __atomic_fetch_add(&header->stage_blocked, 1u, __ATOMIC_ACQ_REL);
  __atomic_fetch_add(&header->shadow_queue_full, 1u, __ATOMIC_RELAXED);
  __atomic_fetch_add(&header->stage_posts, 1u, __ATOMIC_RELEASE);
  wake_first(header);
  if (options.data_objects) ring_bell(&state->ring->placement_queue(state->index)->bell);
  while (!sleep_until(&queue->bell, room, offer_resident_changes(mid_access, kCheckMs))) {
    if (state->run_over()) end_worker_without_tool();
  }
  __atomic_fetch_sub(&header->stage_blocked, 1u, __ATOMIC_ACQ_REL);
}

std::uint64_t frontier_now(bool mid_access) {
  const std::uint64_t numbered = state->log->line_accesses();
  return mid_access ? 2 * numbered : 2 * numbered + 2;
}

// A worker's next op in the merge, or the frontier it may still send from.
QueueHead op_head(std::uint32_t worker) {
  return queue_head(state->ring->shadow_queue(worker), state->cursor[worker], op_capacity());
}

ShadowOp take_queued_op(std::uint32_t worker) {
  ShadowQueue* queue = state->ring->shadow_queue(worker);
  std::uint64_t& cursor = state->cursor[worker];
  std::uint64_t words[kMaxOpWords];
  for (std::uint32_t i = 0; i < kOpWords; ++i) words[i] = queue->items[(cursor + i) % op_capacity()];
  const std::uint32_t count = op_words(static_cast<ShadowOpKind>((words[2] >> 40) & 0xff));
  for (std::uint32_t i = kOpWords; i < count; ++i) words[i] = queue->items[(cursor + i) % op_capacity()];
  cursor += count;
  return decode_op(words);
}

// The first: moves its log's ops into its own words, leaving the log empty.
void move_own_ops() {
  ShadowLog& log = *state->log;
  GrowableArray<std::uint64_t>& own = *state->own_words;
  for (std::uint32_t i = 0; i < log.size(); ++i) {
    const std::uint32_t at = own.size();
    own.resize(at + op_words(log[i].kind));
    encode_op(log[i], &own[at]);
  }
  state->own_ops += log.size();
  log.drop_first_ops(log.size());
}

// The first's own words not yet applied.
std::uint32_t own_words_waiting() { return state->own_words->size() - state->own_read; }

// Hands the words read back to worker `worker`, waking it if it waits for room.
void release_ops(std::uint32_t worker) { release_read(state->ring->shadow_queue(worker), state->cursor[worker]); }

// The first's merge: applies ops, the smallest key first, while the smallest is an op in hand; its own
// stream may still make ops from `own_frontier` on. Returns whether every stream is at its end.
bool merge(std::uint64_t own_frontier) {
  QueuesState& s = *state;
  s.seen_posts = __atomic_load_n(&s.ring->header()->stage_posts, __ATOMIC_ACQUIRE);
  move_own_ops();
  const Observer* observer = s.answers ? &kKeepClasses : nullptr;
  std::uint32_t since_release = 0;
  for (;;) {
    // The stream with the smallest head, an op before a frontier of the same key (a frontier of another
    // worker never equals an op's key: the ops of one line access are one worker's).
    std::uint32_t chosen = 0;
    GrowableArray<std::uint64_t>& own = *s.own_words;
    QueueHead best = s.own_read < own.size() ? QueueHead{own[s.own_read], true} : QueueHead{own_frontier, false};
    for (std::uint32_t k = 1; k < s.workers; ++k) {
      const QueueHead head = op_head(k);
      if (goes_first(head, best)) {
        best = head;
        chosen = k;
      }
    }
    if (!best.has_item) {
      for (std::uint32_t k = 1; k < s.workers; ++k) {
        release_ops(k);
        if (s.answers) send_classes(k, false);
      }
      // The own words applied are dropped: all of them, or the first half once it is large (amortized).
      if (s.own_read == own.size()) {
        own.clear();
        s.own_read = 0;
      } else if (s.own_read >= (1u << 20) && 2 * s.own_read >= own.size()) {
        const std::uint32_t kept = own.size() - s.own_read;
        std::memmove(own.data(), own.data() + s.own_read, kept * sizeof(std::uint64_t));
        own.resize(kept);
        s.own_read = 0;
      }
      return best.key == kEndlessFrontier;
    }
    if (chosen == 0) {
      const ShadowOp op = decode_op(&own[s.own_read]);
      s.own_read += op_words(op.kind);
      --s.own_ops;
      s.stage->apply(op, 0, observer);
    } else {
      s.stage->apply(take_queued_op(chosen), chosen, observer);
      // Room for a waiting writer now and then, not only when the merge stops.
      if (++since_release == 4096) {
        since_release = 0;
        for (std::uint32_t k = 1; k < s.workers; ++k) release_ops(k);
      }
    }
  }
}

std::uint64_t own_frontier(bool mid_access) {
  const std::uint64_t numbered = state->log->line_accesses();
  // Between line accesses the first may still log a reset or a zeroing (2n + 1, shadow_log.h).
  return mid_access ? 2 * numbered : 2 * numbered + 1;
}

// The first, at a safe point (between accesses): tells the objects' side the classes of its own misses found
// so far.
void tell_own_miss_classes() {
  GrowableArray<std::uint8_t>* own = state->classes[0];
  if (own == nullptr || own->empty()) return;
  for (std::uint32_t i = 0; i < own->size(); ++i) tell_class((*own)[i] != 0, state->told++);
  own->clear();
  forget_deferred_misses_before(state->told);
}

// The first merges with `own` as its frontier, waiting for the others' posts on the stage's bell, until
// `done` holds after a merge.
template <class Done>
void merge_until(std::uint64_t own, Done done) {
  RingHeader* header = state->ring->header();
  merge_until_done([own] { return merge(own); }, done, &header->stage_bell, &header->stage_posts, &state->seen_posts,
                   state->run_over);
}

}  // namespace

void start_shadow_queues(const SharedRing* ring, std::uint32_t index, Simulator* simulator, bool (*run_over)()) {
  state = create_object<QueuesState>("ccsim.worker.shadow_queues");
  state->ring = ring;
  state->index = index;
  state->workers = ring->header()->workers;
  state->run_over = run_over;
  state->log = shadow_log(simulator);
  state->answers = options.data_objects;
  CCSIM_ASSERT(state->log != nullptr && state->workers <= kMaxWorkers);
  if (index != 0) return;
  state->stage = create_object<ShadowStage>("ccsim.worker.shadow_stage", options.machine);
  state->own_words = create_object<GrowableArray<std::uint64_t>>("ccsim.worker.shadow_queues", "ccsim.worker.own_ops");
  if (state->answers) {
    for (std::uint32_t k = 0; k < state->workers; ++k) {
      state->classes[k] = create_object<GrowableArray<std::uint8_t>>("ccsim.worker.shadow_queues", "ccsim.worker.miss_classes");
    }
  }
}

void shadow_queues_ring(const SharedRing* ring) {
  if (state == nullptr) return;
  state->ring = ring;
  for (std::uint64_t& cursor : state->cursor) cursor = 0;
  state->seen_posts = 0;
}

bool shadow_queues_on() { return state != nullptr; }

void send_shadow_ops(bool mid_access) {
  ShadowQueue* queue = state->ring->shadow_queue(state->index);
  ShadowLog& log = *state->log;
  std::uint64_t written = queue->written;  // this worker alone writes it
  for (std::uint32_t i = 0; i < log.size(); ++i) {
    const ShadowOp& op = log[i];
    const std::uint32_t words = op_words(op.kind);
    if (written - __atomic_load_n(&queue->read, __ATOMIC_ACQUIRE) + words > op_capacity()) {
      // Full: what is in goes to the first, with this op's key as the frontier, and the worker waits.
      publish(queue, written, op.key);
      wait_for_room(queue, written, words, mid_access);
    }
    std::uint64_t encoded[kMaxOpWords] = {};
    encode_op(op, encoded);
    for (std::uint32_t w = 0; w < words; ++w) queue->items[written++ % op_capacity()] = encoded[w];
    if (op.kind == ShadowOpKind::Classify) ++state->classes_sent;
  }
  log.drop_first_ops(log.size());
  publish(queue, written, frontier_now(mid_access));
  // The classes come back in the order of the misses: those in so far are told now (a safe point unless
  // in the middle of an access, where they wait).
  if (state->answers && !mid_access) take_classes();
}

void advance_shadow_stage(bool mid_access) { merge(own_frontier(mid_access)); }

void pass_shadow_ops() {
  std::uint32_t& most = state->ring->header()->slots[state->index].shadow_most_waiting;
  const std::uint32_t holds = state->log->size() + (state->index == 0 ? state->own_ops : 0);
  if (holds > most) most = holds;
  if (state->index != 0) return send_shadow_ops(false);
  merge(own_frontier(false));
  // More of its own than a queue holds: the others are behind; the first waits for them to catch up, as it
  // does with its resident lines' changes (resident_queues.h).
  if (own_words_waiting() > op_capacity()) {
    merge_until(own_frontier(false), [](bool) { return own_words_waiting() <= op_capacity(); });
  }
  tell_own_miss_classes();
}

bool shadow_stage_wanted() {
  const RingHeader* header = state->ring->header();
  return blocked_worker_posted(&header->stage_blocked, &header->stage_posts, state->seen_posts);
}

std::uint32_t shadow_stage_wait_ms(std::uint32_t timeout_ms) {
  return wait_ms(__atomic_load_n(&state->ring->header()->stage_blocked, __ATOMIC_ACQUIRE) != 0, timeout_ms);
}

// The first, once the others' ops are all merged (a fork, the end): every class goes back, waiting for room.
static void send_every_class() {
  if (!state->answers) return;
  for (std::uint32_t k = 1; k < state->workers; ++k) send_classes(k, true);
  tell_own_miss_classes();
}

void shadow_queues_at_fork() {
  if (state->index != 0) {
    send_shadow_ops(false);
    if (state->answers) take_every_class();
    return;
  }
  // Every other worker's ops before the fork: those below the first's next line access (2n + 2).
  const std::uint64_t fork_key = 2 * state->log->line_accesses() + 2;
  merge_until(own_frontier(false), [fork_key](bool) {
    if (state->own_read != state->own_words->size()) return false;
    for (std::uint32_t k = 1; k < state->workers; ++k) {
      const QueueHead head = op_head(k);
      if (head.has_item || head.key < fork_key) return false;
    }
    return true;
  });
  send_every_class();
}

void finish_shadow_queues() {
  if (state->index != 0) {
    send_shadow_ops(false);
    ShadowQueue* queue = state->ring->shadow_queue(state->index);
    publish(queue, queue->written, kEndlessFrontier);
    if (state->answers) take_every_class();
    return;
  }
  merge_until(kEndlessFrontier, [](bool ended) { return ended; });
  send_every_class();
}

void add_shadow_stage_counts(MergedStatistics* merged) { merged->add(state->stage->counts()); }

}  // namespace ccsim
