// line_chunks.h: per-line data kept in chunks of 2^kChunkBits consecutive lines, found through a hash map
// from chunk number (line >> kChunkBits), for tables asked about a line on every miss the simulator models
// (the directory's index, the lines a hierarchy ever held).
//
// A hash table of lines puts consecutive lines at random places: each miss of a program walking an array
// costs a probe at a random spot of a large table, a host cache miss. Programs touch memory in runs
// (arrays, stacks, heap blocks), so here consecutive lines share a chunk, and recently found chunks are
// remembered in a small direct-mapped table checked first: a run of misses costs a compare each, and one
// hash probe per chunk. Several, because a miss works on two places at once (the line coming in and the
// line it evicts) and the threads' misses interleave in the shared directory.
//
// Chunks live in a pool (indices, not pointers, so the pool can grow) with a free list, so a table whose
// chunks come and go, like the directory's, allocates nothing once it has reached its largest size.
// `Chunk` is trivially copyable and starts zero-filled; a reference to it is valid until the next
// find_or_add() or erase().
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

  // The chunk of `line`, or null. Both lookups are always inlined as far as the remembered chunks: that
  // is most lookups, and a few instructions; the hash probe is out of line.
  __attribute__((always_inline)) Chunk* find(Addr line) {
    const Addr number = line >> kChunkBits;
    std::uint32_t chunk;
    if (!recall(number, &chunk)) chunk = look_up(number);
    return chunk == kNoPlace ? nullptr : &chunks_[chunk];
  }
  const Chunk* find(Addr line) const { return const_cast<LineChunks*>(this)->find(line); }

  // The chunk of `line`, created zero-filled when absent.
  __attribute__((always_inline)) Chunk& find_or_add(Addr line) { return chunks_[find_or_add_place(line)]; }

  // Likewise, but the chunk's place: a name for it that stays valid until the chunk is erased, for a
  // caller that keeps it to reach the chunk again with at() instead of a lookup.
  __attribute__((always_inline)) std::uint32_t find_or_add_place(Addr line) {
    const Addr number = line >> kChunkBits;
    std::uint32_t chunk;
    if (!recall(number, &chunk)) chunk = look_up_or_add(number);
    return chunk;
  }
  Chunk& at(std::uint32_t place) { return chunks_[place]; }

  // Drops the chunk of `line` (which must exist); its storage goes back to the pool. Out of line: once per
  // chunk, not per line.
  __attribute__((noinline)) void erase(Addr line) {
    const Addr number = line >> kChunkBits;
    free_.push_back(*index_.find(number));
    index_.erase(number);
    Remembered& remembered = remembered_[memo_slot(number)];
    if (remembered.number == number) remembered = Remembered{};
  }

  void clear() {
    index_.clear();
    chunks_.clear();
    free_.clear();
    for (Remembered& remembered : remembered_) remembered = Remembered{};
  }

 private:
  static constexpr Addr kNoChunk = ~Addr(0);  // no chunk number is this large: line addresses are shifted

  // A chunk looked up recently: its number and its place in chunks_.
  struct Remembered {
    Addr number = kNoChunk;
    std::uint32_t chunk = 0;
  };

  static constexpr std::uint32_t kNoPlace = ~std::uint32_t(0);
  static constexpr std::uint32_t kMemoBits = 4;  // 16 remembered chunks

  // Where chunk `number` is remembered: a multiplicative hash, so that chunks a fixed distance apart (the
  // line a miss brings in and the line it evicts, one cache size apart) rarely share a slot.
  static std::uint32_t memo_slot(Addr number) {
    return static_cast<std::uint32_t>((number * 0x9E3779B97F4A7C15ull) >> (64 - kMemoBits));
  }

  // Whether chunk `number` is remembered; then its place.
  bool recall(Addr number, std::uint32_t* chunk) const {
    const Remembered& remembered = remembered_[memo_slot(number)];
    if (remembered.number != number) return false;
    *chunk = remembered.chunk;
    return true;
  }

  // The place of chunk `number`, or kNoPlace, by the hash map.
  __attribute__((noinline)) std::uint32_t look_up(Addr number) const {
    const std::uint32_t* found = index_.find(number);
    if (found == nullptr) return kNoPlace;
    remember(number, *found);
    return *found;
  }

  __attribute__((noinline)) std::uint32_t look_up_or_add(Addr number) {
    bool added = false;
    std::uint32_t& found = index_.find_or_add(number, &added);
    if (added) found = new_chunk();
    remember(number, found);
    return found;
  }

  void remember(Addr number, std::uint32_t chunk) const { remembered_[memo_slot(number)] = Remembered{number, chunk}; }

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
  // Chunks found recently, by memo_slot(); a slot holds the last chunk found there. Mutable: a cache of
  // lookups, not part of the table's contents.
  mutable Remembered remembered_[1u << kMemoBits];
};

}  // namespace ccsim

#endif
