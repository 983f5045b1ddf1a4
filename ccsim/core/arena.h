// arena.h: bump allocation of small records that live as long as the simulator (per-reference counters,
// per-region totals). One allocator call per 64 KiB chunk instead of one per record keeps the count of
// Valgrind heap blocks low and the records of one processor close together; nothing is freed before the
// whole arena is.
#ifndef CCSIM_CORE_ARENA_H
#define CCSIM_CORE_ARENA_H

#include <cstddef>

namespace ccsim {

class Arena {
 public:
  explicit Arena(const char* cost_centre) : cost_centre_(cost_centre) {}
  ~Arena();
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;

  // Zero-filled storage, 8-byte aligned, valid until the arena is destroyed.
  void* allocate(std::size_t bytes);

  template <class T>
  T* allocate_array(std::size_t count) {
    return static_cast<T*>(allocate(count * sizeof(T)));
  }

 private:
  // A chunk's header; its storage follows it.
  struct Chunk {
    Chunk* previous;
    std::size_t size;
  };
  static constexpr std::size_t kChunkBytes = 64 * 1024;

  const char* cost_centre_;
  Chunk* current_ = nullptr;
  std::size_t used_ = 0;  // bytes of current_'s storage handed out
};

}  // namespace ccsim

#endif
