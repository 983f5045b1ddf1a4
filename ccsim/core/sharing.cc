// sharing.cc: the MESI actions between processors and what they are counted as. A write removes every
// other processor's copy (an invalidation, split true/false by bytes and in/across region by the victim's
// last touch); a read of a line another processor holds exclusively downgrades that copy to Shared; a
// processor that re-misses on a line it lost has a coherence miss, true or false by Dubois' rule.
//
// Dubois' rule needs "was a byte I now touch written by another processor since I lost the line?". Writes
// to a Modified line are not tracked one by one (the L1 hit path only ORs them into the copy's written
// mask); when the copy stops being Modified (downgrade, invalidation, eviction) its written bytes are
// stamped with the directory's clock, and a loss is stamped with the same clock, so the question becomes a
// comparison per byte accessed. The current owner's unfolded writes are folded too: a re-miss always
// downgrades or invalidates that owner before it is classified.
#include "ccsim/core/simulator_impl.h"

namespace ccsim {
namespace {

InvalidationClass classify_invalidation(bool true_sharing, bool in_region, bool writer_in_critical) {
  if (in_region) {
    return true_sharing ? InvalidationClass{kTrueInRegion, writer_in_critical}
                        : InvalidationClass{kFalseInRegion, false};
  }
  return InvalidationClass{true_sharing ? kTrueAcrossRegions : kFalseAcrossRegions, false};
}

}  // namespace

// A write hit on a line held Shared or Exclusive, in L1 `way1` and L2 `way2` (kAbsent where not held).
// From E the upgrade is silent (no other copy exists); from S every other copy is invalidated first.
void Simulator::obtain_write_permission(const LineAccess& access, Processor& self, HotCounters& counters,
                                        std::uint32_t way1, std::uint32_t way2) {
  const Cache& level = way1 != Cache::kAbsent ? self.l1 : self.l2;
  const std::uint32_t way = way1 != Cache::kAbsent ? way1 : way2;
  const LineState state = level.info(way).state;
  if (state == LineState::Modified) return;
  const std::uint32_t entry = level.links(way).directory_entry;
  if (state == LineState::Shared) invalidate_other_holders(access, counters, entry);
  LineRecord& record = directory_.record(entry);
  record.owner = access.proc;
  record.dirty = true;
  mark_written(access.line);
  if (way1 != Cache::kAbsent) self.l1.info(way1).state = LineState::Modified;
  if (way2 != Cache::kAbsent) self.l2.info(way2).state = LineState::Modified;
}

// Only the actual holders are visited (sharer_set.h), so a write's cost does not grow with the number of
// processors.
void Simulator::invalidate_other_holders(const LineAccess& access, HotCounters& counters, std::uint32_t entry) {
  directory_.holders(entry).for_each([&](ProcId holder) {
    if (holder != access.proc) invalidate_copy(access, counters, entry, holder);
  });
}

// One invalidation per victim processor, however many private levels held the line. The victim's
// reference and region come from its L1 copy when there is one (the most recent touch), else from L2;
// the bytes it touched are the union of both copies (everything touched since the line came in).
void Simulator::invalidate_copy(const LineAccess& access, HotCounters& counters, std::uint32_t entry, ProcId victim) {
  Processor& holder = *processors_[victim];
  std::uint32_t way1;
  std::uint32_t way2;
  find_copies(holder, access.line, &way1, &way2);
  const LineInfo info = way1 != Cache::kAbsent ? holder.l1.info(way1) : holder.l2.info(way2);
  std::uint64_t touched[kMaxMaskWords];
  union_of_copies(holder, way1, way2, CopyMask::Touched, touched);

  const bool true_sharing = mask_overlaps(touched, access.bytes);
  const bool in_region = info.last_region == access.region;
  const InvalidationClass how = classify_invalidation(true_sharing, in_region, access.in_critical);
  std::uint64_t* received = cold_counts(holder.counters.find_or_add(info.last_ref, arena_));
  std::uint64_t* caused = cold_counts(counters);
  count_in_region(received, kInvalidationsReceivedTrueInRegion + how.kind);
  count_in_region(caused, kInvalidationsCausedTrueInRegion + how.kind);
  if (how.critical) {
    count_in_region(received, kInvalidationsReceivedTrueInRegionCritical);
    count_in_region(caused, kInvalidationsCausedTrueInRegionCritical);
  }
  edges_.add_invalidation(info.last_ref, victim, access.ref, access.proc, how);
  if (observer_.invalidation != nullptr) {
    std::uint64_t written[kMaxMaskWords];
    union_of_copies(holder, way1, way2, CopyMask::Written, written);
    notify_invalidation(access, victim, info, touched, written, true_sharing, in_region, how.critical);
  }

  if (info.state == LineState::Modified) end_modified_tenure(holder, entry, way1, way2);
  if (way1 != Cache::kAbsent) holder.l1.remove(way1);
  if (way2 != Cache::kAbsent) holder.l2.remove(way2);
  // A fully-associative cache would have lost the line to the same write.
  if (shadow_log_ != nullptr) {
    shadow_log_->add(ShadowOpKind::Remove, victim, Level::L1, access.line);
  } else if (config_.miss_classes) {
    holder.l1_shadow.remove(access.line);
    holder.l2_shadow.remove(access.line);
  }
  directory_.remove_holder(entry, victim);
  // After the fold: the victim's own writes are older than its loss and never count against it.
  holder.lost_lines.find_or_add(access.line) = directory_.add_loss(entry);
}

// A read miss on a line another processor holds exclusively (E or M): that copy becomes Shared. Counted
// on the read (caused) and on the reference that last touched the downgraded copy (received).
void Simulator::downgrade_owner(const LineAccess& access, HotCounters& counters, std::uint32_t entry) {
  const ProcId owner = directory_.record(entry).owner;
  Processor& holder = *processors_[owner];
  std::uint32_t way1;
  std::uint32_t way2;
  find_copies(holder, directory_.record(entry).line, &way1, &way2);
  const RefId owner_ref = way1 != Cache::kAbsent ? holder.l1.info(way1).last_ref : holder.l2.info(way2).last_ref;
  count_in_region(counters, kDowngradesCaused);
  count_in_region(holder.counters.find_or_add(owner_ref, arena_), kDowngradesReceived);
  if (observer_.downgrade != nullptr) notify_downgrade(access, owner, owner_ref);
  if (directory_.record(entry).dirty) end_modified_tenure(holder, entry, way1, way2);
  if (way1 != Cache::kAbsent) holder.l1.info(way1).state = LineState::Shared;
  if (way2 != Cache::kAbsent) holder.l2.info(way2).state = LineState::Shared;
  LineRecord& record = directory_.record(entry);
  record.owner = kNoProcessor;
  record.dirty = false;
}

// A Modified copy stops being Modified: its written bytes are stamped for the processors that lost the
// line, and the copy starts a clean slate. The eviction of private data, the common case, has nothing
// to stamp: nobody lost the line.
void Simulator::end_modified_tenure(Processor& holder, std::uint32_t entry, std::uint32_t way1, std::uint32_t way2) {
  if (directory_.record(entry).lost_count != 0) {
    std::uint64_t written[kMaxMaskWords];
    union_of_copies(holder, way1, way2, CopyMask::Written, written);
    directory_.fold_writes(entry, written, mask_words_);
  }
  if (way1 != Cache::kAbsent) mask_clear(holder.l1.written(way1), mask_words_);
  if (way2 != Cache::kAbsent) mask_clear(holder.l2.written(way2), mask_words_);
}

void Simulator::union_of_copies(const Processor& holder, std::uint32_t way1, std::uint32_t way2, CopyMask which,
                                std::uint64_t* mask) const {
  mask_clear(mask, mask_words_);
  if (way1 != Cache::kAbsent) {
    mask_or(mask, which == CopyMask::Touched ? holder.l1.touched(way1) : holder.l1.written(way1), mask_words_);
  }
  if (way2 != Cache::kAbsent) {
    mask_or(mask, which == CopyMask::Touched ? holder.l2.touched(way2) : holder.l2.written(way2), mask_words_);
  }
}

// Counted once per re-miss, whatever the levels; the loss record is consumed (the line is being re-fetched).
void Simulator::classify_coherence_miss(const LineAccess& access, Processor& self, HotCounters& counters,
                                        std::uint32_t entry) {
  const std::uint64_t lost_at = *self.lost_lines.find(access.line);
  const bool true_sharing = directory_.written_since(entry, access.bytes, lost_at);
  count_in_region(counters, true_sharing ? kCoherenceMissTrue : kCoherenceMissFalse);
  if (observer_.coherence_miss != nullptr) notify_coherence_miss(access, true_sharing);
  self.lost_lines.erase(access.line);
  directory_.remove_loss(entry);
}

}  // namespace ccsim
