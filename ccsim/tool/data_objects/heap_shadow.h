// heap_shadow.h: a shadow table from addresses to the small heap blocks that hold them, so that finding
// the block of an address costs a hash probe and two loads instead of two walks of a tree of blocks
// (extent_index.h), and adding or ending a small block costs no tree update either.
//
// Why: pointer-chasing code (a hash table's chains, a linked list, a tree of small nodes) touches a
// different block at nearly every access, so the one-entry object cache of each reference
// (object_access_counts.h) and the recent answers of find_object() always miss, and before this table
// every such access walked Valgrind's AVL tree of live blocks twice (the block starting at the address,
// then the bounds around it): a third of the run on a hash table of 20,000 nodes (perf/README.md).
//
// The table divides the address space into 16-byte granules (glibc's allocator aligns every block start
// to 16 bytes on amd64, and puts a header of its own between two blocks, so a granule holds bytes of one
// block only) and keeps, for each granule a
// shadowed block covers, that block's slot number (4 bytes). Granules are grouped in chunks of 64 KiB of
// address space, made when the first block lands in them and released when their last block ends, and
// found by a hash map of chunk numbers with the last chunk used remembered in front of it.
//
// It holds the small blocks of a set of blocks (heap_block_set.h), whose other blocks are in a tree: a
// granule holding 0, or a byte of a marked granule outside the block marked there, means "no block held
// here" (the tree may have one). It leaves out blocks larger than 64 KiB (marking their granules would
// cost a store per 16 bytes at every allocation, and an access to a large block mostly hits its
// reference's cached range anyway), empty blocks, and a block sharing a granule with a held one (only
// possible with an alignment below 16 bytes): so each held block owns all its granules, and a block
// clears them when it ends.
//
// Memory: 4 bytes per 16 bytes of address space in each 64 KiB chunk holding a small block, i.e. at most
// 256 KiB per MiB of heap (allocators pack small blocks densely), plus 24 bytes per shadowed
// live block and 16 per chunk in the hash map; nothing for large blocks.
#ifndef CCSIM_TOOL_HEAP_SHADOW_H
#define CCSIM_TOOL_HEAP_SHADOW_H

#include <cstdint>

#include "ccsim/core/growable_array.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/tool/data_objects/extent_index.h"

namespace ccsim {

class HeapShadow {
 public:
  HeapShadow();
  ~HeapShadow();
  HeapShadow(const HeapShadow&) = delete;
  HeapShadow& operator=(const HeapShadow&) = delete;

  // The block [start, start + size), live from now on in the layer; the table may decline it (false).
  bool add(const Extent& block);
  // The block starting at `start` ended (freed, or overlapped by a later allocation in the replay). False
  // when the table did not hold it (it declined it).
  bool remove(Addr start);

  // The shadowed block holding `address`, or null when no held block has it (a block of the set's tree
  // may). Inlined into the heap layer's lookup: on the path of every object-cache miss.
  const Extent* block_at(Addr address) {
    const Chunk* chunk = chunk_of(address >> kChunkShift);
    if (chunk == nullptr) return nullptr;
    const std::uint32_t slot = chunk->slots[granule_in_chunk(address)];
    if (slot == 0) return nullptr;
    const Extent& block = blocks_[slot];
    // The granule's bytes before the block's start or after its end are in no held block.
    return address - block.start < block.size ? &block : nullptr;
  }

  // Whether a granule of [start, start + size) (size > 0) is marked: false says no block the table holds
  // has a byte there; true that one may (with 16-byte alignment, one does). size / 16 probes at most.
  bool any_marked(Addr start, Addr size);

  // The shadowed block starting exactly at `start`, or null.
  const Extent* block_starting_at(Addr start) {
    const Chunk* chunk = chunk_of(start >> kChunkShift);
    if (chunk == nullptr) return nullptr;
    const std::uint32_t slot = chunk->slots[granule_in_chunk(start)];
    return slot != 0 && blocks_[slot].start == start ? &blocks_[slot] : nullptr;
  }
  // The shadowed block of lowest start holding a byte of [low, high], or null: a granule walk of the
  // chunks held within the range (chunks not held are skipped, one probe each).
  const Extent* first_overlapping(Addr low, Addr high);
  // `address` is in no shadowed block, and [*low, *high] (holding it) in none the caller knows of:
  // narrows it to bytes in no shadowed block either. Not always to the whole gap (a narrower gap than
  // the true one costs a later lookup, never a wrong answer): in a chunk held, the gap stops at the
  // chunk's bounds and kGapGranules granules either way; in a chunk not held, at the nearest chunks
  // held and kGapChunks chunks either way; outside the span of the chunks ever made, at the span.
  void narrow_gap(Addr address, Addr* low, Addr* high);

  // Slots in use and chunks held, for the tests of the table's bounds.
  std::uint32_t blocks_shadowed() const { return blocks_.size() - 1 - free_slots_.size(); }
  std::uint32_t chunks_held() const { return chunks_.size(); }

 private:
  static constexpr std::uint32_t kGranuleShift = 4;   // 16 bytes: Valgrind's smallest block alignment
  static constexpr std::uint32_t kChunkShift = 16;    // 64 KiB of address space per chunk
  static constexpr std::uint32_t kGranulesPerChunk = 1u << (kChunkShift - kGranuleShift);
  static constexpr Addr kLargestBlock = Addr(1) << 16;  // larger blocks are left to the tree
  static constexpr std::uint32_t kGapGranules = 256;   // narrow_gap() looks 4 KiB either way in a chunk,
  static constexpr Addr kGapChunks = 16;               // and 1 MiB either way across chunks

  // One chunk's granules: the slot of the block marked in each (0: none), and how many are marked, so
  // that an empty chunk is released.
  struct Chunk {
    std::uint32_t marked;
    std::uint32_t slots[kGranulesPerChunk];
  };

  static std::uint32_t granule_in_chunk(Addr address) {
    return static_cast<std::uint32_t>(address >> kGranuleShift) & (kGranulesPerChunk - 1);
  }

  // The chunk of `number` (address >> kChunkShift), or null. The last one found is remembered: the blocks
  // a program chases mostly lie in one or two chunks of Valgrind's arena. A number outside the span of
  // chunks ever made (the executable's globals, the stacks) is rejected by one unsigned compare before
  // the hash map.
  Chunk* chunk_of(Addr number) {
    if (number == last_number_) return last_chunk_;
    if (number - lowest_number_ > highest_number_ - lowest_number_) return nullptr;
    Chunk* const* found = chunks_.find(number);
    if (found == nullptr) return nullptr;
    last_number_ = number;
    last_chunk_ = *found;
    return last_chunk_;
  }
  Chunk* chunk_for_marking(Addr number);
  void release_chunk(Addr number, Chunk* chunk);

  HashMap<Addr, Chunk*> chunks_;  // chunk number -> chunk, for chunks with a marked granule
  Addr last_number_;              // the last chunk found (~0: none)
  Chunk* last_chunk_;
  // The lowest and highest chunk numbers ever made (the span only grows); lowest > highest before the first.
  Addr lowest_number_;
  Addr highest_number_;
  // One emptied chunk kept for the next one needed (all zero already): a program that allocates and frees
  // one block again and again in an otherwise empty chunk would otherwise zero 16 KiB each time.
  Chunk* spare_chunk_;
  // The shadowed blocks by slot number; slot 0 is never used (a granule's "none"). Freed slots are reused.
  GrowableArray<Extent> blocks_;
  GrowableArray<std::uint32_t> free_slots_;
};

}  // namespace ccsim

#endif
