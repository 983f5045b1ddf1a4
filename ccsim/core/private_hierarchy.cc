// private_hierarchy.cc: the slow path of a line access through one processor's private caches: L1 and
// the optional L2, inclusive (every L1 line is also in L2, in the same MESI state). A miss in the whole
// private hierarchy consults the directory (sharing.cc) and the shared LLC (shared_cache.cc), then fills
// L2 and L1. Also the counting helpers every part of the slow path uses.
#include "ccsim/core/simulator_impl.h"

namespace ccsim {

Processor& Simulator::processor(ProcId proc) {
  if (processors_[proc] == nullptr) processors_[proc] = create_object<Processor>("ccsim.processor", config_);
  return *processors_[proc];
}

void Simulator::enter_region(RegionId region) {
  if (current_region_counts_ != nullptr && region == current_region_) return;
  current_region_ = region;
  current_region_counts_ = regions_.find_or_add(region, arena_);
}

void Simulator::count(HotCounters& counters, std::uint32_t event, std::uint64_t amount) {
  ReferenceCounters::cold(counters, event, arena_) += amount;
}

void Simulator::count_in_region(HotCounters& counters, std::uint32_t event, std::uint64_t amount) {
  count(counters, event, amount);
  current_region_counts_[event] += amount;
}

void Simulator::count_miss(HotCounters& counters, Level level, AccessKind kind, MissCause cause, bool shadow_hit) {
  count_in_region(counters, level_event(level, writes(kind) ? kWriteMisses : kReadMisses));
  switch (cause) {
    case MissCause::Compulsory:
      count_in_region(counters, level_event(level, kMissCompulsory));
      break;
    case MissCause::Coherence:
      count_in_region(counters, level_event(level, kMissCoherence));
      break;
    case MissCause::Replacement:
      count_in_region(counters, level_event(level, kMissReplacement));
      if (config_.miss_classes)
        count_in_region(counters, level_event(level, shadow_hit ? kMissConflict : kMissCapacity));
      break;
  }
}

// Per processor, not per level: an invalidation removes the line from every private level, and a fill
// puts it in every private level, so the levels agree on the cause.
MissCause Simulator::private_miss_cause(const Processor& processor, Addr line) const {
  if (processor.lost_lines.contains(line)) return MissCause::Coherence;
  if (processor.ever_held.contains(line)) return MissCause::Replacement;
  return MissCause::Compulsory;
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

void Simulator::access_line_slow(const LineAccess& access) {
  Processor& self = processor(access.proc);
  HotCounters& counters = self.counters.find_or_add(access.ref, arena_);
  enter_region(access.region);
  // The shadows see every access to their level, hit or miss, as a fully-associative cache would.
  const bool l1_shadow_hit = config_.miss_classes && self.l1_shadow.access(access.line);
  const std::uint32_t way1 = self.l1.find(access.line);
  if (way1 != Cache::kAbsent) {
    if (writes(access.kind)) obtain_write_permission(access, self, counters);
    record_l1_hit(self, way1, access, counters);
    return;
  }
  count_access(counters, access.kind);
  const MissCause cause = private_miss_cause(self, access.line);
  count_miss(counters, Level::L1, access.kind, cause, l1_shadow_hit);
  if (self.l2.present()) {
    const bool l2_shadow_hit = config_.miss_classes && self.l2_shadow.access(access.line);
    const std::uint32_t way2 = self.l2.find(access.line);
    if (way2 != Cache::kAbsent) {
      const bool temporal = self.l2.touch(way2, access.bytes, access.ref, access.region, access.proc);
      count(counters, level_event(Level::L2, temporal ? kHitTemporal : kHitSpatial));
      if (writes(access.kind)) obtain_write_permission(access, self, counters);
      fill_l1(access, self, self.l2.info(way2).state);
      return;
    }
    count_miss(counters, Level::L2, access.kind, cause, l2_shadow_hit);
  }
  fetch_line(access, self, counters, cause);
}

// The whole private hierarchy missed: obtain the line from the other processors (invalidating or
// downgrading their copies), classify a coherence miss, go through the shared LLC, then fill.
void Simulator::fetch_line(const LineAccess& access, Processor& self, HotCounters& counters, MissCause cause) {
  const std::uint32_t entry = directory_.find_or_add(access.line);
  LineState state;
  if (writes(access.kind)) {
    invalidate_other_holders(access, counters, entry);
    state = LineState::Modified;
  } else {
    state = share_for_read(entry);
  }
  if (cause == MissCause::Coherence) classify_coherence_miss(access, self, counters, entry);
  if (llc_.present()) access_llc(access, counters);
  if (self.l2.present()) {
    const std::uint32_t way2 = self.l2.choose_way(access.line);
    if (self.l2.tag(way2) != Cache::kNoLine) evict_from_l2(access, self, way2);
    self.l2.fill(way2, access.line, state, access.bytes, writes(access.kind), access.ref, access.region, access.proc);
  }
  fill_l1(access, self, state);
  directory_.add_holder(entry, access.proc);
  if (state != LineState::Shared) {
    LineRecord& record = directory_.record(entry);
    record.owner = access.proc;
    record.dirty = state == LineState::Modified;
  }
  self.ever_held.add(access.line);
}

void Simulator::fill_l1(const LineAccess& access, Processor& self, LineState state) {
  const std::uint32_t way1 = self.l1.choose_way(access.line);
  if (self.l1.tag(way1) != Cache::kNoLine) evict_from_l1(access, self, way1);
  self.l1.fill(way1, access.line, state, access.bytes, writes(access.kind), access.ref, access.region, access.proc);
  self.l1_hint = way1;
}

// With an L2, the evicted L1 copy's knowledge moves into the L2 copy: the bytes it touched and wrote
// and who touched it last. Without one, the line leaves the processor.
void Simulator::evict_from_l1(const LineAccess& access, Processor& self, std::uint32_t way1) {
  count_eviction(access, Level::L1, self.l1, way1);
  const Addr line = self.l1.tag(way1);
  if (!self.l2.present()) {
    leave_hierarchy(self, access.proc, line, way1, Cache::kAbsent);
    return;
  }
  const std::uint32_t way2 = self.l2.find(line);
  CCSIM_ASSERT(way2 != Cache::kAbsent);
  mask_or(self.l2.touched(way2), self.l1.touched(way1), mask_words_);
  mask_or(self.l2.written(way2), self.l1.written(way1), mask_words_);
  LineInfo& outer = self.l2.info(way2);
  const LineInfo& inner = self.l1.info(way1);
  outer.last_ref = inner.last_ref;
  outer.last_region = inner.last_region;
  self.l1.remove(way1);
}

// Inclusion: the L1 copy goes first (counted as an L1 eviction by the same evictor), folding into the L2
// copy, so the L2 eviction counts every byte the processor touched.
void Simulator::evict_from_l2(const LineAccess& access, Processor& self, std::uint32_t way2) {
  const Addr line = self.l2.tag(way2);
  const std::uint32_t way1 = self.l1.find(line);
  if (way1 != Cache::kAbsent) evict_from_l1(access, self, way1);
  count_eviction(access, Level::L2, self.l2, way2);
  leave_hierarchy(self, access.proc, line, Cache::kAbsent, way2);
}

// The line leaves the processor's private hierarchy (eviction from the outermost level, or reset): a
// Modified copy's writes become visible, and the directory forgets this holder.
void Simulator::leave_hierarchy(Processor& self, ProcId proc, Addr line, std::uint32_t way1, std::uint32_t way2) {
  const std::uint32_t entry = directory_.find(line);
  CCSIM_ASSERT(entry != Directory::kAbsent);
  const LineState state = way1 != Cache::kAbsent ? self.l1.info(way1).state : self.l2.info(way2).state;
  if (state == LineState::Modified) end_modified_tenure(self, entry, way1, way2);
  if (way1 != Cache::kAbsent) self.l1.remove(way1);
  if (way2 != Cache::kAbsent) self.l2.remove(way2);
  directory_.remove_holder(entry, proc);
  directory_.release_if_unused(entry);
}

// Charged to the victim (the last reference and processor to touch the line there) with the bytes it
// used; the edge names the access that caused the eviction.
void Simulator::count_eviction(const LineAccess& access, Level level, const Cache& cache, std::uint32_t way) {
  const LineInfo& victim = cache.info(way);
  HotCounters& victim_counters = processor(victim.last_proc).counters.find_or_add(victim.last_ref, arena_);
  count_in_region(victim_counters, level_event(level, kEvictions));
  count_in_region(victim_counters, level_event(level, kEvictedBytesUsed),
                  mask_popcount(cache.touched(way), mask_words_));
  edges_.add_eviction(victim.last_ref, victim.last_proc, access.ref, access.proc, level);
}

}  // namespace ccsim
