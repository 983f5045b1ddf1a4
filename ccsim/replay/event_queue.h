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
// Appending is a bounds check and three stores; a chunk allocation every ~340 accesses.
//
// Chunk memory is counted in a BufferMemory that the queues of all threads share: the replay engine
// bounds that total (--max-buffer).
#ifndef CCSIM_REPLAY_EVENT_QUEUE_H
#define CCSIM_REPLAY_EVENT_QUEUE_H

#include <cstdint>
#include <cstring>

#include "ccsim/core/platform.h"
#include "ccsim/core/types.h"
#include "ccsim/replay/sync_event.h"

namespace ccsim {

// The chunk bytes held by every queue that shares it.
struct BufferMemory {
  std::uint64_t bytes = 0;
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
  static constexpr std::uint32_t kChunkBytes = 4096;
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

  // `size` is 1..4096 bytes.
  void push_access(RefId ref, Addr addr, std::uint32_t size, AccessKind kind) {
    CCSIM_DEBUG_ASSERT(size >= 1 && size <= kMaxAccessSize && has_room(access_words(addr)));
    std::uint32_t* words = tail_->words + tail_->used;
    const std::uint32_t shape = ((size - 1) << kSizeShift) | (static_cast<std::uint32_t>(kind) << kKindShift);
    if (__builtin_expect(addr >> 48 == 0, 1)) {
      words[0] = static_cast<std::uint32_t>(addr);
      words[1] = static_cast<std::uint32_t>(addr >> 32) | shape | (kNarrowAccess << kTagShift);
      words[2] = ref;
      tail_->used += 3;
    } else {
      words[0] = 0;
      words[1] = shape | (kWideAccess << kTagShift);
      words[2] = ref;
      words[3] = static_cast<std::uint32_t>(addr);
      words[4] = static_cast<std::uint32_t>(addr >> 32);
      tail_->used += 5;
    }
  }
  void push_sync(const SyncEvent& event);
  void push_layout_change(std::uint32_t change);

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
  // The replay's test before each access: head() without its dispatch.
  bool front_is_access() const { return !empty() && tag_at_head() <= kWideAccess; }
  RecordedAccess front_access() const { return decode_access(head_->words + read_); }
  SyncEvent front_sync() const;
  std::uint32_t front_layout_change() const { return head_->words[read_]; }
  void pop() {
    CCSIM_DEBUG_ASSERT(!empty());
    // The words each tag takes, looked up rather than tested (accesses take pop_access(), cheaper still).
    static constexpr std::uint8_t kWordsByTag[4] = {3, 5, kSyncWords, kLayoutChangeWords};
    read_ += kWordsByTag[tag_at_head()];
    if (read_ == head_->used) finish_chunk();
  }

  // Removes the access at the front, which front_access() returned as `access`. Hot path (once per
  // replayed access): its length in words follows from its address, so the tag is not read again.
  void pop_access(const RecordedAccess& access) {
    CCSIM_DEBUG_ASSERT(front_is_access() && front_access().addr == access.addr);
    read_ += access_words(access.addr);
    // The events were written long before and have left the host's caches; in the round-robin order
    // each thread's queue moves by one access per turn, too slowly for the hardware prefetcher to follow
    // four queues. Asking for the line 3 lines ahead hides the miss. (A prefetch past the chunk's end
    // never faults.)
    __builtin_prefetch(head_->words + read_ + 48);
    if (read_ == head_->used) finish_chunk();
  }

  // Returns every chunk to the allocator when nothing is queued (an empty queue otherwise keeps one
  // chunk for its next event).
  void release_storage_if_empty();

 private:
  static constexpr std::uint32_t kChunkWords = (kChunkBytes - 16) / 4;
  static constexpr std::uint32_t kMaxAccessSize = 4096;
  // Bit fields of an event's second word.
  static constexpr std::uint32_t kSizeShift = 16;  // size - 1, 12 bits (the address's bits 32..47 are below)
  static constexpr std::uint32_t kKindShift = 28;  // AccessKind, 2 bits
  static constexpr std::uint32_t kTagShift = 30;   // what the event is, 2 bits
  static constexpr std::uint32_t kNarrowAccess = 0;
  static constexpr std::uint32_t kWideAccess = 1;
  static constexpr std::uint32_t kSync = 2;
  static constexpr std::uint32_t kLayoutChange = 3;

  // A chunk's header and its words; 4 KiB in all.
  struct Chunk {
    Chunk* next;
    std::uint32_t used;  // words written
    std::uint32_t words[kChunkWords];
  };
  static_assert(sizeof(Chunk) == kChunkBytes, "a chunk is exactly kChunkBytes");
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

  // Invariant: the queue is empty exactly when read_ == head_->used, and then head_ == tail_ (a chunk
  // read to its end is released unless it is also the one being written).
  BufferMemory* memory_;
  Chunk* head_ = nullptr;  // oldest chunk, being read
  Chunk* tail_ = nullptr;  // newest chunk, being written
  std::uint32_t read_ = 0; // index in head_->words of the oldest event
};

}  // namespace ccsim

#endif
