// placement_prediction.h: the invalidations one block of memory would suffer if it started elsewhere within
// a cache line, or with lines twice as long (Predator's prediction; docs/model.md, "Sharing predicted for
// other layouts").
//
// False sharing between the parts of one block (an array of per-thread structs) depends on where the
// allocator puts the block relative to line boundaries. The prediction replays the block's accesses on
// *virtual lines*: for each layout, the block is laid out as if it started at offset `start` of a line of
// `line_bytes`, and each virtual line records which processors hold a copy and the bytes each touched since
// it got the copy. A write by P removes every other holder's copy and counts one invalidation per copy:
// true when P writes a byte the victim had touched, false otherwise (the byte-mask rule of the simulation,
// docs/model.md, "Invalidations"). The assumptions: only this block's bytes are in its virtual lines (the
// neighbours' accesses are not replayed), private caches never lose a virtual line but to another
// processor's write (no capacity evictions), and the accesses come in the simulation's order.
//
// The layouts, for a simulation with `line_bytes` L: lines of L with the block starting at each 16-byte
// offset within a line that keeps the block's offset modulo 16 (allocators align blocks to 16 bytes, so
// these are the starts a block can get), then lines of 2L likewise (adjacent-line prefetching on x86, 128-byte
// lines on POWER and Apple cores, for L = 64). One of the L layouts is the block's own; with no eviction in
// the simulation its counts are the simulation's invalidations of the block's bytes.
//
// No Valgrind header: the tool uses it for watched heap blocks (ccsim/tool/data_objects/placement_watch.h),
// the unit tests drive it directly.
#ifndef CCSIM_CORE_PLACEMENT_PREDICTION_H
#define CCSIM_CORE_PLACEMENT_PREDICTION_H

#include <cstdint>

#include "ccsim/core/types.h"

namespace ccsim {

// One hypothetical layout of a block: lines of `line_bytes`, the block's first byte at offset `start` of
// a line.
struct PlacementLayout {
  std::uint32_t line_bytes;
  std::uint32_t start;
};

// The invalidations of copies of a block's virtual lines in one layout.
struct PlacementCounts {
  std::uint64_t true_sharing;
  std::uint64_t false_sharing;
};

// How many layouts a block gets in a simulation with lines of `line_bytes` (8..256): L/16 + 2L/16, at least
// one of each size (lines shorter than 16 bytes have a single start).
std::uint32_t placement_layout_count(std::uint32_t line_bytes);
// Layout `index` (< placement_layout_count) of a block starting at `base`: the L layouts first, by start.
PlacementLayout placement_layout(std::uint32_t line_bytes, Addr base, std::uint32_t index);

class PlacementPrediction {
 public:
  // The block [base, base + size) in a simulation with lines of `line_bytes`. size >= 1.
  PlacementPrediction(Addr base, std::uint64_t size, std::uint32_t line_bytes);
  ~PlacementPrediction();
  PlacementPrediction(const PlacementPrediction&) = delete;
  PlacementPrediction& operator=(const PlacementPrediction&) = delete;

  // One access by `proc` of `size` bytes at `address`, in every layout. Bytes outside the block are
  // ignored (an access that starts in the block and runs past its end).
  void access(ProcId proc, Addr address, std::uint32_t size, bool write);

  Addr base() const { return base_; }
  std::uint32_t layout_count() const { return layout_count_; }
  PlacementLayout layout(std::uint32_t index) const { return layouts_[index].shape; }
  const PlacementCounts& counts(std::uint32_t index) const { return layouts_[index].counts; }
  // CCSIM_ZERO_STATS: the counts restart, the copies stay.
  void zero_counts();

 private:
  // The copies of one virtual line: `count` holders, each a processor id word followed by its touched
  // mask (mask_words words), in storage from the platform allocator grown by doubling; null until the
  // line's first access. Few processors hold one line of a block at a time, so the holders are searched.
  struct VirtualLine {
    std::uint64_t* holders;
    std::uint32_t count;
    std::uint32_t capacity;
  };
  struct Layout {
    PlacementLayout shape;
    std::uint32_t line_shift;
    std::uint32_t mask_words;
    std::uint64_t line_count;  // virtual lines covering the block
    VirtualLine* lines;        // indexed by (address - base + start) >> line_shift
    PlacementCounts counts;
  };

  void access_line(Layout& layout, VirtualLine& line, ProcId proc, std::uint32_t first, std::uint32_t length,
                   bool write);

  Addr base_;
  std::uint64_t size_;
  std::uint32_t layout_count_;
  Layout* layouts_;
};

}  // namespace ccsim

#endif
