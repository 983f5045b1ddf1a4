// extent_index.h: non-overlapping address extents, each belonging to one data object, indexed by start
// address in Valgrind's AVL tree. Finds the extent holding an address, or the gap around it, in
// O(log extents). The heap's live blocks and the global variables are two such indexes.
#ifndef CCSIM_TOOL_EXTENT_INDEX_H
#define CCSIM_TOOL_EXTENT_INDEX_H

#include <cstdint>

#include "ccsim/tool/data_objects/data_objects.h"

struct _WordFM;  // Valgrind's AVL tree (valgrind_api.h)

namespace ccsim {

// [start, start + size) belongs to `object`.
struct Extent {
  Addr start;
  Addr size;
  ObjectId object;
  std::uint32_t key;  // the owner's own number for the extent (a heap block's allocation number), or 0
};

// A lookup's answer for an address inside `extent`: the extent's object, start and life, over all of it.
// Inline: on the path of every object-cache miss (heap_blocks.h), where an out-of-line call's answer,
// written field by field and read back whole, stalls the loads that read it (store forwarding fails).
inline ObjectExtent whole_extent(const Extent& extent) {
  return ObjectExtent{extent.object, extent.start, extent.start, extent.start + extent.size - 1, extent.key};
}

class ExtentIndex {
 public:
  explicit ExtentIndex(const char* cost_centre);
  ExtentIndex(const ExtentIndex&) = delete;
  ExtentIndex& operator=(const ExtentIndex&) = delete;

  // Adds an extent; returns false, adding nothing, when one already starts at `start`.
  bool add(Addr start, Addr size, ObjectId object, std::uint32_t key = 0);
  // The extent starting exactly at `start`, or null.
  const Extent* at(Addr start) const;
  // The lowest extent that holds a byte of [low, high] or starts in it (an empty one), or null.
  const Extent* first_overlapping(Addr low, Addr high) const;
  void remove(Addr start);
  // The layer lookup of data_objects.h: the extent holding `address`, or the gap around it.
  bool find(Addr address, ObjectExtent* found) const;

 private:
  // The extents starting nearest below and above `address`, at which none starts (null where none).
  struct Neighbours {
    const Extent* below;
    const Extent* above;
  };
  Neighbours neighbours(Addr address) const;

  const char* cost_centre_;
  ::_WordFM* extents_;  // start -> Extent* (allocated per extent)
};

}  // namespace ccsim

#endif
