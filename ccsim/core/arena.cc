// arena.cc: see arena.h.
#include "ccsim/core/arena.h"

#include <cstring>

#include "ccsim/core/platform.h"

namespace ccsim {

Arena::~Arena() {
  while (current_ != nullptr) {
    Chunk* previous = current_->previous;
    release(current_);
    current_ = previous;
  }
}

void* Arena::allocate(std::size_t bytes) {
  bytes = (bytes + 7) & ~std::size_t(7);
  if (current_ == nullptr || used_ + bytes > current_->size) {
    // A request larger than a chunk gets a chunk of its own size.
    const std::size_t size = bytes > kChunkBytes ? bytes : kChunkBytes;
    Chunk* chunk = static_cast<Chunk*>(ccsim::allocate(cost_centre_, sizeof(Chunk) + size));
    chunk->previous = current_;
    chunk->size = size;
    current_ = chunk;
    used_ = 0;
  }
  char* storage = reinterpret_cast<char*>(current_ + 1) + used_;
  used_ += bytes;
  std::memset(storage, 0, bytes);
  return storage;
}

}  // namespace ccsim
