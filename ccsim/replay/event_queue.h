// event_queue.h: one thread's recorded events (accesses and synchronization) waiting to be replayed,
// oldest first.
//
// Layout, chosen for the recording hot path: events are packed into 4 KiB chunks of 32-bit words, a
// singly linked list from the oldest (read) chunk to the newest (write) chunk. An access takes 3 words
// (12 bytes): the address's low 48 bits, size - 1 (12 bits), kind (2 bits) and a 2-bit tag share one
// 64-bit word, and the reference id takes the third. amd64 user addresses fit in 48 bits; a wider one
// takes a 5-word form. A synchronization event takes 10 words: the tag word pair and the SyncEvent. A
// layout change (a change of the data-object layout the tool made while the thread ran, known to the
// engine only by the tool's number for it) takes 2: the number, and the word holding the tag.
// Appending an access is a bounds check, three stores and an add; a chunk allocation every ~340 accesses.
//
// Runs of accesses: the replay asks how many accesses lie at the front before the next other event
// (accesses_at_front()), so it can replay a whole run, or whole rounds of turns, with no test per
// access. The queue counts the accesses pushed and popped, and each synchronization event or layout
// change keeps, in the spare low 30 bits of its tag word, the pushed count at which the NEXT such event
// was pushed (written when that one is pushed); the oldest queued one's count is held apart. Counts are
// modulo 2^30, exact while a queue holds fewer than 2^30 accesses: kMaxBytes keeps it below that.
// Within a run, the accesses that surely lie in the chunk being read (an access takes at most 5 words)
// are read through a pointer with no test of the chunk's end; several queues can be read that way in
// turn (front_words(), visit_access(), skip_accesses()).
//
// Chunk memory is counted in a BufferMemory that the queues of all threads share: the replay engine
// bounds that total (--max-buffer). A chunk a queue has finished with is kept there for the next chunk
// any queue needs, rather than given back to the allocator.
#ifndef CCSIM_REPLAY_EVENT_QUEUE_H
#define CCSIM_REPLAY_EVENT_QUEUE_H

#include <cstdint>
#include <cstring>

#include "ccsim/core/platform.h"
#include "ccsim/core/types.h"
#include "ccsim/replay/sync_event.h"

namespace ccsim {

// A block of one queue's events: a header and the words; 4 KiB in all.
struct EventChunk {
  static constexpr std::uint32_t kBytes = 4096;
  static constexpr std::uint32_t kWords = (kBytes - 16) / 4;
  EventChunk* next;    // the next newer chunk of its queue, or the next spare
  std::uint32_t used;  // words written
  std::uint32_t words[kWords];
};
static_assert(sizeof(EventChunk) == EventChunk::kBytes, "a chunk is exactly kBytes");

// The chunk memory of the queues that share it, and the chunks they have finished with. Hot-path
// choice: a queue moves on by a chunk every ~340 accesses, and taking a spare chunk is two pointer
// moves where the platform allocator (Valgrind's arena, which merges free neighbours) costs hundreds of
// instructions. Spares are not counted in `bytes`: they exist only because `bytes` was once that much
// higher, so the chunks held and spare together never exceed the most `bytes` has been.
struct BufferMemory {
  BufferMemory() = default;
  ~BufferMemory();  // releases the spare chunks
  BufferMemory(const BufferMemory&) = delete;
  BufferMemory& operator=(const BufferMemory&) = delete;

  std::uint64_t bytes = 0;              // chunk bytes the queues hold
  EventChunk* spare_chunks = nullptr;   // finished chunks, linked by EventChunk::next
  std::uint32_t spare_count = 0;        // chunks on that list
};

// An access as it was recorded.
struct RecordedAccess {
  RefId ref;
  Addr addr;
  std::uint32_t size;
  AccessKind kind;
};

class EventQueue {
 public:
  static constexpr std::uint32_t kChunkBytes = EventChunk::kBytes;
  // The most chunk memory a queue may hold: 2^21 chunks of at most 340 accesses each, fewer than the
  // 2^30 accesses the run counts tell apart.
  static constexpr std::uint64_t kMaxBytes = std::uint64_t(kChunkBytes) << 21;
  // Words an event takes: an access at `addr`, a synchronization event.
  static std::uint32_t access_words(Addr addr) { return addr >> 48 == 0 ? 3 : 5; }
  static constexpr std::uint32_t kSyncWords = 10;
  static constexpr std::uint32_t kLayoutChangeWords = 2;

  explicit EventQueue(BufferMemory* memory) : memory_(memory) {}
  ~EventQueue();
  EventQueue(const EventQueue&) = delete;
  EventQueue& operator=(const EventQueue&) = delete;

  // Writing. An event needs has_room() for its words; otherwise add_chunk() first (which allocates
  // kChunkBytes more of the shared BufferMemory: the caller decides whether that is allowed).
  bool has_room(std::uint32_t words) const { return tail_ != nullptr && kChunkWords - tail_->used >= words; }
  void add_chunk();

  // Packs one access into `words` (room for access_words(addr) of them) and returns the words it took:
  // 3, the address's low 48 bits, size - 1 (12 bits), kind (2 bits) and the tag sharing the first two,
  // the reference the third; a wider address takes 5. The queues' format, and a simulation worker's ring's
  // (workers/stream_records.h), which the engine then copies whole (record_packed_accesses()). `size` is
  // 1..4096 bytes.
  __attribute__((always_inline)) static std::uint32_t pack_access(std::uint32_t* words, RefId ref, Addr addr,
                                                                  std::uint32_t size, AccessKind kind) {
    const std::uint32_t shape = ((size - 1) << kSizeShift) | (static_cast<std::uint32_t>(kind) << kKindShift);
    if (__builtin_expect(addr >> 48 == 0, 1)) {
      words[0] = static_cast<std::uint32_t>(addr);
      words[1] = static_cast<std::uint32_t>(addr >> 32) | shape | (kNarrowAccess << kTagShift);
      words[2] = ref;
      return 3;
    }
    words[0] = 0;
    words[1] = shape | (kWideAccess << kTagShift);
    words[2] = ref;
    words[3] = static_cast<std::uint32_t>(addr);
    words[4] = static_cast<std::uint32_t>(addr >> 32);
    return 5;
  }

  void push_access(RefId ref, Addr addr, std::uint32_t size, AccessKind kind) {
    CCSIM_DEBUG_ASSERT(size >= 1 && size <= kMaxAccessSize && has_room(access_words(addr)));
    tail_->used += pack_access(tail_->words + tail_->used, ref, addr, size, kind);
    ++accesses_pushed_;  // the run count: one add on the recording hot path
  }
  // Words left in the chunk being written (0 before the first chunk).
  std::uint32_t room_words() const { return tail_ != nullptr ? kChunkWords - tail_->used : 0; }
  // Whether the record whose first word is `words[0]` is an access (its tag, in the second word).
  static bool is_packed_access(const std::uint32_t* words) { return (words[1] >> kTagShift) <= kWideAccess; }
  // Words taken by the packed access whose first word is `words[0]`: 3, or 5 for a wide address.
  static std::uint32_t packed_access_words(const std::uint32_t* words) {
    return (words[1] >> kTagShift) == kNarrowAccess ? 3 : 5;
  }
  // The packed access whose first word is `words[0]`.
  static RecordedAccess unpack_access(const std::uint32_t* words) { return decode_access(words); }
  // `count` accesses already packed as push_access() packs them (`word_count` words, at most
  // room_words()), copied whole: what `count` push_access() calls would write.
  void push_packed_accesses(const std::uint32_t* words, std::uint32_t word_count, std::uint32_t count) {
    CCSIM_DEBUG_ASSERT(has_room(word_count));
    std::memcpy(tail_->words + tail_->used, words, std::size_t(word_count) * 4);
    tail_->used += word_count;
    accesses_pushed_ += count;
  }
  void push_sync(const SyncEvent& event);
  void push_layout_change(std::uint32_t change);
  // The accesses pushed so far (modulo 2^32), and whether the first `count` of them have been popped. A
  // queue never holds 2^31 accesses (the buffer cap), so the difference of the two counts tells.
  std::uint32_t accesses_pushed() const { return accesses_pushed_; }
  bool popped_accesses(std::uint32_t count) const { return static_cast<std::int32_t>(accesses_popped_ - count) >= 0; }

  // Reading, oldest first.
  enum class Head : std::uint8_t { Empty, Access, Sync, LayoutChange };
  Head head() const {
    if (empty()) return Head::Empty;
    switch (tag_at_head()) {
      case kSync: return Head::Sync;
      case kLayoutChange: return Head::LayoutChange;
      default: return Head::Access;
    }
  }
  bool empty() const { return head_ == nullptr || read_ == head_->used; }
  // Whether everything queued is a layout change (true when empty). Walks the queue: for the end of the
  // run, not for the hot path.
  bool holds_only_layout_changes() const;
  bool front_is_access() const { return accesses_at_front() > 0; }
  // The accesses queued before the oldest queued synchronization event or layout change (before the
  // end when there is none): what the replay may take without looking at the events' tags.
  std::uint32_t accesses_at_front() const {
    const std::uint32_t boundary = other_events_queued_ > 0 ? oldest_event_mark_ : accesses_pushed_;
    const std::uint32_t accesses = (boundary - accesses_popped_) & kMarkMask;
    CCSIM_DEBUG_ASSERT((accesses > 0) == (!empty() && tag_at_head() <= kWideAccess));
    return accesses;
  }
  RecordedAccess front_access() const { return decode_access(head_->words + read_); }
  SyncEvent front_sync() const;
  std::uint32_t front_layout_change() const { return head_->words[read_]; }
  void pop() {
    CCSIM_DEBUG_ASSERT(!empty());
    const std::uint32_t tag = tag_at_head();
    if (tag <= kWideAccess) {
      ++accesses_popped_;
    } else if (--other_events_queued_ > 0) {
      // The next one's mark was written into this one's tag word when it was pushed.
      oldest_event_mark_ = head_->words[read_ + 1] & kMarkMask;
    }
    // The words each tag takes, looked up rather than tested (accesses take pop_access(), cheaper still).
    static constexpr std::uint8_t kWordsByTag[4] = {3, 5, kSyncWords, kLayoutChangeWords};
    read_ += kWordsByTag[tag];
    if (read_ == head_->used) finish_chunk();
  }

  // Removes the access at the front, which front_access() returned as `access`.
  void pop_access(const RecordedAccess& access) {
    ++accesses_popped_;
    step_over_access(access);
  }

  // Hands the `count` accesses at the front (at most accesses_at_front()) to `visit`, oldest first, and
  // removes them. The replay's hot path: per access a decode, the visit and a step over its words; the
  // run count is updated once for all of them.
  // Hot-path choice: the accesses that surely lie in the chunk being read are read through a pointer
  // held in a register, with no store of the read position and no test of the chunk's end per access
  // (the visit is an opaque call, after which members would have to be loaded again).
  template <class Visit>
  __attribute__((always_inline)) void pop_accesses(std::uint32_t count, Visit visit) {
    CCSIM_DEBUG_ASSERT(count <= accesses_at_front());
    accesses_popped_ += count;
    while (count > 0) {
      std::uint32_t in_chunk = accesses_surely_in_chunk();
      if (__builtin_expect(in_chunk == 0, 0)) {
        // The chunk's last words: one access at a time, stepping into the next chunk.
        const RecordedAccess access = front_access();
        visit(access);
        step_over_access(access);
        --count;
        continue;
      }
      if (in_chunk > count) in_chunk = count;
      count -= in_chunk;
      const std::uint32_t* words = front_words();
      for (; in_chunk > 0; --in_chunk) words = visit_access(words, visit);
      end_read_at(words);
    }
  }

  // Bulk reading, for a replay that takes accesses from several queues in turn (whole round-robin
  // rounds): the caller reads accesses from front_words() on with visit_access(), at most
  // accesses_surely_in_chunk() of them (at most accesses_at_front() too), then removes them with
  // skip_accesses().
  const std::uint32_t* front_words() const { return head_->words + read_; }
  // How many accesses from the front certainly lie in the chunk being read: each takes at most 5 words.
  std::uint32_t accesses_surely_in_chunk() const {
    CCSIM_DEBUG_ASSERT(!empty());
    return (head_->used - read_) / kWideAccessWords;
  }
  // Hands the access whose words start at `words` to `visit`; returns where the next one starts.
  template <class Visit>
  __attribute__((always_inline)) static const std::uint32_t* visit_access(const std::uint32_t* words, Visit visit) {
    const RecordedAccess access = decode_access(words);
    visit(access);
    words += access_words(access.addr);
    // As in step_over_access(): the next line, for the host's caches.
    __builtin_prefetch(words + kPrefetchWords);
    return words;
  }
  // Removes the `count` accesses at the front, read through front_words() up to `end`.
  void skip_accesses(std::uint32_t count, const std::uint32_t* end) {
    CCSIM_DEBUG_ASSERT(count <= accesses_at_front());
    accesses_popped_ += count;
    end_read_at(end);
  }

  // Gives its chunk back to the spares when nothing is queued (an empty queue otherwise keeps one
  // chunk for its next event).
  void release_storage_if_empty();

 private:
  static constexpr std::uint32_t kChunkWords = EventChunk::kWords;
  static constexpr std::uint32_t kMaxAccessSize = 4096;
  // Bit fields of an event's second word.
  static constexpr std::uint32_t kSizeShift = 16;  // size - 1, 12 bits (the address's bits 32..47 are below)
  static constexpr std::uint32_t kKindShift = 28;  // AccessKind, 2 bits
  static constexpr std::uint32_t kTagShift = 30;   // what the event is, 2 bits
  static constexpr std::uint32_t kMarkMask = (1u << kTagShift) - 1;  // other events: the next one's mark
  static constexpr std::uint32_t kNarrowAccess = 0;
  static constexpr std::uint32_t kWideAccess = 1;
  static constexpr std::uint32_t kSync = 2;
  static constexpr std::uint32_t kLayoutChange = 3;

  static constexpr std::uint32_t kWideAccessWords = 5;
  // How far ahead of the read position the replay asks for the queue's words: one host line. That is 4
  // or more of the thread's accesses, so with 4 threads round-robin asks at least 16 accesses (about
  // 300 ns) early, time enough to fetch from the host's last level. It was 3 lines: with 64 threads that
  // kept up to 4 lines of each queue, 256 in all, in the host's first-level cache, whose 768 lines the
  // simulator's data of 64 processors need (perf/README.md, "Thread scaling").
  static constexpr std::uint32_t kPrefetchWords = 16;
  // The accesses read through front_words() end at `end`, in the chunk being read: the read position
  // moves there.
  void end_read_at(const std::uint32_t* end) {
    CCSIM_DEBUG_ASSERT(end >= head_->words + read_ && end <= head_->words + head_->used);
    read_ = static_cast<std::uint32_t>(end - head_->words);
    if (read_ == head_->used) finish_chunk();
  }
  // Moves past the access at the front. Its length in words follows from its address, so the tag is
  // not read again.
  void step_over_access(const RecordedAccess& access) {
    CCSIM_DEBUG_ASSERT(tag_at_head() <= kWideAccess && front_access().addr == access.addr);
    read_ += access_words(access.addr);
    // The events were written long before and have left the host's caches; in the round-robin order
    // each thread's queue moves by one access per turn, too slowly for the hardware prefetcher to follow
    // four queues. Asking for the next line hides the miss. (A prefetch past the chunk's end never
    // faults.)
    __builtin_prefetch(head_->words + read_ + kPrefetchWords);
    if (read_ == head_->used) finish_chunk();
  }

  using Chunk = EventChunk;
  static_assert(sizeof(SyncEvent) == 4 * (kSyncWords - 2), "a SyncEvent is stored as 8 words");

  std::uint32_t tag_at_head() const { return head_->words[read_ + 1] >> kTagShift; }
  // The access whose first word is `words[0]`.
  static RecordedAccess decode_access(const std::uint32_t* words) {
    const std::uint32_t shape = words[1];
    RecordedAccess access;
    access.ref = words[2];
    access.size = ((shape >> kSizeShift) & 0xfff) + 1;
    access.kind = static_cast<AccessKind>((shape >> kKindShift) & 3);
    if ((shape >> kTagShift) == kNarrowAccess) {
      access.addr = (static_cast<Addr>(shape & 0xffff) << 32) | words[0];
    } else {
      access.addr = (static_cast<Addr>(words[4]) << 32) | words[3];
    }
    return access;
  }
  // The oldest chunk has been read to its end.
  void finish_chunk();
  // `chunk` is no longer this queue's: it goes to the spares.
  void give_back(Chunk* chunk);
  // A synchronization event or layout change whose tag word is `tag_word` is being pushed: marks where
  // the run of accesses before it ends.
  void mark_other_event(std::uint32_t* tag_word);

  // Invariant: the queue is empty exactly when read_ == head_->used, and then head_ == tail_ (a chunk
  // read to its end goes to the spares unless it is also the one being written).
  BufferMemory* memory_;
  Chunk* head_ = nullptr;  // oldest chunk, being read
  Chunk* tail_ = nullptr;  // newest chunk, being written
  std::uint32_t read_ = 0; // index in head_->words of the oldest event
  // The run counts (see the top of the file), all modulo 2^32 and compared modulo 2^30.
  std::uint32_t accesses_pushed_ = 0;
  std::uint32_t accesses_popped_ = 0;
  std::uint32_t other_events_queued_ = 0;        // synchronization events and layout changes queued
  std::uint32_t oldest_event_mark_ = 0;          // accesses_pushed_ when the oldest queued one was pushed
  std::uint32_t* newest_event_tag_word_ = nullptr;  // the newest queued one's tag word (the next one's mark goes there)
};

}  // namespace ccsim

#endif
