// event_queue.cc: chunk management and decoding for EventQueue (see event_queue.h for the layout).
#include "ccsim/replay/event_queue.h"

namespace ccsim {

EventQueue::~EventQueue() {
  while (head_ != nullptr) {
    Chunk* next = head_->next;
    release(head_);
    memory_->bytes -= kChunkBytes;
    head_ = next;
  }
}

void EventQueue::add_chunk() {
  Chunk* chunk = static_cast<Chunk*>(allocate("ccsim.replay.chunk", sizeof(Chunk)));
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
  tail_->used += kSyncWords;
}

void EventQueue::push_layout_change(std::uint32_t change) {
  CCSIM_DEBUG_ASSERT(has_room(kLayoutChangeWords));
  std::uint32_t* words = tail_->words + tail_->used;
  words[0] = change;
  words[1] = kLayoutChange << kTagShift;
  tail_->used += kLayoutChangeWords;
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
  release(finished);
  memory_->bytes -= kChunkBytes;
}

void EventQueue::release_storage_if_empty() {
  if (head_ == nullptr || !empty()) return;
  release(head_);
  memory_->bytes -= kChunkBytes;
  head_ = nullptr;
  tail_ = nullptr;
  read_ = 0;
}

}  // namespace ccsim
