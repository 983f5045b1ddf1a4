// object_statistics.cc: the simulator's observer, charging each slow-path event to a data object.
#include "ccsim/tool/data_objects/object_statistics.h"

#include "ccsim/core/arena.h"
#include "ccsim/core/byte_mask.h"
#include "ccsim/core/events.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/core/observer.h"
#include "ccsim/core/simulator.h"
#include "ccsim/tool/data_objects/cache_sets.h"
#include "ccsim/tool/data_objects/cached_ranges.h"
#include "ccsim/tool/data_objects/deferred_miss_classes.h"
#include "ccsim/tool/data_objects/line_detail.h"
#include "ccsim/tool/data_objects/object_blocks.h"
#include "ccsim/tool/data_objects/object_access_counts.h"
#include "ccsim/tool/data_objects/object_cells.h"
#include "ccsim/tool/data_objects/object_timeline.h"
#include "ccsim/tool/data_objects/object_transfer.h"
#include "ccsim/tool/data_objects/region_phases.h"
#include "ccsim/tool/data_objects/object_paths.h"
#include "ccsim/tool/data_objects/placement_watch.h"
#include "ccsim/tool/data_objects/resident_lines.h"
#include "ccsim/tool/data_objects/unlocked_writes.h"
#include "ccsim/tool/instrumentation/references.h"
#include "ccsim/tool/options.h"
#include "ccsim/tool/threads/lock_statistics.h"
#include "ccsim/tool/threads/sync.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {
namespace {

// (object, reference, processor): one cell of the code x data matrix.
struct CellKey {
  ObjectId object;
  RefId ref;
  ProcId proc;
};
struct CellKeyTraits {
  static std::uint64_t hash(const CellKey& key) {
    return (std::uint64_t(key.object) << 32 | key.ref) ^ (std::uint64_t(key.proc) << 20);
  }
  static bool equal(const CellKey& a, const CellKey& b) {
    return a.object == b.object && a.ref == b.ref && a.proc == b.proc;
  }
};

// (object, supplying processor, reading processor): the threads between which an object's line moved.
struct MoveKey {
  ObjectId object;
  ProcId from;
  ProcId to;
};
// (victim object, victim processor, evicting object, evicting processor, level): whose accesses evicted
// whose lines (MemSpy's "causes of replacements" per data bin).
struct EvictKey {
  ObjectId victim;
  ProcId victim_proc;
  ObjectId evictor;
  ProcId evictor_proc;
  std::uint32_t level;
};
struct EvictKeyTraits {
  static std::uint64_t hash(const EvictKey& key) {
    return ((std::uint64_t(key.victim) << 32 | key.evictor) * 0x9E3779B97F4A7C15ull) ^
           (std::uint64_t(key.victim_proc) << 24 | std::uint64_t(key.evictor_proc) << 2 | key.level);
  }
  static bool equal(const EvictKey& a, const EvictKey& b) {
    return a.victim == b.victim && a.victim_proc == b.victim_proc && a.evictor == b.evictor &&
           a.evictor_proc == b.evictor_proc && a.level == b.level;
  }
};

struct MoveKeyTraits {
  static std::uint64_t hash(const MoveKey& key) {
    return (std::uint64_t(key.object) << 32 | key.from) * 0x9E3779B97F4A7C15ull ^ key.to;
  }
  static bool equal(const MoveKey& a, const MoveKey& b) {
    return a.object == b.object && a.from == b.from && a.to == b.to;
  }
};

// kNumEvents counters per (object, processor), keyed object << 32 | processor, and per matrix cell
// (object_cells.h). The counters and cells live in an arena: zeroing clears them in place and keeps the
// entries, so the pointers the hot path's caches keep stay valid. The transfers per
// object and pair of threads (`object-transfer:`) are counted only on transfers, so a hash map is cheap
// enough; zeroing empties it.
struct Tables {
  Arena counters{"ccsim.objects.counters"};
  // The evictions of one object's lines by another object's accesses (`object-evictor:`), counted only on
  // evictions, as the moves are on transfers.
  HashMap<EvictKey, std::uint64_t, EvictKeyTraits> evictions{"ccsim.objects.evictions"};
  HashMap<std::uint64_t, std::uint64_t*> per_thread{"ccsim.objects.per_thread"};
  HashMap<CellKey, ObjectCell*, CellKeyTraits> per_cell{"ccsim.objects.per_cell"};
  HashMap<MoveKey, ObjectTransferCounts, MoveKeyTraits> moves{"ccsim.objects.moves"};
};
Tables* tables = nullptr;
std::uint32_t mask_words = 0;
bool miss_classes = false;

std::uint64_t* counters_for(std::uint64_t*& slot) {
  if (slot == nullptr) slot = tables->counters.allocate_array<std::uint64_t>(kNumEvents);
  return slot;
}

std::uint64_t* thread_counters(ObjectId object, ProcId proc) {
  return counters_for(tables->per_thread.find_or_add(std::uint64_t(object) << 32 | proc));
}

std::uint64_t* cell_counters(ObjectId object, RefId ref, ProcId proc) { return object_cell(object, ref, proc)->counts; }

// Where one event goes: the object's counters on the thread and its matrix cell, found once per notice,
// and the object's extent holding the bytes, whose blocks count the event too (object_blocks.h), and whose
// object the transfers between threads are charged to.
struct Charge {
  std::uint64_t* thread;
  std::uint64_t* cell;
  ObjectId object;
  Addr base;  // the start of the extent
  void add(std::uint32_t event, std::uint64_t amount = 1) {
    thread[event] += amount;
    cell[event] += amount;
  }
};

bool count_blocks = false;  // block_histograms_on(): one predictable branch per notice when off
bool count_working_set = false;  // working_set_on(): likewise

// The `object-evictor:` cell of the last eviction: a loop streaming over arrays evicts one object's lines by
// another's, pair after pair, so most evictions find their cell here, without a hash lookup. The pointer
// stays valid until the next insertion into the table, which only happens when it is replaced.
EvictKey last_eviction_key = {};
std::uint64_t* last_eviction_count = nullptr;

void add_to_block(const Charge& to, Addr address, ProcId proc, BlockEvent event) {
  if (count_blocks) count_block_event(to.object, to.base, address, proc, event);
}

// Consecutive events mostly come from a few instructions on one thread in a few objects (a loop over
// some arrays), and a miss sends up to four notices (a miss and an eviction at two levels) for two or
// three such cells. Cells charged recently are remembered with the object range they were found for, in
// sets of two chosen by (reference, processor): an event that finds its cell there needs a compare or two
// of the range, neither the object lookup nor the two hash lookups. Two per set, so that a reference
// alternating between two objects (a helper called on two arrays) keeps both. A loop's references have
// consecutive ids and its threads consecutive numbers, so the set is their sum with the processor spread
// out rather than a hash: the cells of a loop of up to 8 references on four threads take different sets.
// (A search of the last 8 cells in order cost more than the rest of the charge.) Their counters never
// move (they live in the arena); their ranges are forgotten when objects change, like every cached range
// (cached_ranges.h).
struct RecentCell {
  CachedRange range;
  RangeSlot range_slot;
  RefId ref;
  ProcId proc;
  ObjectId object;
  Charge charge;  // null before the cell is first filled
};
struct RecentCells {
  RecentCell cells[2];
  std::uint32_t next_replaced;  // the cells take turns being replaced
};
constexpr std::uint32_t kRecentSetBits = 5;  // 32 sets
RecentCells recent_sets[1u << kRecentSetBits] = {};

// Finds the cell of an event that matched no cell of its set and remembers it there. Out of line, so
// that the common case, a match, saves no registers. Pointer chasing (a hash table's chains, a list)
// touches another small block of the same allocation site at nearly every event: the address is in no
// remembered range, but the object, and so the cell, is one the set already has, whose counters are
// taken without the two hash lookups (the range is the new block's).
__attribute__((noinline)) Charge remember_cell(RecentCells& set, Addr address, RefId ref, ProcId proc,
                                               ObjectId* object) {
  const ObjectExtent found = object_extent_for(ref, address);
  if (object != nullptr) *object = found.object;
  for (RecentCell& recent : set.cells) {
    if (recent.object == found.object && recent.ref == ref && recent.proc == proc && recent.charge.thread != nullptr) {
      remember_range(&recent.range, &recent.range_slot, found.low, found.high, found.layout_free);
      recent.charge.base = found.base;
      // Made from its fields, not copied from the cell just written: a copy's wide loads would wait for
      // the narrow store of `base` (store forwarding fails), on every pointer-chasing event.
      return Charge{recent.charge.thread, recent.charge.cell, found.object, found.base};
    }
  }
  RecentCell& replaced = set.cells[set.next_replaced];
  set.next_replaced ^= 1;
  replaced.ref = ref;
  replaced.proc = proc;
  replaced.object = found.object;
  const Charge made{thread_counters(found.object, proc), cell_counters(found.object, ref, proc), found.object,
                    found.base};
  replaced.charge = made;
  remember_range(&replaced.range, &replaced.range_slot, found.low, found.high, found.layout_free);
  return made;
}

// The counters of the extent `found` for an event of `ref` on `proc`, without the recent cells.
Charge charge_to(const ObjectExtent& found, RefId ref, ProcId proc) {
  return Charge{thread_counters(found.object, proc), cell_counters(found.object, ref, proc), found.object, found.base};
}

// Inlined into each notice handler: the common case is a few instructions, less than a call. `object`, when
// given, receives the object charged (the per-lock and unlocked-write accounting need it: taken from the
// recent cell, it costs no second lookup).
__attribute__((always_inline)) inline Charge charge(Addr address, RefId ref, ProcId proc, ObjectId* object = nullptr) {
  RecentCells& set = recent_sets[(ref + proc * 8) & ((1u << kRecentSetBits) - 1)];
  for (const RecentCell& recent : set.cells) {
    if (address - recent.range.start < recent.range.size && recent.ref == ref && recent.proc == proc) {
      if (object != nullptr) *object = recent.object;
      return recent.charge;
    }
  }
  return remember_cell(set, address, ref, proc, object);
}

// With --phases the phases (region_phases.h) and with --timeline the timeline (object_timeline.h) count
// an event of the object charged.
bool count_phases = false;  // --phases: one predictable branch per notice when off
void add_to_phases(const Charge& to, RegionId region, Addr address, PhaseEvent event) {
  if (count_phases) count_region_phase(region, to.object, address, event);
  if (timeline_on) count_timeline_event(region, to.object, address, event);
}

bool byte_in(const std::uint64_t* mask, std::uint32_t byte) { return (mask[byte / 64] >> (byte % 64)) & 1; }

// The victim's byte that names the object of a received invalidation: for true sharing the first byte
// the writer stored that the victim had touched (the data actually shared), else the first byte the
// victim touched.
Addr victim_byte(const InvalidationNotice& notice) {
  if (notice.true_sharing) {
    for (std::uint32_t b = notice.written_offset; b < notice.written_offset + notice.written_size; ++b) {
      if (byte_in(notice.victim_touched, b)) return notice.line_address + b;
    }
  }
  for (std::uint32_t w = 0; w < mask_words; ++w) {
    if (notice.victim_touched[w] != 0) {
      return notice.line_address + 64 * w + static_cast<std::uint32_t>(__builtin_ctzll(notice.victim_touched[w]));
    }
  }
  return notice.line_address;
}

void on_miss(void*, const MissNotice& miss) {
  Charge to = charge(miss.address, miss.ref, miss.proc);
  if (count_working_set) {
    count_set_miss(miss, to.object);
    count_resident_fill(miss, to.object);
  }
  to.add(level_event(miss.level, miss.write ? kWriteMisses : kReadMisses));
  to.add(level_event(miss.level, miss.cause));
  if (miss.level == Level::L1) {
    add_to_block(to, miss.address, miss.proc,
                 miss.cause == kMissCompulsory  ? kBlockMissCompulsory
                 : miss.cause == kMissCoherence ? kBlockMissCoherence
                 : miss.cause == kMissTransfer  ? kBlockMissTransfer
                                                : kBlockMissReplacement);
    add_to_phases(to, miss.region, miss.address,
                  miss.cause == kMissCompulsory  ? kPhaseMissCompulsory
                  : miss.cause == kMissCoherence ? kPhaseMissCoherence
                  : miss.cause == kMissTransfer  ? kPhaseMissTransfer
                                                 : kPhaseMissReplacement);
  }
  if (miss_classes && miss.cause == kMissReplacement) {
    if (miss.class_later) {
      defer_miss_class(DeferredMissClass{to.object, miss.ref, miss.proc, miss.level, miss.address});
    } else {
      to.add(level_event(miss.level, miss.capacity ? kMissCapacity : kMissConflict));
    }
  }
}

// Several workers with miss classes: the shadow stage's class of this worker's miss charged above with
// `class_later` (its `ordinal`-th), counted in the cells that miss was charged to (deferred_miss_classes.h).
void on_miss_class(void*, const MissClassNotice& notice) {
  const DeferredMissClass* miss = deferred_miss_class(notice.ordinal);
  if (miss == nullptr) return;  // counted before a zeroing
  const std::uint32_t event = level_event(miss->level, notice.miss.capacity ? kMissCapacity : kMissConflict);
  ++thread_counters(miss->object, miss->proc)[event];
  ++cell_counters(miss->object, miss->ref, miss->proc)[event];
  if (count_working_set && !notice.miss.capacity) count_set_conflict(miss->level, miss->address, miss->object);
}

void on_coherence_miss(void*, const CoherenceMissNotice& miss) {
  ObjectId object = kUnknownObject;
  Charge to = charge(miss.address, miss.ref, miss.proc, &object);
  to.add(miss.true_sharing ? kCoherenceMissTrue : kCoherenceMissFalse);
  add_to_block(to, miss.address, miss.proc, miss.true_sharing ? kBlockCoherenceMissTrue : kBlockCoherenceMissFalse);
  add_to_phases(to, miss.region, miss.address, miss.true_sharing ? kPhaseCoherenceMissTrue : kPhaseCoherenceMissFalse);
  if (holds_lock(miss.proc)) charge_lock_coherence_miss(miss, object);
}

// Received and caused invalidations have the same five events in the same order (events.h): the notice's
// class is an offset from the true in-region event of either. The critical count is a subset of the
// true in-region count.
constexpr std::uint32_t kCriticalOffset = kInvalidationsReceivedTrueInRegionCritical - kInvalidationsReceivedTrueInRegion;

std::uint32_t invalidation_offset(const InvalidationNotice& notice) {
  std::uint32_t event;
  if (notice.in_region) {
    event = notice.true_sharing ? kInvalidationsReceivedTrueInRegion : kInvalidationsReceivedFalseInRegion;
  } else {
    event = notice.true_sharing ? kInvalidationsReceivedTrueAcrossRegions : kInvalidationsReceivedFalseAcrossRegions;
  }
  return event - kInvalidationsReceivedTrueInRegion;
}

void on_invalidation(void*, const InvalidationNotice& notice) {
  const std::uint32_t offset = invalidation_offset(notice);
  const bool critical = notice.critical && notice.true_sharing && notice.in_region;
  // A copy the allocator's own write removed (free's links in a block given back, malloc's header) is
  // charged to the allocator's object, where the write is: the bytes are the allocator's by then (in the
  // replay orders the layer may still show a freed block there, out_of_order_blocks.h). Rare: no cache.
  const bool by_allocator = is_allocator_reference(notice.writer_ref);
  const Addr victim_address = by_allocator ? 0 : victim_byte(notice);
  Charge victim = by_allocator ? charge_to(object_extent_for(notice.writer_ref, 0), notice.victim_ref, notice.victim_proc)
                               : charge(victim_address, notice.victim_ref, notice.victim_proc);
  victim.add(kInvalidationsReceivedTrueInRegion + offset);
  // The allocator's object has no blocks: its one extent stands for all of its memory.
  if (!by_allocator) {
    add_to_block(victim, victim_address, notice.victim_proc,
                 notice.true_sharing ? kBlockInvalidationsTrue : kBlockInvalidationsFalse);
  }
  if (critical) victim.add(kInvalidationsReceivedTrueInRegion + kCriticalOffset);
  // In the writer's region, as the core's region totals count it.
  add_to_phases(victim, notice.writer_region, notice.line_address,
                notice.true_sharing ? kPhaseInvalidationsTrue : kPhaseInvalidationsFalse);
  const Addr written = notice.line_address + notice.written_offset;
  ObjectId written_object = kUnknownObject;
  Charge writer = charge(written, notice.writer_ref, notice.writer_proc, &written_object);
  writer.add(kInvalidationsCausedTrueInRegion + offset);
  if (critical) writer.add(kInvalidationsCausedTrueInRegion + kCriticalOffset);
  record_line_invalidation(notice);
  if (count_working_set) count_resident_invalidation(notice);
  // The per-lock sections and the unlocked shared writes, charged to the writer's object. A writer that
  // received a hand-off in its region (a semaphore's unit, a condition's signal) is ordered by the program:
  // no race is claimed.
  if (holds_lock(notice.writer_proc)) {
    charge_lock_invalidation(notice, written_object);
  } else if (!sync_writer_received_handoff(notice.writer_proc)) {
    record_unlocked_store(notice, written_object);
  }
}

void on_eviction(void*, const EvictionNotice& eviction) {
  // The victim's first byte used, not the line's first byte: a line of small heap blocks mostly starts in
  // the allocator's space between two blocks, which is no object the victim touched (and, being a gap,
  // costs a walk of the heap's tree to look up, where a block costs a probe of its shadow table).
  ObjectId victim = kUnknownObject;
  Charge to =
      charge(eviction.line_address + eviction.first_byte_used, eviction.victim_ref, eviction.victim_proc, &victim);
  to.add(level_event(eviction.level, kEvictions));
  to.add(level_event(eviction.level, kEvictedBytesUsed), eviction.bytes_used);
  if (count_working_set) count_resident_eviction(eviction);
  // The evicting object: that of the bytes the evicting access touched. The access's own miss was just
  // charged to the same cell, so this is mostly a recent-cell hit: no lookup.
  ObjectId evictor = kUnknownObject;
  charge(eviction.evictor_address, eviction.evictor_ref, eviction.evictor_proc, &evictor);
  const EvictKey key{victim, eviction.victim_proc, evictor, eviction.evictor_proc,
                     static_cast<std::uint32_t>(eviction.level)};
  if (last_eviction_count == nullptr || !EvictKeyTraits::equal(key, last_eviction_key)) {
    last_eviction_key = key;
    last_eviction_count = &tables->evictions.find_or_add(key);
  }
  ++*last_eviction_count;
}

// Where an L1 miss was served, charged to the object of the bytes accessed; a transfer also counts as a
// move of that object from the supplying thread to the reader.
void on_served(void*, const ServedNotice& served) {
  Charge to = charge(served.address, served.ref, served.proc);
  to.add(served.source);
  if (paths_on) path_miss_served(to.object, to.base, served.source);
  if (served.source < kServedByTransferFromModified || served.source > kServedByTransferFromShared) return;
  add_to_phases(to, served.region, served.address, kPhaseTransfers);
  if (holds_lock(served.proc)) charge_lock_transfer(served, to.object);
  ObjectTransferCounts& moved = tables->moves.find_or_add(MoveKey{to.object, served.supplier_proc, served.proc});
  ++moved.from_state[served.source - kServedByTransferFromModified];
}

// Both sides of a downgrade are charged to the object of the bytes the read accesses: the data that
// moved (the owner's copy may have touched other bytes of the line, but the downgrade is of this read).
void on_downgrade(void*, const DowngradeNotice& downgrade) {
  charge(downgrade.address, downgrade.reader_ref, downgrade.reader_proc).add(kDowngradesCaused);
  charge(downgrade.address, downgrade.owner_ref, downgrade.owner_proc).add(kDowngradesReceived);
}

const Observer kObserver = {nullptr,   on_miss,      on_coherence_miss, on_invalidation, on_eviction,
                            on_served, on_downgrade, on_miss_class};

bool any_count(const std::uint64_t* counts) {
  for (std::uint32_t event = 0; event < kNumEvents; ++event) {
    if (counts[event] != 0) return true;
  }
  return false;
}

}  // namespace

ObjectCell* object_cell(ObjectId object, RefId ref, ProcId proc) {
  ObjectCell*& cell = tables->per_cell.find_or_add(CellKey{object, ref, proc});
  if (cell == nullptr) {
    cell = tables->counters.allocate_array<ObjectCell>(1);
    cell->object = object;
    cell->ref = ref;
    cell->proc = proc;
  }
  return cell;
}

void init_object_statistics(Simulator* simulator) {
  const MachineConfig& machine = machine_config(simulator);
  tables = create_object<Tables>("ccsim.objects");
  mask_words = mask_words_for(machine.l1.line_bytes);
  miss_classes = machine.miss_classes;
  init_object_access_counts(machine.l1.line_bytes, machine.max_processors);
  init_line_detail(machine.l1.line_bytes, options.line_detail);
  init_placement_watch(simulator);
  init_object_paths();
  init_unlocked_writes(machine.l1.line_bytes);
  init_region_phases(machine.l1.line_bytes);
  count_phases = options.phases;
  init_object_timeline(simulator, options.timeline_unit, options.timeline_width);
  count_blocks = block_histograms_on();
  if (count_blocks) init_object_blocks(machine.l1.line_bytes);
  count_working_set = working_set_on();
  if (count_working_set) {
    init_cache_sets(machine);
    init_resident_lines(machine);
  }
  set_observer(simulator, &kObserver);
}

void zero_object_statistics() {
  auto zero = [](auto, std::uint64_t* counts) { VG_(memset)(counts, 0, kNumEvents * sizeof(std::uint64_t)); };
  tables->per_thread.for_each(zero);
  tables->per_cell.for_each([&](auto key, ObjectCell* cell) { zero(key, cell->counts); });
  tables->moves.clear();
  tables->evictions.clear();
  last_eviction_count = nullptr;
  zero_line_detail();
  zero_placement_counts();
  zero_object_paths();
  zero_unlocked_writes();
  zero_object_blocks();
  zero_region_phases();
  zero_object_timeline();
  zero_deferred_miss_classes();
  if (count_working_set) {
    zero_cache_sets();
    zero_resident_lines();
  }
}

const Observer* object_observer() { return &kObserver; }

// The hot path counts reads and writes only in the cells (object_access_counts.h): an object's on a
// thread are the sums of its cells there, added up here (again at each call: the counts are set, not
// accumulated).
void for_each_object_counts(ObjectCountsVisitor visit, void* context) {
  tables->per_thread.for_each([](std::uint64_t, std::uint64_t* counts) { counts[kReads] = counts[kWrites] = 0; });
  tables->per_cell.for_each([](const CellKey& key, const ObjectCell* cell) {
    if (cell->counts[kReads] == 0 && cell->counts[kWrites] == 0) return;
    std::uint64_t* counts = thread_counters(key.object, key.proc);
    counts[kReads] += cell->counts[kReads];
    counts[kWrites] += cell->counts[kWrites];
  });
  tables->per_thread.for_each([&](std::uint64_t key, std::uint64_t* counts) {
    if (any_count(counts)) visit(context, static_cast<ObjectId>(key >> 32), static_cast<ProcId>(key), counts);
  });
}

void for_each_object_transfer(ObjectTransferVisitor visit, void* context) {
  tables->moves.for_each(
      [&](const MoveKey& key, const ObjectTransferCounts& counts) { visit(context, key.object, key.from, key.to, counts); });
}

void for_each_object_eviction(ObjectEvictionVisitor visit, void* context) {
  tables->evictions.for_each([&](const EvictKey& key, std::uint64_t count) {
    visit(context, key.victim, key.victim_proc, key.evictor, key.evictor_proc, static_cast<Level>(key.level), count);
  });
}

void for_each_object_reference(ObjectReferenceVisitor visit, void* context) {
  tables->per_cell.for_each([&](const CellKey& key, const ObjectCell* cell) {
    if (any_count(cell->counts)) visit(context, key.object, key.ref, key.proc, cell->counts);
  });
}

// The hand-over between workers of line shards (object_transfer.h): every count the notices made, per
// thread and per cell (reads and writes left out: every worker counts every access, the first's are the
// run's), then the moves and the evictions. Records: the cells, (object, ref, proc) and kNumEvents counts;
// the threads, (object << 32 | proc) and the counts; the moves, (object, from, to) and three counts; the
// evictions, their key's five fields and the count; each table after its record count.
namespace {

bool notice_count(const std::uint64_t* counts) {
  for (std::uint32_t event = 0; event < kNumEvents; ++event) {
    if (event != kReads && event != kWrites && counts[event] != 0) return true;
  }
  return false;
}

void add_notice_counts(std::uint64_t* to, const std::uint64_t* from) {
  for (std::uint32_t event = 0; event < kNumEvents; ++event) {
    if (event != kReads && event != kWrites) to[event] += from[event];
  }
}

}  // namespace

void write_object_statistics(WordWriter* out) {
  std::uint64_t cells = 0, threads = 0;
  tables->per_cell.for_each([&](const CellKey&, const ObjectCell* cell) { cells += notice_count(cell->counts); });
  out->put(cells);
  tables->per_cell.for_each([&](const CellKey& key, const ObjectCell* cell) {
    if (!notice_count(cell->counts)) return;
    out->put(key.object);
    out->put(key.ref);
    out->put(key.proc);
    out->put(cell->counts, kNumEvents);
  });
  tables->per_thread.for_each([&](std::uint64_t, const std::uint64_t* counts) { threads += notice_count(counts); });
  out->put(threads);
  tables->per_thread.for_each([&](std::uint64_t key, const std::uint64_t* counts) {
    if (!notice_count(counts)) return;
    out->put(key);
    out->put(counts, kNumEvents);
  });
  out->put(tables->moves.size());
  tables->moves.for_each([&](const MoveKey& key, const ObjectTransferCounts& counts) {
    const std::uint64_t words[] = {key.object, key.from, key.to};
    out->put(words, 3);
    out->put(counts.from_state, 3);
  });
  out->put(tables->evictions.size());
  tables->evictions.for_each([&](const EvictKey& key, std::uint64_t count) {
    const std::uint64_t words[] = {key.victim, key.victim_proc, key.evictor, key.evictor_proc, key.level, count};
    out->put(words, 6);
  });
}

bool add_object_statistics(WordReader* in) {
  for (std::uint64_t n = in->get(); n > 0 && in->ok(); --n) {
    const std::uint64_t* f = in->take(3 + kNumEvents);
    const ObjectId object = f != nullptr ? transferred_object(f[0]) : kNoTransferredObject;
    if (object == kNoTransferredObject) return false;
    add_notice_counts(object_cell(object, static_cast<RefId>(f[1]), static_cast<ProcId>(f[2]))->counts, f + 3);
  }
  for (std::uint64_t n = in->get(); n > 0 && in->ok(); --n) {
    const std::uint64_t* f = in->take(1 + kNumEvents);
    const ObjectId object = f != nullptr ? transferred_object(f[0] >> 32) : kNoTransferredObject;
    if (object == kNoTransferredObject) return false;
    add_notice_counts(thread_counters(object, static_cast<ProcId>(f[0])), f + 1);
  }
  for (std::uint64_t n = in->get(); n > 0 && in->ok(); --n) {
    const std::uint64_t* f = in->take(6);
    const ObjectId object = f != nullptr ? transferred_object(f[0]) : kNoTransferredObject;
    if (object == kNoTransferredObject) return false;
    ObjectTransferCounts& moved =
        tables->moves.find_or_add(MoveKey{object, static_cast<ProcId>(f[1]), static_cast<ProcId>(f[2])});
    for (std::uint32_t state = 0; state < 3; ++state) moved.from_state[state] += f[3 + state];
  }
  for (std::uint64_t n = in->get(); n > 0 && in->ok(); --n) {
    const std::uint64_t* f = in->take(6);
    const ObjectId victim = f != nullptr ? transferred_object(f[0]) : kNoTransferredObject;
    const ObjectId evictor = f != nullptr ? transferred_object(f[2]) : kNoTransferredObject;
    if (victim == kNoTransferredObject || evictor == kNoTransferredObject || f[4] >= kNumLevels) return false;
    tables->evictions.find_or_add(EvictKey{victim, static_cast<ProcId>(f[1]), evictor, static_cast<ProcId>(f[3]),
                                           static_cast<std::uint32_t>(f[4])}) += f[5];
  }
  last_eviction_count = nullptr;  // the table may have grown
  return in->ok();
}

}  // namespace ccsim
