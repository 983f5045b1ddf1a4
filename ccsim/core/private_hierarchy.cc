// private_hierarchy.cc: the slow path of a line access through one processor's private caches: L1 and
// the optional L2, inclusive (every L1 line is also in L2, in the same MESI state). A miss in the whole
// private hierarchy consults the directory (sharing.cc) and the shared LLC (shared_cache.cc), then fills
// L2 and L1.
//
// The steps of a miss are separate functions for reading, and those used only here are always inlined:
// the miss path then pays no call and register saves between them (a tenth of a miss's instructions, by
// Callgrind on perf/core_bench's private streaming).
#include "ccsim/core/simulator_impl.h"

namespace ccsim {

Processor& Simulator::processor(ProcId proc) {
  if (processors_[proc] == nullptr) {
    processors_[proc] = create_object<Processor>("ccsim.processor", config_);
    if (proc >= processors_used_) processors_used_ = proc + 1;
  }
  return *processors_[proc];
}

void Simulator::enter_region(RegionId region) {
  if (current_region_counts_ != nullptr && region == current_region_) return;
  current_region_ = region;
  current_region_counts_ = regions_.find_or_add(region, arena_);
}

// Per processor, not per level: an invalidation removes the line from every private level, and a fill
// puts it in every private level, so the levels agree on the cause. Asked only when the whole hierarchy
// missed (a line still in L2 was held and not lost: a replacement miss at L1). Records the line as held:
// it is about to be. Only a line some processor lost can be a coherence miss, and the directory counts
// those processors, so the lost-lines table is probed only for such lines. A line never held here is a
// transfer miss when another processor holds it (this one holds no copy, so every holder is another) or
// some processor wrote it (not this one, which never held it); only then is it compulsory.
__attribute__((always_inline)) inline MissCause Simulator::private_miss_cause(Processor& processor, Addr line,
                                                                              std::uint32_t entry) {
  if (directory_.record(entry).lost_count != 0 && processor.lost_lines.contains(line)) return MissCause::Coherence;
  if (processor.ever_held.add_was_present(line)) return MissCause::Replacement;
  return directory_.has_holders(entry) || written_lines_.contains(line) ? MissCause::Transfer : MissCause::Compulsory;
}

// With an L2 the L2 copy is found by its tag and the L1 copy through the link between them (inclusion:
// no L2 copy, no L1 copy), one scan of a set instead of two.
void Simulator::find_copies(const Processor& self, Addr line, std::uint32_t* way1, std::uint32_t* way2) const {
  if (!self.l2.present()) {
    *way1 = self.l1.find(line);
    *way2 = Cache::kAbsent;
    return;
  }
  *way2 = self.l2.find(line);
  *way1 = *way2 != Cache::kAbsent ? self.l2.links(*way2).peer_way : Cache::kAbsent;
}

// Limit: an access straddling lines is one line access per line (Cachegrind counts one access).
void Simulator::access_straddling(ProcId proc, RefId ref, Addr addr, std::uint32_t size, AccessKind kind,
                                  RegionId region, bool in_critical) {
  const Addr end = addr + size;
  for (Addr line = addr >> line_shift_; line <= (end - 1) >> line_shift_; ++line) {
    const Addr line_start = line << line_shift_;
    const Addr begin = addr > line_start ? addr : line_start;
    const Addr stop = end < line_start + line_bytes_ ? end : line_start + line_bytes_;
    const ByteRange bytes{static_cast<std::uint32_t>(begin - line_start), static_cast<std::uint32_t>(stop - begin)};
    access_line(LineAccess{proc, ref, line, bytes, kind, region, in_critical});
  }
}

void Simulator::access_line_slow(const LineAccess& access, std::uint32_t l1_way) {
  // Another shard's line: skipped here, where every access to it arrives (shard_ in simulator_impl.h).
  // Unsharded, one compare: the test of the line costs the miss path instructions of its own.
  if (shard_.count != 1) {
    if (shadow_log_ != nullptr) shadow_log_->count_line_access();
    if (!shard_.owns(access.line)) return;
  }
  Processor& self = processor(access.proc);
  HotCounters& counters = self.counters.find_or_add(access.ref, arena_);
  enter_region(access.region);
  // The shadows see every access to their level, hit or miss, as a fully-associative cache would.
  const bool l1_shadow_hit =
      config_.miss_classes && access_shadow(self.l1_shadow, access.proc, Level::L1, access.line);
  // Each level's set is scanned once: the lookup also chooses the way a miss will fill. The fast path has
  // mostly looked for the L1 tag already.
  FillWays fill;
  std::uint32_t way1 = l1_way;
  if (way1 == kL1NotLookedUp) {
    way1 = self.l1.find_or_choose(access.line, &fill.l1);
  } else if (way1 == Cache::kAbsent) {
    fill.l1 = self.l1.choose_way(access.line);
  }
  if (way1 != Cache::kAbsent) {
    if (writes(access.kind)) {
      const std::uint32_t way2 = self.l2.present() ? self.l1.links(way1).peer_way : Cache::kAbsent;
      obtain_write_permission(access, self, counters, way1, way2);
    }
    record_l1_hit(self, way1, access, counters);
    return;
  }
  std::uint64_t* counts = cold_counts(counters);
  count_access(counts, access.kind);
  const std::uint32_t way2 = self.l2.present() ? self.l2.find_or_choose(access.line, &fill.l2) : Cache::kAbsent;
  if (way2 != Cache::kAbsent) {
    // The hierarchy holds the line, so it was held before and not lost since: L1 lost it to replacement.
    count_miss(access, counts, Level::L1, MissCause::Replacement, l1_shadow_hit);
    if (config_.miss_classes) access_shadow(self.l2_shadow, access.proc, Level::L2, access.line);
    // A private cache's copy names its owner as last toucher from the fill on: no store of the processor.
    const bool temporal = self.l2.touch_private(way2, access.bytes, access.ref, access.region);
    ++counts[level_event(Level::L2, temporal ? kHitTemporal : kHitSpatial)];
    count_served(access, counts, kServedByOwnL2);
    if (writes(access.kind)) obtain_write_permission(access, self, counters, Cache::kAbsent, way2);
    fill_l1(access, self, counters, fill.l1, self.l2.info(way2).state, self.l2.links(way2).directory_entry, way2);
    return;
  }
  prefetch_victims(self, fill);
  const std::uint32_t entry = directory_.find_or_add(access.line);
  const MissCause cause = private_miss_cause(self, access.line, entry);
  count_miss(access, counts, Level::L1, cause, l1_shadow_hit);
  if (self.l2.present()) {
    const bool l2_shadow_hit =
        config_.miss_classes && access_shadow(self.l2_shadow, access.proc, Level::L2, access.line);
    count_miss(access, counts, Level::L2, cause, l2_shadow_hit);
  }
  fetch_line(access, self, counters, entry, cause, fill);
}

// The whole private hierarchy missed, and the ways the line goes to are chosen: the records fetch_line()
// will read and write when it evicts their lines are known now, and mostly not in the host's caches (a
// streaming miss evicts from L2 a line filled thousands of misses before; the L1 victim folds its masks
// into its L2 copy, anywhere in L2). Hot-path choice: they are prefetched here, so that the host loads
// them while the directory lookup, the classification and the LLC run. A prefetch changes nothing that
// is simulated; the L2 victim's directory record costs one load of its links.
__attribute__((always_inline)) inline void Simulator::prefetch_victims(const Processor& self,
                                                                       const FillWays& fill) const {
  if (!self.l2.present()) return;
  if (self.l2.tag(fill.l2) != Cache::kNoLine) {
    __builtin_prefetch(&self.l2.info(fill.l2), 1);
    __builtin_prefetch(self.l2.touched(fill.l2), 0);
    __builtin_prefetch(&directory_.record(self.l2.links(fill.l2).directory_entry), 1);
  }
  if (self.l1.tag(fill.l1) != Cache::kNoLine) {
    const std::uint32_t peer = self.l1.links(fill.l1).peer_way;
    __builtin_prefetch(&self.l2.info(peer), 1);
    __builtin_prefetch(self.l2.touched(peer), 1);
    __builtin_prefetch(self.l2.written(peer), 1);
  }
}

// The whole private hierarchy missed: obtain the line from the other processors (invalidating or
// downgrading their copies), classify a coherence miss, go through the shared LLC, then fill. Another
// processor's copy serves the miss when there is one (a transfer), else the LLC, else memory; the LLC is
// looked up either way, as machines whose LLC keeps the snoop filter do. None of
// that changes this processor's caches, so the ways chosen at lookup still hold until the L2 eviction;
// that can remove an L1 copy (inclusion), perhaps in the set the line goes to, and then L1 chooses again.
__attribute__((always_inline)) inline void Simulator::fetch_line(const LineAccess& access, Processor& self,
                                                                 HotCounters& counters, std::uint32_t entry,
                                                                 MissCause cause, FillWays fill) {
  std::uint64_t* counts = cold_counts(counters);
  // This processor holds no copy, so any holder is another's; mostly there is none (private data).
  const bool transfer = directory_.has_holders(entry);
  if (transfer) count_transfer(access, counts, entry);
  LineState state;
  if (writes(access.kind)) {
    if (transfer) invalidate_other_holders(access, counters, entry);
    state = LineState::Modified;
    mark_written(access.line);
  } else {
    state = share_for_read(access, counters, entry);
  }
  if (cause == MissCause::Coherence) classify_coherence_miss(access, self, counters, entry);
  const bool llc_hit = llc_.present() && access_llc(access, counters);
  if (!transfer) count_served(access, counts, llc_hit ? kServedByLLC : kServedByMemory);
  std::uint32_t way2 = Cache::kAbsent;
  if (self.l2.present()) {
    way2 = fill.l2;
    if (self.l2.tag(way2) != Cache::kNoLine && evict_from_l2(access, self, way2)) {
      fill.l1 = self.l1.choose_way(access.line);
    }
    self.l2.fill(way2, access.line, LineInfo{access.ref, access.region, access.proc, state}, access.bytes,
                 writes(access.kind));
    self.l2.links(way2) = LineLinks{entry, Cache::kAbsent};
  }
  fill_l1(access, self, counters, fill.l1, state, entry, way2);
  directory_.add_holder(entry, access.proc);
  if (state != LineState::Shared) {
    LineRecord& record = directory_.record(entry);
    record.owner = access.proc;
    record.dirty = state == LineState::Modified;
  }
}

// Into `way1`, which the lookup chose; `way2` is the line's L2 copy, or kAbsent without an L2; the two
// copies are linked (LineLinks::peer_way).
__attribute__((always_inline)) inline void Simulator::fill_l1(const LineAccess& access, Processor& self,
                                                              HotCounters& counters, std::uint32_t way1,
                                                              LineState state, std::uint32_t entry, std::uint32_t way2) {
  CCSIM_DEBUG_ASSERT(way1 == self.l1.choose_way(access.line));
  if (self.l1.tag(way1) != Cache::kNoLine) evict_from_l1(access, self, way1);
  self.l1.fill(way1, access.line, LineInfo{access.ref, access.region, access.proc, state}, access.bytes,
               writes(access.kind));
  self.l1.links(way1) = LineLinks{entry, way2};
  if (way2 != Cache::kAbsent) self.l2.links(way2).peer_way = way1;
  self.l1_hint = way1;
  counters.l1_way = way1;
}

// With an L2, the evicted L1 copy's knowledge moves into the L2 copy: the bytes it touched and wrote
// and who touched it last. Without one, the line leaves the processor.
__attribute__((always_inline)) inline void Simulator::evict_from_l1(const LineAccess& access, Processor& self,
                                                                    std::uint32_t way1) {
  count_eviction(access, Level::L1, self.l1, way1, self);
  if (!self.l2.present()) {
    leave_hierarchy(self, access.proc, way1, Cache::kAbsent);
    return;
  }
  const std::uint32_t way2 = self.l1.links(way1).peer_way;
  mask_or(self.l2.touched(way2), self.l1.touched(way1), mask_words_);
  // Only a Modified copy has written bytes; the L1 way leaves with an empty written mask (Cache::fill).
  if (self.l1.info(way1).state == LineState::Modified) {
    mask_or(self.l2.written(way2), self.l1.written(way1), mask_words_);
    mask_clear(self.l1.written(way1), mask_words_);
  }
  const LineInfo& inner = self.l1.info(way1);
  LineInfo& outer = self.l2.info(way2);
  outer.last_ref = inner.last_ref;
  outer.last_region = inner.last_region;
  self.l2.links(way2).peer_way = Cache::kAbsent;
  self.l1.remove(way1);
}

// Inclusion: the L1 copy goes first (counted as an L1 eviction by the same evictor), folding into the L2
// copy, so the L2 eviction counts every byte the processor touched. Says whether there was an L1 copy.
__attribute__((always_inline)) inline bool Simulator::evict_from_l2(const LineAccess& access, Processor& self,
                                                                    std::uint32_t way2) {
  const std::uint32_t way1 = self.l2.links(way2).peer_way;
  if (way1 != Cache::kAbsent) evict_from_l1(access, self, way1);
  count_eviction(access, Level::L2, self.l2, way2, self);
  leave_hierarchy(self, access.proc, Cache::kAbsent, way2);
  return way1 != Cache::kAbsent;
}

// The line leaves the processor's private hierarchy (eviction from the outermost level, or reset): a
// Modified copy's writes become visible, and the directory forgets this holder.
__attribute__((always_inline)) inline void Simulator::leave_hierarchy(Processor& self, ProcId proc, std::uint32_t way1,
                                                                      std::uint32_t way2) {
  const Cache& level = way1 != Cache::kAbsent ? self.l1 : self.l2;
  const std::uint32_t way = way1 != Cache::kAbsent ? way1 : way2;
  const std::uint32_t entry = level.links(way).directory_entry;
  if (level.info(way).state == LineState::Modified) end_modified_tenure(self, entry, way1, way2);
  if (way1 != Cache::kAbsent) self.l1.remove(way1);
  if (way2 != Cache::kAbsent) self.l2.remove(way2);
  directory_.remove_holder(entry, proc);
  directory_.release_if_unused(entry);
}

// reset_processor(): every line leaves the hierarchy, uncounted.
void Simulator::drop_private_lines(Processor& self, ProcId proc) {
  const bool has_l2 = self.l2.present();
  const Cache& outer = has_l2 ? self.l2 : self.l1;
  outer.for_each_line([&](std::uint32_t way) {
    const std::uint32_t way1 = has_l2 ? self.l2.links(way).peer_way : way;
    leave_hierarchy(self, proc, way1, has_l2 ? way : Cache::kAbsent);
  });
}

}  // namespace ccsim
