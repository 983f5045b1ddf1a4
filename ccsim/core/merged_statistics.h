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
  // Adds `amount` to `event` of (proc, ref) and of `region`: an event kept per region (the shadow stage's
  // capacity and conflict misses).
  void add_count(ProcId proc, RefId ref, RegionId region, std::uint32_t event, std::uint64_t amount);
  // Everything back to zero (zero_statistics() at the same point of the stream).
  void zero();

  void for_each_reference(ReferenceVisitor visit, void* context) const;
  void for_each_evictor_edge(EvictorVisitor visit, void* context) const;
  void for_each_invalidator_edge(InvalidatorVisitor visit, void* context) const;
  void for_each_transfer_edge(TransferVisitor visit, void* context) const;
  void for_each_region(RegionVisitor visit, void* context) const;
  void processor_totals(ProcId proc, std::uint64_t* counts) const;
  void machine_totals(std::uint64_t* counts) const;

 private:
  // An evictor edge's identity (EvictorEdge without its count).
  struct EvictorKey {
    RefId victim_ref;
    ProcId victim_proc;
    RefId evictor_ref;
    ProcId evictor_proc;
    Level level;
  };
  struct EvictorKeyTraits {
    static std::uint64_t hash(const EvictorKey& key);
    static bool equal(const EvictorKey& a, const EvictorKey& b);
  };
  // An invalidator edge's identity, and its five counts in InvalidatorEdge's order.
  struct InvalidatorKey {
    RefId victim_ref;
    ProcId victim_proc;
    RefId invalidator_ref;
    ProcId invalidator_proc;
  };
  struct InvalidatorKeyTraits {
    static std::uint64_t hash(const InvalidatorKey& key);
    static bool equal(const InvalidatorKey& a, const InvalidatorKey& b);
  };
  struct InvalidatorCounts {
    std::uint64_t count[5];
  };
  // A transfer edge's identity, and its three counts in TransferEdge's order.
  struct TransferKey {
    RefId source_ref;
    ProcId source_proc;
    RefId reader_ref;
    ProcId reader_proc;
  };
  struct TransferKeyTraits {
    static std::uint64_t hash(const TransferKey& key);
    static bool equal(const TransferKey& a, const TransferKey& b);
  };
  struct TransferCounts {
    std::uint64_t count[3];
  };

  // A (processor, reference) pair in 64 bits: processor high, so the pairs of one processor are found by
  // a walk of the table (processor_totals), which is off every path that matters.
  static std::uint64_t pair_key(ProcId proc, RefId ref) { return (std::uint64_t(proc) << 32) | ref; }
  std::uint64_t* reference_counts(ProcId proc, RefId ref);
  std::uint64_t* region_counts(RegionId region);
  void add_evictor(const EvictorEdge& edge);
  void add_invalidator(const InvalidatorEdge& edge);
  void add_transfer(const TransferEdge& edge);

  Arena arena_;                                   // the kNumEvents counts of each pair and region
  HashMap<std::uint64_t, std::uint64_t*> references_;  // pair_key -> its counts
  HashMap<RegionId, std::uint64_t*> regions_;          // region -> its counts
  HashMap<EvictorKey, std::uint64_t, EvictorKeyTraits> evictors_;
  HashMap<InvalidatorKey, InvalidatorCounts, InvalidatorKeyTraits> invalidators_;
  HashMap<TransferKey, TransferCounts, TransferKeyTraits> transfers_;
};

}  // namespace ccsim

#endif
