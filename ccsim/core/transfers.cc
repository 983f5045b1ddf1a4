// transfers.cc: where a miss is served when another processor holds the line. The copies are tried in
// the order docs/model.md gives ("Where a miss is served"): the processor's own L2, then another
// processor's copy, then the shared LLC, then memory. Another processor's copy is the owner's when one
// holds the line Modified or Exclusive (only it may have the latest data), else that of the
// lowest-numbered of the processors holding it Shared, a fixed choice so that runs repeat. The other
// sources are counted where they are known (private_hierarchy.cc); this file counts the transfers, which
// are only ever misses: an L1 hit never gets here.
#include "ccsim/core/simulator_impl.h"

namespace ccsim {

// Called before the coherence action (the downgrade or the invalidations) changes the supplying copy,
// whose state and last toucher it reads. That action finds the supplier's copies again: one set scan
// more per transfer, which keeps the transfer apart from the coherence code and costs nothing elsewhere.
void Simulator::count_transfer(const LineAccess& access, std::uint64_t* counts, std::uint32_t entry) {
  const LineRecord& record = directory_.record(entry);
  ProcId supplier = record.owner;
  LineState from = record.dirty ? LineState::Modified : LineState::Exclusive;
  if (supplier == kNoProcessor) {
    supplier = directory_.holders(entry).lowest();
    from = LineState::Shared;
  }
  const Processor& holder = *processors_[supplier];
  std::uint32_t way1;
  std::uint32_t way2;
  find_copies(holder, access.line, &way1, &way2);
  const RefId source_ref = way1 != Cache::kAbsent ? holder.l1.info(way1).last_ref : holder.l2.info(way2).last_ref;
  static constexpr std::uint32_t kSourceEvents[] = {0, kServedByTransferFromShared, kServedByTransferFromExclusive,
                                                    kServedByTransferFromModified};  // by LineState
  const std::uint32_t source = kSourceEvents[static_cast<int>(from)];
  count_in_region(counts, source);
  edges_.add_transfer(source_ref, supplier, access.ref, access.proc, from);
  if (observer_.served != nullptr) notify_served(access, source, supplier, source_ref);
}

}  // namespace ccsim
