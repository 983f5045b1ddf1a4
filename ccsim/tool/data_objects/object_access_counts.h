// object_access_counts.h: the one part of data-centric attribution on the hot path: counting every
// simulated access against the object it touches and the reference that made it (the reads and writes of
// `object-ref:`, whose sums per object and thread are those of `object-counts:`).
//
// Each Reference keeps a one-entry cache: the range of the object it last touched and the code x data
// cell (object_cells.h) of that object, the reference and the processor that last ran it there. An
// instruction mostly touches one object (one array in a loop, one field of one struct), so the entry
// almost always hits, and a hit costs one subtraction, one unsigned compare and one add to memory: no
// lookup, no call. A miss costs one find_object() (for a small heap block, a probe of the heap's shadow
// table; otherwise a few compares or tree lookups) and refills the entry, keeping its cell when the object
// is the same (another block of a heap bin), else finding the new one (a hash lookup). With
// --data-objects=no the helpers without this code are chosen at instrumentation time, so it costs nothing.
//
// Why a cell per processor rather than counters per processor indexed on the hot path: an array per
// (object, reference) with a slot for every possible processor (VG_N_THREADS, 500) would take 8 KiB per
// pair an instruction touches; a cell is made only for the processors that ran the reference on the
// object. The native order's hit path only takes an access on the processor the reference last missed on
// (access_helpers.cc), whose cell the entry then holds; an access on another processor goes out of line
// and moves the entry to that processor's cell first. The replay orders' entries are per processor.
//
// Native order counts each access in the access helper, as it happens; the interleaved and piped modes
// count it when the replay simulates it (the replay sink in sync.cc), so that the counts follow the
// objects as they are at that point of the simulated order (layout_changes.h), as the slow-path events do.
#ifndef CCSIM_TOOL_OBJECT_ACCESS_COUNTS_H
#define CCSIM_TOOL_OBJECT_ACCESS_COUNTS_H

#include <cstdint>

#include "ccsim/core/types.h"
#include "ccsim/tool/data_objects/cached_ranges.h"
#include "ccsim/tool/data_objects/object_cells.h"

namespace ccsim {

// One reference's cache: the object bytes around its last access, and the cell of that object, the
// reference and the processor the entry counts for. Zero-filled (empty, no cell) when the reference is
// created. 32 bytes, so that the replay's tables hold two entries per host line.
struct ReferenceObjectCache {
  CachedRange range;
  ObjectCell* cell;  // null until the first refill; then always a cell of the object last looked up
  RangeSlot range_slot;  // the range's place on the list of filled ranges (cached_ranges.h)
  // In the replay's per-processor tables (below), the reference the entry's range and counters are for
  // (kNoReference: none); unused in a Reference's own cache.
  RefId ref;
};
static_assert(sizeof(ReferenceObjectCache) == 32, "two entries per host line (ProcessorObjectSet)");

// The replay orders' caches (interleaved, piped): one entry per (processor, reference), where the native
// order keeps one per reference. Round-robin replays each access on another processor, and in a parallel
// loop one instruction touches on each thread that thread's own object (its heap buffer, its stack frame),
// so an entry shared by the threads missed at nearly every replayed access: four threads updating private
// 16 KiB heap arrays (perf/workloads/l1_hits.c) spent 30% of an interleaved run looking objects up again,
// and each such access then skipped the L1 hit path. The native order runs a thread for a whole time slice
// of Valgrind's scheduler, so its per-reference entry misses once per switch and needs no table lookup.
//
// Each processor has a table of 1 << kProcessorCacheSetBits sets of two entries, the set chosen by the
// reference id's low bits, each entry tagged with its reference. A loop's references have consecutive ids
// and fall in consecutive sets, but a program's hot references come from several functions (a hash
// table's lookup, the lock and unlock around it, malloc) numbered far apart, and two of them often share
// a set: direct-mapped, 512 entries, the interleaved hash_table run refilled entries 5.6 million times in
// 13 million accesses because lock references 512 apart took one entry in turn (each refill a lookup, and
// the access then skipped the L1 hit path). Two entries per set keep such a pair; a third reference of the
// set replaces the older filling (the first entry is always the most recently filled). A processor's table
// is made at its first miss; until then it is a shared table whose entries name no reference, so the hot
// path has no null test.
//
// An entry is a ReferenceObjectCache tagged with its `ref`. Two entries of 32 bytes: one host line when
// the table happens to be 64-byte aligned, two at most.
using ProcessorObjectCache = ReferenceObjectCache;
struct ProcessorObjectSet {
  ProcessorObjectCache entries[2];  // [0]: the most recently filled
};
constexpr RefId kNoReference = ~RefId(0);
constexpr std::uint32_t kProcessorCacheSetBits = 8;  // 256 sets, 512 entries, 16 KiB per processor
// By processor (max_processors of them), each a table of 1 << kProcessorCacheSetBits sets.
extern ProcessorObjectSet** processor_object_caches;

// The entry of (processor, ref): the one of its set tagged with ref, or, when neither is, the second
// (which then does not cover: processor_object_cache_covers tests the tag). A select, not a branch.
inline ProcessorObjectCache& processor_object_cache(ProcId processor, RefId ref) {
  ProcessorObjectSet& set = processor_object_caches[processor][ref & ((1u << kProcessorCacheSetBits) - 1)];
  return set.entries[set.entries[0].ref == ref ? 0 : 1];
}
inline bool processor_object_cache_covers(const ProcessorObjectCache& entry, RefId ref, Addr address) {
  return __builtin_expect(entry.ref == ref && address - entry.range.start < entry.range.size, 1);
}
// No entry of the set covered the access: refills ref's entry, or makes the set's first entry ref's (the
// first moving to the second), and makes the processor's table at its first miss. Returns the entry,
// which then covers `address`.
ReferenceObjectCache* refill_processor_object_cache(ProcId processor, RefId ref, Addr address, std::uint32_t size,
                                                   AccessKind kind);

// log2 of the line size: an access is counted once per line it touches, as the core counts line
// accesses, so the objects' reads and writes add up to the summary's.
extern std::uint32_t object_line_shift;

void init_object_access_counts(std::uint32_t line_bytes, std::uint32_t max_processors);
// The cache of reference `ref` missed: look the object up (object_extent_for) and remember it, unless
// it is a heap block the placement prediction watches (placement_watch.h), which is told of the access by
// `processor` (not yet simulated) and never remembered: the entry is then left empty, with the cell of
// (object, ref, processor).
void refill_object_cache(ReferenceObjectCache* cache, RefId ref, ProcId processor, Addr address,
                         std::uint32_t size, AccessKind kind);
// The native order's entry covers the access but holds the cell of another processor (the reference last
// ran elsewhere): takes the cell of the same object and reference on `processor`.
void move_object_cache_to_processor(ReferenceObjectCache* cache, RefId ref, ProcId processor);
// The native order's entry is one per reference, for all threads: an access by another processor than the
// reference's last one may find it covering a block the placement prediction has not seen that processor
// touch. Tells the prediction (nothing for an allocator twin: its accesses are the allocator's object's,
// never a watched block's); when the block is watched from now on, every cache covering it (the caller's
// too) is emptied.
void note_object_access_by_new_processor(RefId ref, ProcId processor, Addr address, std::uint32_t size,
                                         AccessKind kind);
// Whether the reference's cache holds the object at `address`. One unsigned compare covers both ends of
// the range; an empty entry (size 0) always misses.
inline bool object_cache_covers(const ReferenceObjectCache* cache, Addr address) {
  return __builtin_expect(address - cache->range.start < cache->range.size, 1);
}

// Counts the access in the cached cell, whose object covers `address` (object_cache_covers) and whose
// processor is the accessing one. Always inlined: `kind` is often a constant there, and the write test
// folds away.
__attribute__((always_inline)) inline void count_object_access_in_cache(ReferenceObjectCache* cache, Addr address,
                                                                        std::uint32_t size, AccessKind kind) {
  const Addr lines = ((address + size - 1) >> object_line_shift) - (address >> object_line_shift) + 1;
  cache->cell->counts[writes(kind) ? kWrites : kReads] += lines;
}

// Counts the access against its object, refilling the cache first when it misses. (The hot paths test
// the cache themselves and send a miss out of line, so that they make no call.) `new_processor`: the
// native order's reference last ran on another processor (note_object_access_by_new_processor); an entry
// that covers the access with another processor's cell takes this processor's.
__attribute__((always_inline)) inline void count_object_access(ReferenceObjectCache* cache, RefId ref, ProcId processor,
                                                               Addr address, std::uint32_t size, AccessKind kind,
                                                               bool new_processor) {
  if (!object_cache_covers(cache, address)) {
    refill_object_cache(cache, ref, processor, address, size, kind);
  } else {
    if (new_processor) note_object_access_by_new_processor(ref, processor, address, size, kind);
    if (cache->cell->proc != processor) move_object_cache_to_processor(cache, ref, processor);
  }
  count_object_access_in_cache(cache, address, size, kind);
}

}  // namespace ccsim

#endif
