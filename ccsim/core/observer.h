// observer.h: notices of the simulator's slow-path events, for a client that wants to know more about them
// than the counters say: the tool maps the addresses in them to data objects (globals, heap blocks,
// stacks) to charge misses and invalidations to the data they fell on.
//
// Install with set_observer() (simulator.h). Like the visitors, an observer is function pointers and a
// context; a null function pointer means that notice is not wanted. Notices come only from the slow path:
// an L1 hit, the common case, never produces one, and with no observer set the slow path pays one
// predictable branch per event. Each notice is delivered during the simulate_access() call that caused it,
// before that call returns; a callback must not call back into the simulator. reset_processor() and
// zero_statistics() count nothing and deliver nothing.
//
// One notice per count: every time the core counts one of the events below, it delivers exactly one
// notice, so a client re-counting notices gets the core's own totals.
//   miss            one per <L>_read_misses + <L>_write_misses, at every level (L1, L2, LLC) that missed.
//                   `cause` is the miss cause counted with it: kMissCompulsory, kMissCoherence or
//                   kMissReplacement; with miss classes, a replacement miss is also a capacity miss
//                   (`capacity` true) or a conflict miss (false); without them `capacity` is false.
//                   In a shard split with miss classes (shadow_log.h) a replacement miss's class is not
//                   known during the access: its notice comes then with `class_later` set (and `capacity`
//                   false), and the shadow stage tells its class afterwards (miss_class below).
//   miss_class      one per miss notice a shard delivered with `class_later`, from the shadow stage
//                   (shadow_stage.h), at the end: the shard's n-th such notice is a capacity or conflict
//                   miss. A client charges the class wherever it charged that notice.
//   coherence_miss  one per coherence_miss_true + coherence_miss_false (once per re-miss, not per level).
//   invalidation    one per invalidations_received_* (= invalidations_caused_*): a write removed one
//                   processor's copy of a line. `critical` is set exactly when the invalidation also counts
//                   as *_true_in_region_critical.
//   eviction        one per <L>_evictions: a line left `level` to make room for another.
//   served          one per served_by_* count: where an L1 miss was served, with the supplying copy's
//                   processor and reference for a transfer.
//   downgrade       one per downgrades_caused (= downgrades_received): a read turned another
//                   processor's Modified or Exclusive copy into Shared.
// Addresses are the client's: `address` and `size` are the bytes of the line access (the part of an access
// that falls in one line); `line_address` is the address of the line's first byte.
#ifndef CCSIM_CORE_OBSERVER_H
#define CCSIM_CORE_OBSERVER_H

#include <cstdint>

#include "ccsim/core/events.h"
#include "ccsim/core/types.h"

namespace ccsim {

// One line access that missed at `level`.
struct MissNotice {
  ProcId proc;
  RefId ref;
  Addr address;        // the first byte of this line access
  std::uint32_t size;  // its bytes (within one line)
  Level level;
  LevelEvent cause;  // kMissCompulsory, kMissCoherence or kMissReplacement (never capacity or conflict)
  bool capacity;     // with miss classes: a replacement miss that is a capacity (true) or conflict miss
  bool write;        // a write or modify (counted as <L>_write_misses), else a read
  // A shard's replacement miss with miss classes: `capacity` is told later, by a MissClassNotice.
  bool class_later;
  RegionId region;   // the region of the access
};

// The class of a replacement miss a shard delivered with `class_later`, found by the shadow stage: the
// `ordinal`-th (0-based) such notice of the shard whose shadow log the stage was given as `log`.
struct MissClassNotice {
  MissNotice miss;  // the notice as delivered during the access, `capacity` now set
  std::uint32_t log;
  std::uint32_t ordinal;
};

// A miss on a line this processor lost to another's write: true when the bytes accessed include one that
// another processor wrote since (Dubois' true sharing miss), else false sharing.
struct CoherenceMissNotice {
  ProcId proc;
  RefId ref;
  Addr address;
  std::uint32_t size;
  bool true_sharing;
  RegionId region;
};

// One copy removed by another processor's write. The victim is the reference and processor that last
// touched the copy; the writer is the store that removed it.
struct InvalidationNotice {
  ProcId victim_proc;
  RefId victim_ref;
  ProcId writer_proc;
  RefId writer_ref;
  Addr line_address;                           // the address of the line's first byte
  std::uint32_t written_offset, written_size;  // the bytes of the line the writer's access writes
  // The victim copy's byte masks (bit i of word i / 64 is byte i of the line), mask_words_for(line size)
  // 64-bit words each (byte_mask.h): bytes the victim touched since the line came into its hierarchy, and
  // bytes it wrote during its current Modified tenure (empty unless its copy was Modified). The pointers
  // are valid only during the callback: copy what you need.
  const std::uint64_t* victim_touched;
  const std::uint64_t* victim_written;
  bool true_sharing;  // the written bytes overlap victim_touched
  bool in_region;     // the victim's last touch was in the writer's region
  bool critical;      // true sharing, in region, and the writer held a lock
  RegionId writer_region;
};

// A line pushed out of `level` by another line coming in. The victim is the reference and processor that
// last touched the line there; the evictor is the access that brought the new line in. Different
// processors only at the shared LLC.
struct EvictionNotice {
  ProcId victim_proc;
  RefId victim_ref;
  ProcId evictor_proc;
  RefId evictor_ref;
  Addr evictor_address;  // the first byte of the evicting line access (whose object evicted the line)
  Addr line_address;  // the address of the evicted line's first byte
  Level level;
  std::uint32_t bytes_used;  // bytes of the line touched while it was in `level` (as <L>_evicted_bytes_used)
  // The first of those bytes, as an offset in the line (0 when none was touched): where the data the
  // victim used lies, while the line's first byte may be another object's, or between objects.
  std::uint32_t first_byte_used;
};

// Where one L1 miss was served. For a transfer, the copy that supplied it: its processor and the reference
// that last touched it there (for other sources supplier_proc is ~0 and supplier_ref 0).
struct ServedNotice {
  ProcId proc;
  RefId ref;
  Addr address;          // the first byte of this line access
  std::uint32_t size;    // its bytes (within one line)
  std::uint32_t source;  // the event counted: kServedByOwnL2 ... kServedByMemory (events.h)
  ProcId supplier_proc;
  RefId supplier_ref;
  RegionId region;
};

// A read miss of `reader_proc` turned the Modified or Exclusive copy of `owner_proc`, last touched by
// `owner_ref`, into Shared. `address` and `size` are the bytes the reader's access reads.
struct DowngradeNotice {
  ProcId reader_proc;
  RefId reader_ref;
  ProcId owner_proc;
  RefId owner_ref;
  Addr address;
  std::uint32_t size;
  RegionId region;
};

// What to call for each kind of notice; null for notices not wanted.
struct Observer {
  void* context;
  void (*miss)(void* context, const MissNotice& notice);
  void (*coherence_miss)(void* context, const CoherenceMissNotice& notice);
  void (*invalidation)(void* context, const InvalidationNotice& notice);
  void (*eviction)(void* context, const EvictionNotice& notice);
  void (*served)(void* context, const ServedNotice& notice);
  void (*downgrade)(void* context, const DowngradeNotice& notice);
  void (*miss_class)(void* context, const MissClassNotice& notice);
};

}  // namespace ccsim

#endif
