// mapping_objects.cc: mappings as the objects of last resort, from Valgrind's address-space manager.
#include "ccsim/tool/data_objects/mapping_objects.h"

#include "ccsim/core/hash_map.h"
#include "ccsim/tool/data_objects/cached_ranges.h"
#include "ccsim/tool/data_objects/global_variables.h"
#include "ccsim/tool/data_objects/heap_blocks.h"
#include "ccsim/tool/data_objects/layer_hooks.h"
#include "ccsim/tool/data_objects/layout_changes.h"
#include "ccsim/tool/data_objects/runtime_libraries.h"
#include "ccsim/tool/threads/threads.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// The mappings given an object so far, in the simulated order: the whole address space, each mapping's
// range bound to 1 + its object (0: not known yet). A client mmap binds its range, a munmap unbinds it,
// where the simulation reaches them (layout_changes.h); a range no such change bound (the mappings made
// before the client started, Valgrind's heap for the client) is bound at the first lookup, from the
// segments as they are then. Rebinding costs O(ranges), and there are as many as mappings used.
RangeMap* mappings = nullptr;

// The object of each mapping start, so that a mapping looked up again (after an mmap next to it split
// the range map) keeps its object.
HashMap<Addr, ObjectId>* objects_by_start = nullptr;

bool is_client_memory(const SegmentView& segment) {
  return segment.kind == SkAnonC || segment.kind == SkFileC || segment.kind == SkShmC;
}

// Valgrind's segment holding `address`, as it is now; in the simulation worker (--sim-threads=1), as the
// tool's mirror says it is at this point of the stream (layer_hooks.h).
bool segment_at(Addr address, SegmentView* found) {
  if (live_state_mirror != nullptr) return live_state_mirror->segment_at(address, found);
  const NSegment* segment = VG_(am_find_nsegment)(address);
  if (segment == nullptr) return false;
  *found = SegmentView{segment->start, segment->end, static_cast<std::uint32_t>(segment->kind),
                       segment->kind == SkFileC ? VG_(am_get_filename)(segment) : nullptr};
  return true;
}

// The object of the mapping [start, end] (inclusive), whose memory `segment` describes: named by its
// range, and by its file when it maps one.
ObjectId mapping_object(const SegmentView& segment, Addr start, Addr end) {
  const Addr size = end - start + 1;
  bool added = false;
  ObjectId& object = objects_by_start->find_or_add(start, &added);
  if (!added) {
    add_object_extent(object, start, size);
    return object;
  }
  const HChar* file = segment.file;
  HChar* name = static_cast<HChar*>(VG_(malloc)("ccsim.objects.mapping_name", (file ? VG_(strlen)(file) : 0) + 96));
  if (file != nullptr) {
    VG_(sprintf)(name, "mapping 0x%lx-0x%lx of %s", start, end, file);
  } else {
    VG_(sprintf)(name, "anonymous mapping 0x%lx-0x%lx", start, end);
  }
  object = add_object(ObjectKind::Unknown, start, size, 0, name);
  VG_(free)(name);
  if (file != nullptr && is_runtime_library(file)) data_object(object).origin = ObjectOrigin::Runtime;
  return object;
}

// The layer's side of a client mmap, mremap or munmap: the range now belongs to the new mapping's object
// (kUnknownObject: to no object yet, looked up again when next needed).
void apply_mapping_changed(const LayoutChange& change) {
  const Addr last = change.start + change.size - 1;
  VG_(bindRangeMap)(mappings, change.start, last, change.object == kUnknownObject ? 0 : change.object + 1);
  forget_ranges(change.start, last);
}

// [start, start + length) was mapped or unmapped just now. A new mapping's object is made now, from the
// segment as it is at this point of the real run, so that the accesses the replay simulates later find
// it even if the program has unmapped it by then. It is named by the range the program mapped (Valgrind
// may have merged that range into a larger segment with a neighbour).
// With --sim-threads=1 the worker makes the change (mapping_change_made), at this point of the stream.
void mapping_changed(ThreadId tid, Addr start, SizeT length, std::uint32_t how) {
  const ProcId proc = change_waits_for_replay(tid) ? thread_state(tid)->processor : kNoProcessor;
  if (layer_forwarding != nullptr) return layer_forwarding->mapping_change(proc, start, length, how);
  make_mapping_change(proc, start, length, how);
}

void on_client_mmap(Addr start, SizeT length, Bool, Bool, Bool, ULong) {
  mapping_changed(VG_(get_running_tid)(), start, length, kMappedByMmap);
}

void on_client_munmap(Addr start, SizeT length) { mapping_changed(VG_(get_running_tid)(), start, length, kUnmapped); }

void on_client_mremap(Addr, Addr to, SizeT length) {
  mapping_changed(VG_(get_running_tid)(), to, length, kMappedByMremap);
}

// The brk heap grew by [start, start + length). It shrinks lazily in Valgrind (its segment keeps its
// pages), so a shrink changes no object: the bytes past the new end stay the heap's, as a later lookup
// there would find them in the same segment.
void on_client_brk(Addr start, SizeT length, ThreadId tid) { mapping_changed(tid, start, length, kBrkGrown); }

// The brk heap's one object, made at its first growth and grown with it, in the stream's order: every
// lookup in the heap then finds it bound, whenever (and in whichever simulation worker) it happens. Were
// it made at lookups, its extent would be the segment's at the first lookup, and a later lookup past that
// would make a second object of the rest: which objects, depended on when the lookups came. Named by the
// extent it has reached (mark_allocator_mappings renames it when the allocator gave blocks in it).
// The name is rewritten in place at each growth: one buffer for the heap's object (a new one only if the
// heap ever got another object), not one per growth.
ObjectId grown_brk_object(const SegmentView& segment) {
  static HChar* brk_name = nullptr;
  static ObjectId brk_named = kUnknownObject;
  const ObjectId object = mapping_object(segment, segment.start, segment.end);
  DataObject& heap = data_object(object);
  heap.address = segment.start;
  heap.size = segment.end - segment.start + 1;
  if (brk_name == nullptr || brk_named != object) {
    brk_name = static_cast<HChar*>(VG_(malloc)("ccsim.objects.mapping_name", 96));
    brk_named = object;
  }
  VG_(sprintf)(brk_name, "anonymous mapping 0x%lx-0x%lx", segment.start, segment.end);
  heap.name = brk_name;
  return object;
}

}  // namespace

void make_mapping_change(ProcId proc, Addr start, std::uint64_t length, std::uint32_t how) {
  if (how == kBrkGrown) {
    // The grown pages (from the page of the old end) are bound to the heap's object; the pages bound
    // before keep it.
    SegmentView segment;
    if (length == 0 || !segment_at(start, &segment) || !is_client_memory(segment)) return;
    const Addr first = VG_PGROUNDDN(start) < segment.start ? segment.start : VG_PGROUNDDN(start);
    const ObjectId object = grown_brk_object(segment);
    change_layout_of(proc, LayoutChange{LayoutChangeKind::MappingChanged, first, segment.end - first + 1, object, 0});
    return;
  }
  if (length != 0) {
    ObjectId object = kUnknownObject;
    SegmentView segment;
    if (how != kUnmapped && segment_at(start, &segment) && is_client_memory(segment)) {
      object = mapping_object(segment, start, start + length - 1);
    }
    change_layout_of(proc, LayoutChange{LayoutChangeKind::MappingChanged, start, length, object, 0});
  }
  if (how == kMappedByMmap) note_new_mapping();
}

void init_mapping_objects() {
  set_layout_change_apply(LayoutChangeKind::MappingChanged, apply_mapping_changed);
  mappings = VG_(newRangeMap)(VG_(malloc), "ccsim.objects.mappings", VG_(free), 0);
  objects_by_start = create_object<HashMap<Addr, ObjectId>>("ccsim.objects", "ccsim.objects.mapping_starts");
  VG_(track_new_mem_mmap)(on_client_mmap);
  VG_(track_die_mem_munmap)(on_client_munmap);
  VG_(track_copy_mem_remap)(on_client_mremap);
  VG_(track_new_mem_brk)(on_client_brk);
}

void mark_allocator_mappings() {
  objects_by_start->for_each([](Addr, ObjectId object) {
    DataObject& mapping = data_object(object);
    if (mapping.origin != ObjectOrigin::Program || mapping.size == 0) return;
    if (VG_(strncmp)(mapping.name, "mapping ", 8) == 0) return;  // a file's: the program's or a library's
    if (!allocator_gave_blocks_in(mapping.address, mapping.address + mapping.size - 1)) return;
    mapping.origin = ObjectOrigin::Allocator;
    HChar* name = static_cast<HChar*>(VG_(malloc)("ccsim.objects.mapping_name", 96));
    VG_(sprintf)(name, "allocator's memory 0x%lx-0x%lx outside live blocks", mapping.address,
                 mapping.address + mapping.size - 1);
    mapping.name = name;
  });
}

void adopt_mapping_object(ObjectId object) {
  const DataObject& made = data_object(object);
  if (made.kind != ObjectKind::Unknown || made.size == 0) return;
  if (VG_(strncmp)(made.name, "mapping ", 8) != 0 && VG_(strncmp)(made.name, "anonymous mapping ", 18) != 0) return;
  bool added = false;
  ObjectId& registered = objects_by_start->find_or_add(made.address, &added);
  if (added) registered = object;
}

bool mapping_object_at(Addr address, ObjectExtent* found) {
  UWord low = 0;
  UWord high = 0;
  UWord bound = 0;
  VG_(lookupRangeMap)(&low, &high, &bound, mappings, address);
  if (bound != 0) {
    *found = ObjectExtent{static_cast<ObjectId>(bound - 1), low, low, high, 0};
    return true;
  }
  SegmentView segment;
  const bool known = segment_at(address, &segment);
  if (!known || !is_client_memory(segment)) {
    found->low = known ? segment.start : address;
    found->high = known ? segment.end : address;
    return false;
  }
  // Only the part of the segment that no mmap bound: an mmap merged into it keeps its own object.
  const Addr start = segment.start > low ? segment.start : low;
  const Addr end = segment.end < high ? segment.end : high;
  const ObjectId object = mapping_object(segment, start, end);
  VG_(bindRangeMap)(mappings, start, end, object + 1);
  *found = ObjectExtent{object, start, start, end, 0};
  return true;
}

}  // namespace ccsim
