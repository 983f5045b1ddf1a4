// line_chunks.h: per-line data kept in chunks of 2^kChunkBits consecutive lines, found through a hash map
// from chunk number (line >> kChunkBits), for tables asked about a line on every miss the simulator models
// (the directory's index, the lines a hierarchy ever held).
//
// A hash table of lines puts consecutive lines at random places: each miss of a program walking an array
// costs a probe at a random spot of a large table, a host cache miss. Programs touch memory in runs
// (arrays, stacks, heap blocks), so here consecutive lines share a chunk, and the chunks of the last two
// lookups are checked first: a run of misses costs a compare or two each, and one hash probe per chunk.
// Two, because a miss works on two places at once: the line coming in and the line it evicts.
//
// Chunks live in a pool (indices, not pointers, so the pool can grow) with a free list, so a table whose
// chunks come and go, like the directory's, allocates nothing once it has reached its largest size.
// `Chunk` is trivially copyable and starts zero-filled; a reference to it is valid until the next add().
#ifndef CCSIM_CORE_LINE_CHUNKS_H
#define CCSIM_CORE_LINE_CHUNKS_H

#include <cstdint>

#include "ccsim/core/growable_array.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/core/types.h"

namespace ccsim {

template <class Chunk, std::uint32_t kChunkBits>
class LineChunks {
 public:
  static constexpr std::uint32_t kChunkLines = 1u << kChunkBits;

  explicit LineChunks(const char* cost_centre) : index_(cost_centre), chunks_(cost_centre), free_(cost_centre) {}

  // The position of `line` within its chunk.
  static std::uint32_t slot_of(Addr line) { return static_cast<std::uint32_t>(line & (kChunkLines - 1)); }

  // The chunk of `line`, or null.
  Chunk* find(Addr line) {
    const Addr number = line >> kChunkBits;
    std::uint32_t chunk;
    if (recall(number, &chunk)) return &chunks_[chunk];
    const std::uint32_t* found = index_.find(number);
    if (found == nullptr) return nullptr;
    remember(number, *found);
    return &chunks_[*found];
  }
  const Chunk* find(Addr line) const { return const_cast<LineChunks*>(this)->find(line); }

  // The chunk of `line`, created zero-filled when absent.
  Chunk& find_or_add(Addr line) {
    const Addr number = line >> kChunkBits;
    std::uint32_t chunk;
    if (!recall(number, &chunk)) {
      bool added = false;
      std::uint32_t& found = index_.find_or_add(number, &added);
      if (added) found = new_chunk();
      chunk = found;
      remember(number, chunk);
    }
    return chunks_[chunk];
  }

  // Drops the chunk of `line` (which must exist); its storage goes back to the pool.
  void erase(Addr line) {
    const Addr number = line >> kChunkBits;
    free_.push_back(*index_.find(number));
    index_.erase(number);
    for (Remembered& remembered : remembered_) {
      if (remembered.number == number) remembered = Remembered{};
    }
  }

  void clear() {
    index_.clear();
    chunks_.clear();
    free_.clear();
    remembered_[0] = remembered_[1] = Remembered{};
  }

 private:
  static constexpr Addr kNoChunk = ~Addr(0);  // no chunk number is this large: line addresses are shifted

  // A chunk looked up recently: its number and its place in chunks_.
  struct Remembered {
    Addr number = kNoChunk;
    std::uint32_t chunk = 0;
  };

  // Whether the chunk `number` was one of the last two looked up; then its place.
  bool recall(Addr number, std::uint32_t* chunk) const {
    for (std::uint32_t which = 0; which < 2; ++which) {
      if (remembered_[which].number == number) {
        most_recent_ = which;
        *chunk = remembered_[which].chunk;
        return true;
      }
    }
    return false;
  }

  // Remembers a chunk in place of the one recalled less recently.
  void remember(Addr number, std::uint32_t chunk) const {
    most_recent_ ^= 1;
    remembered_[most_recent_] = Remembered{number, chunk};
  }

  std::uint32_t new_chunk() {
    if (!free_.empty()) {
      const std::uint32_t chunk = free_.pop_back();
      chunks_[chunk] = Chunk{};
      return chunk;
    }
    chunks_.resize(chunks_.size() + 1);
    return chunks_.size() - 1;
  }

  HashMap<Addr, std::uint32_t> index_;  // chunk number -> its place in chunks_
  GrowableArray<Chunk> chunks_;         // the pool; unused places are listed in free_
  GrowableArray<std::uint32_t> free_;
  // The last two chunks looked up, and which of them was looked up last. Mutable: a cache of lookups, not
  // part of the table's contents.
  mutable Remembered remembered_[2];
  mutable std::uint32_t most_recent_ = 0;
};

}  // namespace ccsim

#endif
