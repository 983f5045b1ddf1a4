// object_blocks.h: block histograms (`block:` records; docs/data-objects.md, "Blocks"): inside each data
// object, per line-sized block and thread, the L1 misses by cause, the coherence misses (true, false)
// and the invalidations received (true, false). A partitioning mistake (threads' chunks sharing the lines
// at their edges), a hot row, a part of an array that every thread touches: spread over many lines, they
// are invisible in the object's totals and in the few hottest lines.
//
// The counts come from the same notices, charged to the same object, as the object's own counts
// (object_statistics.h), so an object's blocks add up to its counts, less what the cap below left out.
// A block is a cache line the object's extent spans: block 0 holds the extent's first byte.
//
// Buckets: an object spanning more than kMaxBuckets lines is counted in buckets of 2^k whole blocks, the
// smallest power of two that gives at most kMaxBuckets buckets; k, and where the object starts in its
// first line, are fixed at the object's first access (its first lookup by the access counting,
// object_access_counts.h), from its size and the extent accessed then (a heap bin: its largest block so
// far, the block accessed). The accesses, unlike the events, are the same in every simulation worker of
// line shards, so every worker buckets an object alike and their counts add up (object_transfer.h). An
// object whose first event comes before any access (bytes looked up after the layout changed) is fixed at
// that event. Events beyond the last bucket (a heap bin's later, larger block) are in no bucket.
//
// Memory: an entry per (object, bucket, thread) that had an event, made only on the slow path (a miss,
// a coherence miss, an invalidation), never on an L1 hit; at most kMaxBlockEntries entries (about 84
// bytes each: 11 MiB at most). Past the cap, events of a new entry are counted only in the object's
// totals; readers show the difference as "not in a block".
#ifndef CCSIM_TOOL_OBJECT_BLOCKS_H
#define CCSIM_TOOL_OBJECT_BLOCKS_H

#include <cstdint>

#include "ccsim/core/types.h"
#include "ccsim/tool/data_objects/data_objects.h"

namespace ccsim {

constexpr std::uint32_t kMaxBuckets = 256;
constexpr std::uint32_t kMaxBlockEntries = 1u << 17;

// The counts of one block or bucket, in the order of the `block:` record.
enum BlockEvent : std::uint32_t {
  kBlockMissCompulsory,   // L1 misses by cause
  kBlockMissCoherence,
  kBlockMissReplacement,
  kBlockCoherenceMissTrue,  // coherence_miss_true / _false
  kBlockCoherenceMissFalse,
  kBlockInvalidationsTrue,  // invalidations received, true sharing (in and across regions)
  kBlockInvalidationsFalse,
  kBlockMissTransfer,  // L1 misses served first by another thread's copy (last: added with profile version 2)
  kBlockEvents
};

// Whether blocks are counted at all: --block-histograms above 0 or --block-objects given.
bool block_histograms_on();
void init_object_blocks(std::uint32_t line_bytes);
void zero_object_blocks();

// The object's first access, in its extent that starts at `base`: fixes its buckets unless an event
// already did. Called by the access counting whenever a reference's cache takes another object.
void fix_block_shape(ObjectId object, Addr base);

// One event of `proc` at `address`, in the extent of `object` that starts at `base`.
void count_block_event(ObjectId object, Addr base, Addr address, ProcId proc, BlockEvent event);

// One bucket of one object on one thread: `offset` is the signed offset of its first line's first byte
// from the start of the object's first extent (negative when the object starts inside its first line),
// `lines` the blocks it holds; `counts` has kBlockEvents entries, valid during the visit.
struct BlockCounts {
  ObjectId object;
  std::uint32_t bucket;  // 0 for the bucket holding the extent's first byte
  std::int64_t offset;
  std::uint32_t lines;
  ProcId proc;
  const std::uint64_t* counts;
};
using BlockVisitor = void (*)(void* context, const BlockCounts& block);
// Every entry with a non-zero count, in no order.
void for_each_block(BlockVisitor visit, void* context);

// Whether --block-objects names `object`: its name, or a heap bin's innermost frame (`file.c:20`, or
// `file.c:20 main`), as the profile's `object:` record writes them.
bool block_object_named(const DataObject& object);
// Whether one of `names` (separated by commas) names `object`, as above (--block-objects, --paths).
bool object_named_in(const DataObject& object, const char* names);

}  // namespace ccsim

#endif
