// event_queue.cc: chunk management and decoding for EventQueue (see event_queue.h for the layout).
#include "ccsim/replay/event_queue.h"

namespace ccsim {

BufferMemory::~BufferMemory() {
  while (spare_chunks != nullptr) {
    EventChunk* next = spare_chunks->next;
    release(spare_chunks);
    spare_chunks = next;
  }
}

EventQueue::~EventQueue() {
  while (head_ != nullptr) {
    Chunk* next = head_->next;
    give_back(head_);
    head_ = next;
  }
}

void EventQueue::add_chunk() {
  Chunk* chunk = memory_->spare_chunks;
  if (chunk != nullptr) {
    memory_->spare_chunks = chunk->next;
    --memory_->spare_count;
  } else {
    chunk = static_cast<Chunk*>(allocate("ccsim.replay.chunk", sizeof(Chunk)));
  }
  chunk->next = nullptr;
  chunk->used = 0;
  memory_->bytes += kChunkBytes;
  if (tail_ == nullptr) {
    head_ = chunk;
    read_ = 0;
  } else {
    tail_->next = chunk;
  }
  tail_ = chunk;
}

void EventQueue::push_sync(const SyncEvent& event) {
  CCSIM_DEBUG_ASSERT(has_room(kSyncWords));
  std::uint32_t* words = tail_->words + tail_->used;
  words[0] = 0;
  words[1] = kSync << kTagShift;
  std::memcpy(words + 2, &event, sizeof(SyncEvent));
  mark_other_event(&words[1]);
  tail_->used += kSyncWords;
}

bool EventQueue::holds_only_layout_changes() const {
  if (accesses_pushed_ != accesses_popped_) return false;  // an access is queued
  for (const Chunk* chunk = head_; chunk != nullptr; chunk = chunk->next) {
    // With no access queued, each record is a synchronization event or a layout change.
    for (std::uint32_t at = chunk == head_ ? read_ : 0; at < chunk->used; at += kLayoutChangeWords) {
      if ((chunk->words[at + 1] >> kTagShift) != kLayoutChange) return false;
    }
  }
  return true;
}

void EventQueue::push_layout_change(std::uint32_t change) {
  CCSIM_DEBUG_ASSERT(has_room(kLayoutChangeWords));
  std::uint32_t* words = tail_->words + tail_->used;
  words[0] = change;
  words[1] = kLayoutChange << kTagShift;
  mark_other_event(&words[1]);
  tail_->used += kLayoutChangeWords;
}

void EventQueue::mark_other_event(std::uint32_t* tag_word) {
  const std::uint32_t mark = accesses_pushed_ & kMarkMask;
  // The newest queued event is still queued (events leave oldest first) exactly when any is.
  if (other_events_queued_ == 0) {
    oldest_event_mark_ = mark;
  } else {
    *newest_event_tag_word_ |= mark;
  }
  newest_event_tag_word_ = tag_word;
  ++other_events_queued_;
}

SyncEvent EventQueue::front_sync() const {
  SyncEvent event;
  std::memcpy(&event, head_->words + read_ + 2, sizeof(SyncEvent));
  return event;
}

void EventQueue::finish_chunk() {
  if (head_ == tail_) {
    // Read to the end of the chunk being written: start it over rather than allocate a new one.
    head_->used = 0;
    read_ = 0;
    return;
  }
  Chunk* finished = head_;
  head_ = head_->next;
  read_ = 0;
  give_back(finished);
}

void EventQueue::give_back(Chunk* chunk) {
  chunk->next = memory_->spare_chunks;
  memory_->spare_chunks = chunk;
  ++memory_->spare_count;
  memory_->bytes -= kChunkBytes;
}

void EventQueue::release_storage_if_empty() {
  if (head_ == nullptr || !empty()) return;
  give_back(head_);
  head_ = nullptr;
  tail_ = nullptr;
  read_ = 0;
}

}  // namespace ccsim
