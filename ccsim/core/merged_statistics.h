// merged_statistics.h: the statistics of several line shards (line_shard.h) added up into one profile's.
//
// Every statistic of a simulator is a sum over line accesses, each counted by the shard owning its line:
// the counts of a (processor, reference) pair and of a region are sums of the shards' counts, an edge's
// counts are the sums of that edge's counts in each shard (the union of the edge tables), and the totals
// per processor and machine follow. The core makes no "top N" choice: the tool's (the hottest lines, the
// per-thread summary's rows, the findings) are made from these sums when the profile is written, so they
// are made after merging. With miss classes the shadow stage's counts are added too (shadow_stage.h).
//
// The visitors have simulator.h's contracts: only pairs and regions with a non-zero count, in no order.
#ifndef CCSIM_CORE_MERGED_STATISTICS_H
#define CCSIM_CORE_MERGED_STATISTICS_H

#include <cstdint>

#include "ccsim/core/arena.h"
#include "ccsim/core/edge_tables.h"
#include "ccsim/core/events.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/core/simulator.h"
#include "ccsim/core/types.h"

namespace ccsim {

class MergedStatistics {
 public:
  MergedStatistics();
  MergedStatistics(const MergedStatistics&) = delete;
  MergedStatistics& operator=(const MergedStatistics&) = delete;

  // Adds every count, edge and region total of `sim` (a shard, or a whole machine).
  void add(const Simulator* sim);
  // Adds another sum (the shadow stage's).
  void add(const MergedStatistics& other);
  // Adds one pair's, one region's counts (kNumEvents entries) or one edge, as another process's
  // simulator reported them (statistics_transfer.h).
  void add_reference(ProcId proc, RefId ref, const std::uint64_t* counts);
  void add_region(RegionId region, const std::uint64_t* counts);
  void add_edge(const EvictorEdge& edge) { edges_.add_edge(edge); }
  void add_edge(const InvalidatorEdge& edge) { edges_.add_edge(edge); }
  void add_edge(const TransferEdge& edge) { edges_.add_edge(edge); }
  // Adds `amount` to `event` of (proc, ref) and of `region`: an event kept per region (the shadow stage's
  // capacity and conflict misses).
  void add_count(ProcId proc, RefId ref, RegionId region, std::uint32_t event, std::uint64_t amount);
  // Everything back to zero (zero_statistics() at the same point of the stream).
  void zero();

  void for_each_reference(ReferenceVisitor visit, void* context) const;
  // The counts of one pair, as for_each_reference() reports them; all zero for a pair it would not visit.
  void reference_counts(ProcId proc, RefId ref, std::uint64_t* counts) const;
  void for_each_evictor_edge(EvictorVisitor visit, void* context) const;
  void for_each_invalidator_edge(InvalidatorVisitor visit, void* context) const;
  void for_each_transfer_edge(TransferVisitor visit, void* context) const;
  void for_each_region(RegionVisitor visit, void* context) const;
  void processor_totals(ProcId proc, std::uint64_t* counts) const;
  void machine_totals(std::uint64_t* counts) const;

 private:
  // A (processor, reference) pair in 64 bits: processor high, so the pairs of one processor are found by
  // a walk of the table (processor_totals), which is off every path that matters.
  static std::uint64_t pair_key(ProcId proc, RefId ref) { return (std::uint64_t(proc) << 32) | ref; }
  std::uint64_t* reference_counts(ProcId proc, RefId ref);
  std::uint64_t* region_counts(RegionId region);

  Arena arena_;                                   // the kNumEvents counts of each pair and region
  HashMap<std::uint64_t, std::uint64_t*> references_;  // pair_key -> its counts
  HashMap<RegionId, std::uint64_t*> regions_;          // region -> its counts
  EdgeTables edges_;  // the merged evictor, invalidator and transfer edges, as one simulator keeps them
};

}  // namespace ccsim

#endif
