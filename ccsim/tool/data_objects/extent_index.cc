// extent_index.cc: see extent_index.h.
#include "ccsim/tool/data_objects/extent_index.h"

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

ExtentIndex::ExtentIndex(const char* cost_centre)
    : cost_centre_(cost_centre), extents_(VG_(newFM)(VG_(malloc), cost_centre, VG_(free), nullptr)) {}

bool ExtentIndex::add(Addr start, Addr size, ObjectId object, std::uint32_t key) {
  if (at(start) != nullptr) return false;
  Extent* extent = static_cast<Extent*>(VG_(malloc)(cost_centre_, sizeof(Extent)));
  *extent = Extent{start, size, object, key};
  VG_(addToFM)(extents_, start, reinterpret_cast<UWord>(extent));
  return true;
}

const Extent* ExtentIndex::at(Addr start) const {
  UWord key = 0;
  UWord extent = 0;
  return VG_(lookupFM)(extents_, &key, &extent, start) ? reinterpret_cast<const Extent*>(extent) : nullptr;
}

ExtentIndex::Neighbours ExtentIndex::neighbours(Addr address) const {
  UWord below_start = 0;
  UWord below = 0;
  UWord above_start = ~UWord(0);
  UWord above = 0;
  VG_(findBoundsFM)(extents_, &below_start, &below, &above_start, &above, 0, 0, ~UWord(0), 0, address);
  return Neighbours{reinterpret_cast<const Extent*>(below), reinterpret_cast<const Extent*>(above)};
}

const Extent* ExtentIndex::first_overlapping(Addr low, Addr high) const {
  if (const Extent* starting = at(low)) return starting;
  const Neighbours around = neighbours(low);
  if (around.below != nullptr && low - around.below->start < around.below->size) return around.below;
  if (around.above != nullptr && around.above->start <= high) return around.above;
  return nullptr;
}

void ExtentIndex::remove(Addr start) {
  UWord key = 0;
  UWord extent = 0;
  if (VG_(delFromFM)(extents_, &key, &extent, start)) VG_(free)(reinterpret_cast<Extent*>(extent));
}

bool ExtentIndex::find(Addr address, ObjectExtent* found) const {
  if (const Extent* starting = at(address)) {
    if (starting->size > 0) {
      *found = whole_extent(*starting);
      return true;
    }
    found->low = found->high = address;  // an empty extent (malloc(0)): too rare to describe the gap
    return false;
  }
  const Neighbours around = neighbours(address);
  if (around.below != nullptr && address - around.below->start < around.below->size) {
    *found = whole_extent(*around.below);
    return true;
  }
  // The gap between the extent below (if any) and the extent above (if any).
  found->low = around.below != nullptr ? around.below->start + around.below->size : 0;
  found->high = around.above != nullptr ? around.above->start - 1 : ~Addr(0);
  return false;
}

}  // namespace ccsim
