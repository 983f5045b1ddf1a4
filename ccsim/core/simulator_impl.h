// simulator_impl.h: the simulated multiprocessor behind simulator.h. Included by the core's own files, and
// by a caller that wants the L1 hit path inlined into its own code (Simulator::access).
//
// The work of one line access is split in two. The fast path, inline below, handles an L1 hit that needs
// no coherence action: a read of a line the processor holds in any state, or a write of a line it holds
// Modified. It touches only that processor's data (its L1 arrays and its counter record): no allocation,
// no hash lookup, no virtual call. Everything else (misses, write upgrades from S or E, first use of a
// reference, miss classes) goes to the out-of-line slow path, split by topic over:
//   private_hierarchy.cc  L1/L2 lookup, fills, evictions, inclusion;
//   sharing.cc            invalidations, downgrades, coherence-miss classification;
//   transfers.cc          where a miss is served, and the copies other processors supply;
//   shared_cache.cc       the shared last-level cache;
//   invariants.cc         the protocol invariants checked in debug builds and by tests;
//   notices.cc            the observer's notices of slow-path events (observer.h);
//   simulator.cc          creation, reset, statistics visitors.
#ifndef CCSIM_CORE_SIMULATOR_IMPL_H
#define CCSIM_CORE_SIMULATOR_IMPL_H

#include <cstdint>

#include "ccsim/core/arena.h"
#include "ccsim/core/byte_mask.h"
#include "ccsim/core/cache.h"
#include "ccsim/core/coherence.h"
#include "ccsim/core/edge_tables.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/core/line_shard.h"
#include "ccsim/core/observer.h"
#include "ccsim/core/platform.h"
#include "ccsim/core/reference_counters.h"
#include "ccsim/core/region_totals.h"
#include "ccsim/core/shadow_cache.h"
#include "ccsim/core/shadow_log.h"
#include "ccsim/core/simulator.h"
#include "ccsim/core/sparse_line_set.h"

namespace ccsim {

// The part of one access that falls in one line.
struct LineAccess {
  ProcId proc;
  RefId ref;
  Addr line;        // address >> log2(line size)
  ByteRange bytes;  // the bytes of the line accessed
  AccessKind kind;
  RegionId region;
  bool in_critical;
};

// The ways a private miss fills in L1 and L2, chosen by the scan that looked the line up.
struct FillWays {
  std::uint32_t l1 = Cache::kAbsent;
  std::uint32_t l2 = Cache::kAbsent;
};

// Why a private level missed (per model.md); the same for every private level of one access, because
// fills and invalidations always act on the whole private hierarchy. Transfer: never held here, but
// another processor holds the line or wrote it.
enum class MissCause : std::uint8_t { Compulsory, Coherence, Replacement, Transfer };

// One simulated processor: its private caches, its counters and what it remembers for classification.
// Created at its first access, so a machine sized for 4096 threads costs memory only for the threads
// that ran.
struct Processor {
  explicit Processor(const MachineConfig& config);

  // What the L1 hit path reads comes first, together: l1's header, the way hint and the recent counter
  // records (the start of `counters`). In the round-robin replay each access is another processor's,
  // so with many processors every host line a hit touches must wait in the host's L1 for that
  // processor's next turn, among the other processors' lines; with l2 between l1 and the hint, a hit
  // touched one host line more (perf/README.md, "Thread scaling").
  Cache l1;
  // The L1 way of the last hit or fill: consecutive accesses mostly fall in the same line, and checking
  // one tag is cheaper than scanning the set. Checked against the tag, so it never needs invalidating.
  // (Each reference has a hint of its own too: HotCounters::l1_way.)
  std::uint32_t l1_hint = 0;
  ReferenceCounters counters;
  Cache l2;  // present() only when the machine has a private L2
  SparseLineSet ever_held;                  // lines the hierarchy ever held: compulsory vs replacement misses
  HashMap<Addr, std::uint64_t> lost_lines;  // lines lost to another's write, not re-fetched -> time of loss
  ShadowCache l1_shadow;                    // with miss classes: capacity vs conflict at L1
  ShadowCache l2_shadow;                    // likewise at L2
};

class Simulator {
 public:
  // `shard` must have passed validate_line_shard(); the default is the whole machine.
  explicit Simulator(const MachineConfig& config, LineShard shard = LineShard{});
  ~Simulator();
  Simulator(const Simulator&) = delete;
  Simulator& operator=(const Simulator&) = delete;

  const MachineConfig& config() const { return config_; }
  const ShadowLog* shadow_log() const { return shadow_log_; }
  ShadowLog* shadow_log() { return shadow_log_; }

  // simulate_access(). An access within one line, the common case, goes straight to the line access;
  // one that straddles lines is split out of line.
  __attribute__((always_inline)) void access(ProcId proc, RefId ref, Addr addr, std::uint32_t size, AccessKind kind,
                                             RegionId region, bool in_critical) {
    CCSIM_DEBUG_ASSERT(proc < config_.max_processors && size >= 1 && size <= 4096);
    const auto offset = static_cast<std::uint32_t>(addr & line_offset_mask_);
    if (offset + size <= line_bytes_) {
      access_line(LineAccess{proc, ref, addr >> line_shift_, ByteRange{offset, size}, kind, region, in_critical});
    } else {
      access_straddling(proc, ref, addr, size, kind, region, in_critical);
    }
  }

  // The L1 hit path alone, for a caller that keeps everything else out of line: simulates the access and
  // returns true when it is an L1 hit that needs no coherence action, of bytes within one word of the
  // line's byte masks, by a reference among the processor's recent ones (ReferenceCounters::find_recent);
  // otherwise returns false having changed nothing, and the caller passes the access to
  // simulate_access(). It makes no call, so the tool's access helpers that use it make none on a hit:
  // the compiler then gives them no stack frame and saves no registers, about a quarter of a hit's
  // instructions. A miss looks at the hints twice, a few instructions against its hundreds.
  __attribute__((always_inline)) bool try_hit(ProcId proc, RefId ref, Addr addr, std::uint32_t size, AccessKind kind,
                                              RegionId region) {
    CCSIM_DEBUG_ASSERT(proc < config_.max_processors && size >= 1 && size <= 4096);
    // Within one mask word implies within the line (mask_word_bytes_ <= line_bytes_, both powers of 2).
    if ((addr & (mask_word_bytes_ - 1)) + size > mask_word_bytes_) return false;
    const auto offset = static_cast<std::uint32_t>(addr & line_offset_mask_);
    std::uint32_t l1_way;
    // The critical flag only matters to invalidations, which a hit never causes.
    return try_l1_hit<true>(LineAccess{proc, ref, addr >> line_shift_, ByteRange{offset, size}, kind, region, false},
                            &l1_way);
  }

  // For a caller that keeps the hit path's two lookups itself, per thread and per instruction (the tool's
  // native helpers): the processor and the counter record then come one load from what the caller holds,
  // not through a chain of the simulator's tables, and a hit waits for fewer loads in a row. The processor
  // as the hit path sees it (null before its first access, and always with miss classes), and the counter
  // record of (proc, ref) (null before their first access, or as above).
  Processor* hit_path_processor(ProcId proc) const { return hit_path_processors_[proc]; }
  HotCounters* hit_path_counters(ProcId proc, RefId ref) const {
    const Processor* processor = hit_path_processors_[proc];
    return processor != nullptr ? processor->counters.find(ref) : nullptr;
  }
  // try_hit() with both already looked up (either may be null: then false).
  __attribute__((always_inline)) bool try_hit_with(Processor* processor, HotCounters* counters, ProcId proc, RefId ref,
                                                   Addr addr, std::uint32_t size, AccessKind kind, RegionId region) {
    CCSIM_DEBUG_ASSERT(processor == nullptr || processor == hit_path_processors_[proc]);
    if (processor == nullptr || counters == nullptr) return false;
    if ((addr & (mask_word_bytes_ - 1)) + size > mask_word_bytes_) return false;
    const auto offset = static_cast<std::uint32_t>(addr & line_offset_mask_);
    std::uint32_t l1_way;
    return try_l1_hit_in(*processor, *counters,
                         LineAccess{proc, ref, addr >> line_shift_, ByteRange{offset, size}, kind, region, false},
                         &l1_way, true);
  }

  // The access after try_hit() returned false: straight to the slow path, which looks the L1 set up once
  // for both the line and the way a miss fills (rather than trying the hit path's hints and scan again).
  void access_after_try_hit(ProcId proc, RefId ref, Addr addr, std::uint32_t size, AccessKind kind, RegionId region,
                            bool in_critical);

  void set_observer(const Observer* observer) { observer_ = observer != nullptr ? *observer : Observer{}; }
  void reset_processor(ProcId proc);
  void zero_statistics();
  // narrow_line_shard() (simulator.h): a subset of the shards, before the first access.
  void narrow_line_shard(LineShard shard) {
    CCSIM_ASSERT(shard.count == shard_.count && (shard.owned & ~shard_.owned) == 0 && shard.owned != 0 &&
                 line_accesses() == 0);
    shard_ = shard;
  }

  void for_each_reference(ReferenceVisitor visit, void* context) const;
  void reference_counts(ProcId proc, RefId ref, std::uint64_t* counts) const;
  void for_each_evictor_edge(EvictorVisitor visit, void* context) const;
  void for_each_invalidator_edge(InvalidatorVisitor visit, void* context) const;
  void for_each_transfer_edge(TransferVisitor visit, void* context) const;
  void for_each_region(RegionVisitor visit, void* context) const;
  void processor_totals(ProcId proc, std::uint64_t* counts) const;
  void machine_totals(std::uint64_t* counts) const;
  std::uint64_t line_accesses() const;

  LineState line_state(ProcId proc, Level level, Addr addr) const;
  bool touched_bytes(ProcId proc, Addr addr, std::uint64_t* mask) const;
  bool check_invariants(ErrorMessage* error) const;

 private:
  // The L1 way of the accessed line as the fast path hands it to the slow path: the way, Cache::kAbsent,
  // or this when the fast path did not look (then the slow path does).
  static constexpr std::uint32_t kL1NotLookedUp = Cache::kAbsent - 1;

  // By value, and the slow path takes its own copy: the hit path then keeps the access in registers, and
  // only a slow-path access is written to memory (a reference to one object for both made every access
  // store it first, a dozen instructions).
  __attribute__((always_inline)) void access_line(LineAccess access) {
    std::uint32_t l1_way = kL1NotLookedUp;
    if (!try_l1_hit(access, &l1_way)) {
      const LineAccess slow = access;
      access_line_slow(slow, l1_way);
    }
    debug_check_line(access.line);
  }

  // The fast path: an L1 hit that needs no coherence action, recorded; false sends the access to the slow
  // path, with the L1 way in `*l1_way` if it was looked up (the slow path then does not scan the set's tags
  // again). Always inlined: a call and its register saves would cost as much as the hit itself. kLeaf
  // (try_hit()): make no call either, so only a recent record will do and the bytes lie within one mask
  // word (checked by the caller).
  template <bool kLeaf = false>
  __attribute__((always_inline)) bool try_l1_hit(const LineAccess& access, std::uint32_t* l1_way) {
    Processor* processor = hit_path_processors_[access.proc];
    if (processor == nullptr) return false;
    HotCounters* counters = kLeaf ? processor->counters.find_recent(access.ref) : processor->counters.find(access.ref);
    if (counters == nullptr) return false;
    return try_l1_hit_in(*processor, *counters, access, l1_way, kLeaf);
  }

  // try_l1_hit() past the lookups. `within_word` as for record_l1_hit() (a constant where inlined).
  __attribute__((always_inline)) static bool try_l1_hit_in(Processor& processor, HotCounters& counters,
                                                           const LineAccess& access, std::uint32_t* l1_way,
                                                           bool within_word) {
    // The reference's own hint, then the processor's, then a scan of the set.
    Cache& l1 = processor.l1;
    std::uint32_t way = counters.l1_way;
    if (l1.tag(way) != access.line) {
      way = processor.l1_hint;
      if (l1.tag(way) != access.line) way = l1.find(access.line);
    }
    *l1_way = way;
    if (way == Cache::kAbsent) return false;
    if (access.kind != AccessKind::Read && l1.info(way).state != LineState::Modified) return false;
    record_l1_hit(processor, way, access, counters, within_word);
    return true;
  }

  // An L1 hit, whichever path found it; the caller has already obtained write permission. `within_word`:
  // the bytes lie within one word of the byte masks (a constant where this is inlined).
  __attribute__((always_inline)) static void record_l1_hit(Processor& processor, std::uint32_t way,
                                                           const LineAccess& access, HotCounters& counters,
                                                           bool within_word = false) {
    processor.l1_hint = way;
    counters.l1_way = way;
    const bool temporal = processor.l1.touch_private(way, access.bytes, access.ref, access.region, within_word);
    if (writes(access.kind)) processor.l1.mark_written(way, access.bytes, within_word);
    ++counters.l1_hits[writes(access.kind) ? 1 : 0][temporal ? 1 : 0];
  }

  // An access that did not hit L1 (the hits are counted apart, HotCounters::l1_hits), into its record's
  // slow-path counts (cold_counts()).
  static void count_access(std::uint64_t* counts, AccessKind kind) { ++counts[writes(kind) ? kWrites : kReads]; }

  // Debug builds check the accessed line's invariants after every line access (O(processors));
  // check_invariants() walks the whole machine and is for tests.
  void debug_check_line(Addr line) const {
#if defined(CCSIM_DEBUG) && CCSIM_DEBUG
    fail_on_broken_line(line);
#else
    (void)line;
#endif
  }
  void fail_on_broken_line(Addr line) const;
  bool check_line(Addr line, ErrorMessage* error) const;

  // --- slow path (private_hierarchy.cc) ---
  void access_straddling(ProcId proc, RefId ref, Addr addr, std::uint32_t size, AccessKind kind, RegionId region,
                         bool in_critical);
  void access_line_slow(const LineAccess& access, std::uint32_t l1_way);
  Processor& processor(ProcId proc);
  // The ways of `line`'s copies in `processor`'s L1 and L2, kAbsent where it has none.
  void find_copies(const Processor& processor, Addr line, std::uint32_t* way1, std::uint32_t* way2) const;
  MissCause private_miss_cause(Processor& processor, Addr line, std::uint32_t entry);
  void prefetch_victims(const Processor& processor, const FillWays& fill) const;
  void fetch_line(const LineAccess& access, Processor& processor, HotCounters& counters, std::uint32_t entry,
                  MissCause cause, FillWays fill);
  void fill_l1(const LineAccess& access, Processor& processor, HotCounters& counters, std::uint32_t way1,
               LineState state, std::uint32_t entry, std::uint32_t way2);
  void evict_from_l1(const LineAccess& access, Processor& processor, std::uint32_t way1);
  bool evict_from_l2(const LineAccess& access, Processor& processor, std::uint32_t way2);
  void leave_hierarchy(Processor& processor, ProcId proc, std::uint32_t way1, std::uint32_t way2);
  void drop_private_lines(Processor& processor, ProcId proc);

  // --- coherence actions and sharing classification (sharing.cc) ---
  void obtain_write_permission(const LineAccess& access, Processor& processor, HotCounters& counters,
                               std::uint32_t way1, std::uint32_t way2);
  void invalidate_other_holders(const LineAccess& access, HotCounters& counters, std::uint32_t entry);
  void invalidate_copy(const LineAccess& access, HotCounters& counters, std::uint32_t entry, ProcId victim);
  // A read miss: an exclusive copy elsewhere (E or M) becomes Shared; the reader gets E when nobody else
  // holds the line, else S. Inline as far as the common case, a line nobody else holds exclusively.
  LineState share_for_read(const LineAccess& access, HotCounters& counters, std::uint32_t entry) {
    if (directory_.record(entry).owner != kNoProcessor) downgrade_owner(access, counters, entry);
    return directory_.has_holders(entry) ? LineState::Shared : LineState::Exclusive;
  }
  void downgrade_owner(const LineAccess& access, HotCounters& counters, std::uint32_t entry);
  void end_modified_tenure(Processor& holder, std::uint32_t entry, std::uint32_t way1, std::uint32_t way2);
  // Into `mask`, the union of one byte mask over a processor's L1 and L2 copies of a line (kAbsent: none):
  // everything the processor touched, or wrote while Modified, since the line came in.
  enum class CopyMask : std::uint8_t { Touched, Written };
  void union_of_copies(const Processor& holder, std::uint32_t way1, std::uint32_t way2, CopyMask which,
                       std::uint64_t* mask) const;
  void classify_coherence_miss(const LineAccess& access, Processor& processor, HotCounters& counters,
                               std::uint32_t entry);

  // --- where a miss is served (transfers.cc) ---
  // The line is marked as written: a later first miss of another processor on it is a transfer miss.
  void mark_written(Addr line) { written_lines_.add_was_present(line); }
  // An L1 miss served by `source` (kServedByOwnL2, kServedByLLC or kServedByMemory), charged to the
  // access's record (its slow-path `counts`).
  void count_served(const LineAccess& access, std::uint64_t* counts, std::uint32_t source) {
    count_in_region(counts, source);
    if (observer_.served != nullptr) notify_served(access, source, kNoProcessor, 0);
  }
  void count_transfer(const LineAccess& access, std::uint64_t* counts, std::uint32_t entry);

  // --- the shared last-level cache (shared_cache.cc) ---
  // Says whether the LLC held the line.
  bool access_llc(const LineAccess& access, HotCounters& counters);

  // --- counting (inline here; enter_region() in private_hierarchy.cc) ---
  void enter_region(RegionId region);
  // Inline, and a caller counting several events of one record fetches its slow-path counters once (the
  // overloads on counts): a miss counts a dozen events. count() is for the events not kept per region
  // (hits); count_in_region() adds to the current region's totals too.
  std::uint64_t* cold_counts(HotCounters& counters) { return ReferenceCounters::cold_counts(counters, arena_); }
  void count(HotCounters& counters, std::uint32_t event) { ++cold_counts(counters)[event]; }
  void count_in_region(std::uint64_t* counts, std::uint32_t event, std::uint64_t amount = 1) {
    counts[event] += amount;
    current_region_counts_[event] += amount;
  }
  void count_in_region(HotCounters& counters, std::uint32_t event) { count_in_region(cold_counts(counters), event); }

  // A miss at `level`: read or write, its cause, and with miss classes capacity or conflict (a replacement
  // miss the level's fully-associative shadow did not hit is a capacity miss). `counts` are the access's
  // record's slow-path counts, which the caller fetched once for all the events of its miss.
  void count_miss(const LineAccess& access, std::uint64_t* counts, Level level, MissCause cause, bool shadow_hit) {
    static constexpr LevelEvent kCauseEvents[] = {kMissCompulsory, kMissCoherence, kMissReplacement,
                                                  kMissTransfer};  // by cause
    const LevelEvent cause_event = kCauseEvents[static_cast<int>(cause)];
    const bool classified = config_.miss_classes && cause == MissCause::Replacement;
    count_in_region(counts, level_event(level, writes(access.kind) ? kWriteMisses : kReadMisses));
    count_in_region(counts, level_event(level, cause_event));
    if (classified && shadow_log_ != nullptr) {
      defer_classification(access, level, cause_event);
      return;
    }
    if (classified) count_in_region(counts, level_event(level, shadow_hit ? kMissConflict : kMissCapacity));
    if (observer_.miss != nullptr) notify_miss(access, level, cause_event, classified && !shadow_hit);
  }

  // A shard's shadow answers later, in the shadow stage, which counts the class and tells the observer
  // (miss_class); the miss itself is noticed now, as class_later, so that the observer charges it where
  // the access's bytes lie now (observer.h). Out of line and cold: inside count_miss() it made GCC stop
  // inlining count_miss() into the miss path (70 instructions more per miss, perf/README.md, "Line shards").
  __attribute__((noinline, cold)) void defer_classification(const LineAccess& access, Level level, LevelEvent cause) {
    MissNotice notice = miss_notice(access, level, cause, false);
    notice.class_later = true;
    shadow_log_->add_classify(notice);
    if (observer_.miss != nullptr) observer_.miss(observer_.context, notice);
  }

  // With miss classes: whether `shadow` (of `proc` at `level`) held `line`, which it now holds as the most
  // recent. A shard logs the question instead (shadow_log.h); its answer, false, is then never used.
  bool access_shadow(ShadowCache& shadow, ProcId proc, Level level, Addr line) {
    if (shadow_log_ == nullptr) return shadow.access(line);
    shadow_log_->add(ShadowOpKind::Access, proc, level, line);
    return false;
  }

  // An eviction from `level`, charged to the victim (the last reference and processor to touch the line
  // there, on `victim_processor`) with the bytes it used; the edge names the access that caused it.
  // Always inlined: a miss evicts from two levels, and a call would save and restore half the registers.
  __attribute__((always_inline)) void count_eviction(const LineAccess& access, Level level, const Cache& cache,
                                                     std::uint32_t way, Processor& victim_processor) {
    const LineInfo& victim = cache.info(way);
    const std::uint32_t bytes_used = mask_popcount(cache.touched(way), mask_words_);
    std::uint64_t* counts = cold_counts(victim_processor.counters.find_or_add(victim.last_ref, arena_));
    count_in_region(counts, level_event(level, kEvictions));
    count_in_region(counts, level_event(level, kEvictedBytesUsed), bytes_used);
    edges_.add_eviction(victim.last_ref, victim.last_proc, access.ref, access.proc, level);
    if (observer_.eviction != nullptr) notify_eviction(access, level, cache, way, bytes_used);
  }

  // --- the observer's notices (notices.cc); each is called only when the observer wants that notice ---
  MissNotice miss_notice(const LineAccess& access, Level level, LevelEvent cause, bool capacity) const;
  void notify_miss(const LineAccess& access, Level level, LevelEvent cause, bool capacity) const;
  void notify_coherence_miss(const LineAccess& access, bool true_sharing) const;
  void notify_invalidation(const LineAccess& access, ProcId victim, const LineInfo& victim_info,
                           const std::uint64_t* victim_touched, const std::uint64_t* victim_written, bool true_sharing,
                           bool in_region, bool critical) const;
  void notify_eviction(const LineAccess& access, Level level, const Cache& cache, std::uint32_t way,
                       std::uint32_t bytes_used) const;
  void notify_served(const LineAccess& access, std::uint32_t source, ProcId supplier_proc, RefId supplier_ref) const;
  void notify_downgrade(const LineAccess& access, ProcId owner_proc, RefId owner_ref) const;

  MachineConfig config_;
  // The lines this simulator simulates (line_shard.h). Tested on the slow path only: a line of another
  // shard never enters this simulator's caches, so the hit path can never hit it and always hands it to
  // the slow path, which skips it first. The hit path is the same instructions with shards or without.
  LineShard shard_;
  // With miss classes in a shard of several: the shadows' questions, for the shadow stage; else null.
  ShadowLog* shadow_log_;
  // The line size as the hot path uses it: address >> line_shift_ is the line, address & line_offset_mask_
  // the byte within it (no division).
  std::uint32_t line_shift_;
  std::uint32_t line_bytes_;
  Addr line_offset_mask_;
  Addr mask_word_bytes_;  // the line bytes one word of a byte mask covers: min(line size, 64)
  std::uint32_t mask_words_;  // 64-bit words per byte mask (byte_mask.h)
  Processor** processors_;       // max_processors entries, null until the processor's first access
  ProcId processors_used_ = 0;   // one more than the highest processor created: line_accesses() stops there
  // The line accesses of L1 clocks that reset_processor() cleared (line_accesses()).
  std::uint64_t reset_line_accesses_ = 0;
  // What the fast path looks processors up in: processors_ itself, or, with miss classes (every L1 access
  // must reach the L1 shadow), an array of nulls that sends every access to the slow path. One load and
  // test on the hit path instead of two.
  Processor** hit_path_processors_;
  Arena arena_;                  // counter records and region totals
  Directory directory_;          // who holds each line (coherence.h)
  Cache llc_;                    // present() only when the machine has a shared LLC
  SparseLineSet llc_ever_held_;  // compulsory vs replacement misses at the LLC
  // Lines some processor ever held Modified: a first miss on one is a transfer miss, not a compulsory one
  // (the data was made by another processor). Marked when a line becomes Modified, on the slow path (a
  // write miss or upgrade): a write hit needs a Modified copy, which was marked when it became one, so
  // the hit path is untouched. One bit per line, like ever_held.
  SparseLineSet written_lines_;
  ShadowCache llc_shadow_;       // with miss classes
  EdgeTables edges_;             // evictor, invalidator and transfer graphs
  // The client's observer (observer.h); every pointer null when there is none, so each slow-path event
  // costs one well-predicted test of one pointer.
  Observer observer_{};
  RegionTotals regions_;  // per-region sums of slow-path events
  // The totals of the region of the access being simulated: regions change at barriers only, so the
  // lookup is skipped while they stay the same.
  RegionId current_region_ = 0;
  std::uint64_t* current_region_counts_ = nullptr;
};

}  // namespace ccsim

#endif
