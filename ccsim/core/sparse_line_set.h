// sparse_line_set.h: a set of line addresses kept as a sparse bitmap: the lines a processor's hierarchy
// (or the shared LLC) ever held, which tells compulsory misses from replacement misses, and the lines any
// processor ever wrote, which tells compulsory misses from transfer misses.
//
// The set is asked once per miss and grows to every line a program touches. As a hash set of lines it was
// the miss path's largest cost: a probe at a random place of a table of millions of entries, a host cache
// miss every time. Here it is one bit per line, in chunks of 1024 consecutive lines (line_chunks.h): a
// run of misses reads and sets bits of one 128-byte bitmap.
// Limit: a chunk costs 128 bytes however few of its lines were held, so lines scattered one per chunk cost
// 128 bytes each (a hash set would cost about 20).
#ifndef CCSIM_CORE_SPARSE_LINE_SET_H
#define CCSIM_CORE_SPARSE_LINE_SET_H

#include <cstdint>

#include "ccsim/core/line_chunks.h"
#include "ccsim/core/types.h"

namespace ccsim {

class SparseLineSet {
 public:
  explicit SparseLineSet(const char* cost_centre) : chunks_(cost_centre) {}

  // Adds `line`; says whether it was already in the set. Always inlined: once per miss, a few instructions.
  __attribute__((always_inline)) bool add_was_present(Addr line) {
    const std::uint32_t slot = Chunks::slot_of(line);
    std::uint64_t& word = chunks_.find_or_add(line).words[slot >> 6];
    const std::uint64_t bit = std::uint64_t(1) << (slot & 63);
    const bool present = (word & bit) != 0;
    word |= bit;
    return present;
  }

  // Whether `line` is in the set, adding nothing (a chunk is created only by add_was_present()).
  bool contains(Addr line) const {
    const Bitmap* chunk = chunks_.find(line);
    const std::uint32_t slot = Chunks::slot_of(line);
    return chunk != nullptr && ((chunk->words[slot >> 6] >> (slot & 63)) & 1) != 0;
  }

  void clear() { chunks_.clear(); }

 private:
  static constexpr std::uint32_t kChunkBits = 10;

  // One bit per line of a chunk.
  struct Bitmap {
    std::uint64_t words[(1u << kChunkBits) / 64];
  };
  using Chunks = LineChunks<Bitmap, kChunkBits>;

  Chunks chunks_;
};

}  // namespace ccsim

#endif
