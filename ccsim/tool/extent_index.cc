// extent_index.cc: see extent_index.h.
#include "ccsim/tool/extent_index.h"

#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

ObjectExtent whole(const Extent& extent) {
  return ObjectExtent{extent.object, extent.start, extent.start, extent.start + extent.size - 1};
}

}  // namespace

ExtentIndex::ExtentIndex(const char* cost_centre)
    : cost_centre_(cost_centre), extents_(VG_(newFM)(VG_(malloc), cost_centre, VG_(free), nullptr)) {}

bool ExtentIndex::add(Addr start, Addr size, ObjectId object) {
  if (at(start) != nullptr) return false;
  Extent* extent = static_cast<Extent*>(VG_(malloc)(cost_centre_, sizeof(Extent)));
  *extent = Extent{start, size, object};
  VG_(addToFM)(extents_, start, reinterpret_cast<UWord>(extent));
  return true;
}

const Extent* ExtentIndex::at(Addr start) const {
  UWord key = 0;
  UWord extent = 0;
  return VG_(lookupFM)(extents_, &key, &extent, start) ? reinterpret_cast<const Extent*>(extent) : nullptr;
}

void ExtentIndex::remove(Addr start) {
  UWord key = 0;
  UWord extent = 0;
  if (VG_(delFromFM)(extents_, &key, &extent, start)) VG_(free)(reinterpret_cast<Extent*>(extent));
}

bool ExtentIndex::find(Addr address, ObjectExtent* found) const {
  if (const Extent* starting = at(address)) {
    if (starting->size > 0) {
      *found = whole(*starting);
      return true;
    }
    found->low = found->high = address;  // an empty extent (malloc(0)): too rare to describe the gap
    return false;
  }
  UWord below_start = 0;
  UWord below = 0;
  UWord above_start = ~UWord(0);
  UWord above = 0;
  VG_(findBoundsFM)(extents_, &below_start, &below, &above_start, &above, 0, 0, ~UWord(0), 0, address);
  const Extent* holder = reinterpret_cast<const Extent*>(below);
  if (holder != nullptr && address - holder->start < holder->size) {
    *found = whole(*holder);
    return true;
  }
  // The gap between the extent below (if any) and the extent above (if any).
  found->low = holder != nullptr ? holder->start + holder->size : 0;
  found->high = above != 0 ? above_start - 1 : ~Addr(0);
  return false;
}

}  // namespace ccsim
