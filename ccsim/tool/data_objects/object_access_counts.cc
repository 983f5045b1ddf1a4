// object_access_counts.cc: the slow half of the access counting: refilling a reference's cache.
#include "ccsim/tool/data_objects/object_access_counts.h"

#include "ccsim/core/platform.h"
#include "ccsim/tool/data_objects/data_objects.h"
#include "ccsim/tool/data_objects/object_blocks.h"
#include "ccsim/tool/data_objects/object_paths.h"
#include "ccsim/tool/data_objects/placement_watch.h"

namespace ccsim {

std::uint32_t object_line_shift = 6;

namespace {

std::uint32_t processors = 0;  // processor_object_caches has a table for each

constexpr std::uint32_t kProcessorCacheSets = 1u << kProcessorCacheSetBits;
// What every processor's table is until its first miss: entries of no reference, never filled.
ProcessorObjectSet* no_table = nullptr;

ProcessorObjectSet* new_table() {
  ProcessorObjectSet* table =
      allocate_zeroed_array<ProcessorObjectSet>("ccsim.objects.processor_caches", kProcessorCacheSets);
  for (std::uint32_t i = 0; i < kProcessorCacheSets; ++i) {
    for (ProcessorObjectCache& entry : table[i].entries) entry.ref = kNoReference;
  }
  return table;
}

}  // namespace

ProcessorObjectSet** processor_object_caches = nullptr;

void init_object_access_counts(std::uint32_t line_bytes, std::uint32_t max_processors) {
  object_line_shift = static_cast<std::uint32_t>(__builtin_ctz(line_bytes));
  processors = max_processors;
  no_table = new_table();
  processor_object_caches = allocate_zeroed_array<ProcessorObjectSet*>("ccsim.objects.processor_caches", processors);
  for (ProcId proc = 0; proc < processors; ++proc) processor_object_caches[proc] = no_table;
}

// The entry keeps its cell when the object is the one it held (another block of a heap bin, a range
// emptied by a layout change): three compares instead of a hash lookup. Its reference and processor
// are compared too: a replay table's entry changes reference when its set takes another one.
void refill_object_cache(ReferenceObjectCache* cache, RefId ref, ProcId processor, Addr address,
                         std::uint32_t size, AccessKind kind) {
  const ObjectExtent found = object_extent_for(ref, address);
  const ObjectCell* cell = cache->cell;
  if (cell == nullptr || cell->object != found.object || cell->ref != ref || cell->proc != processor) {
    cache->cell = object_cell(found.object, ref, processor);
    fix_block_shape(found.object, found.base);  // its first access fixes its buckets (object_blocks.h)
  }
  // Both are told of the access: a block watched or followed is never cached.
  const bool watched = watch_object_access(found, processor, address, size, kind);
  const bool followed = paths_on && follow_path_access(found, ref, processor, address, size, kind);
  if (watched || followed) {
    forget_range(&cache->range, &cache->range_slot);
  } else {
    remember_range(&cache->range, &cache->range_slot, found.low, found.high, found.layout_free);
  }
}

void move_object_cache_to_processor(ReferenceObjectCache* cache, RefId ref, ProcId processor) {
  cache->cell = object_cell(cache->cell->object, ref, processor);
}

void note_object_access_by_new_processor(RefId ref, ProcId processor, Addr address, std::uint32_t size,
                                         AccessKind kind) {
  // A block that starts being watched here is forgotten by every cache (placement_watch.cc), the caller's too.
  watch_object_access(object_extent_for(ref, address), processor, address, size, kind);
}

ReferenceObjectCache* refill_processor_object_cache(ProcId processor, RefId ref, Addr address, std::uint32_t size,
                                                   AccessKind kind) {
  if (processor_object_caches[processor] == no_table) processor_object_caches[processor] = new_table();
  ProcessorObjectSet& set = processor_object_caches[processor][ref & (kProcessorCacheSets - 1)];
  ProcessorObjectCache* entry = &set.entries[0];
  if (set.entries[1].ref == ref) {
    entry = &set.entries[1];  // ref's own entry, its range left behind (pointer chasing)
  } else if (set.entries[0].ref != ref) {
    // A new reference for the set. A filled first entry moves to the second, whose range is dropped; its
    // range is copied through remember_range(), so that every non-empty range is on the list of filled
    // ranges (cached_ranges.h) once and an empty one is on it never. An empty first entry is replaced.
    const ProcessorObjectCache& first = set.entries[0];
    if (first.range.size != 0) {
      ProcessorObjectCache& second = set.entries[1];
      second.ref = first.ref;
      second.cell = first.cell;
      remember_range(&second.range, &second.range_slot, first.range.start, first.range.start + first.range.size - 1);
    }
    entry->ref = ref;
  }
  // A range refilled in place stays on the list of filled ranges (cached_ranges.h).
  refill_object_cache(entry, ref, processor, address, size, kind);
  return entry;
}

}  // namespace ccsim
