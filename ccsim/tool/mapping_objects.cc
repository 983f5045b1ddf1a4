// mapping_objects.cc: mappings as the objects of last resort, from Valgrind's address-space manager.
#include "ccsim/tool/mapping_objects.h"

#include "ccsim/core/hash_map.h"
#include "ccsim/tool/cached_ranges.h"
#include "ccsim/tool/global_variables.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// The mappings given an object so far: the whole address space, each mapping's range bound to 1 + its
// object (0: not looked up since it was mapped). Bound at the first lookup in the mapping; a client
// mmap or munmap unbinds its range. Rebinding costs O(ranges), and there are as many as mappings used.
RangeMap* mappings = nullptr;

// The object of each mapping start, so that a mapping looked up again (after an mmap next to it split
// the range map) keeps its object.
HashMap<Addr, ObjectId>* objects_by_start = nullptr;

bool is_client_memory(const NSegment& segment) {
  return segment.kind == SkAnonC || segment.kind == SkFileC || segment.kind == SkShmC;
}

ObjectId mapping_object(const NSegment& segment) {
  const Addr size = segment.end - segment.start + 1;
  bool added = false;
  ObjectId& object = objects_by_start->find_or_add(segment.start, &added);
  if (!added) {
    add_object_extent(object, segment.start, size);
    return object;
  }
  const HChar* file = segment.kind == SkFileC ? VG_(am_get_filename)(&segment) : nullptr;
  HChar* name = static_cast<HChar*>(VG_(malloc)("ccsim.objects.mapping_name", (file ? VG_(strlen)(file) : 0) + 96));
  if (file != nullptr) {
    VG_(sprintf)(name, "mapping 0x%lx-0x%lx of %s", segment.start, segment.end, file);
  } else if (segment.isCH) {
    VG_(sprintf)(name, "heap mapping 0x%lx-0x%lx outside live blocks", segment.start, segment.end);
  } else {
    VG_(sprintf)(name, "anonymous mapping 0x%lx-0x%lx", segment.start, segment.end);
  }
  object = add_object(ObjectKind::Unknown, segment.start, size, 0, name);
  VG_(free)(name);
  return object;
}

void mapping_changed(Addr start, SizeT length) {
  if (length == 0) return;
  VG_(bindRangeMap)(mappings, start, start + length - 1, 0);
  forget_ranges(start, start + length - 1);
}

void on_client_mmap(Addr start, SizeT length, Bool, Bool, Bool, ULong) {
  mapping_changed(start, length);
  note_new_mapping();
}

void on_client_munmap(Addr start, SizeT length) { mapping_changed(start, length); }

void on_client_mremap(Addr, Addr to, SizeT length) { mapping_changed(to, length); }

}  // namespace

void init_mapping_objects() {
  mappings = VG_(newRangeMap)(VG_(malloc), "ccsim.objects.mappings", VG_(free), 0);
  objects_by_start = create_object<HashMap<Addr, ObjectId>>("ccsim.objects", "ccsim.objects.mapping_starts");
  VG_(track_new_mem_mmap)(on_client_mmap);
  VG_(track_die_mem_munmap)(on_client_munmap);
  VG_(track_copy_mem_remap)(on_client_mremap);
}

bool mapping_object_at(Addr address, ObjectExtent* found) {
  UWord low = 0;
  UWord high = 0;
  UWord bound = 0;
  VG_(lookupRangeMap)(&low, &high, &bound, mappings, address);
  if (bound != 0) {
    *found = ObjectExtent{static_cast<ObjectId>(bound - 1), low, low, high};
    return true;
  }
  const NSegment* segment = VG_(am_find_nsegment)(address);
  if (segment == nullptr || !is_client_memory(*segment)) {
    found->low = segment != nullptr ? segment->start : address;
    found->high = segment != nullptr ? segment->end : address;
    return false;
  }
  const ObjectId object = mapping_object(*segment);
  VG_(bindRangeMap)(mappings, segment->start, segment->end, object + 1);
  *found = ObjectExtent{object, segment->start, segment->start, segment->end};
  return true;
}

}  // namespace ccsim
