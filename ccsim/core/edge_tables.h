// edge_tables.h: the evictor, invalidator and transfer graphs. An evictor or invalidator edge joins the
// reference that last touched a lost line (the victim) to the reference whose access pushed it out
// (evictor) or whose store removed it (invalidator); a transfer edge joins the reference that last touched
// a copy another processor's miss was served from to the reference that missed. Each with its processor.
// Updated only on evictions, invalidations and transfers, so a hash map per graph is cheap enough.
#ifndef CCSIM_CORE_EDGE_TABLES_H
#define CCSIM_CORE_EDGE_TABLES_H

#include <cstdint>

#include "ccsim/core/events.h"
#include "ccsim/core/hash_map.h"
#include "ccsim/core/simulator.h"
#include "ccsim/core/types.h"

namespace ccsim {

// The five-way split of invalidations, in the order of the events and of InvalidatorEdge's fields.
// Critical is a subset of true in-region: a critical invalidation counts under both.
enum SharingKind : std::uint32_t {
  kTrueInRegion = 0,
  kTrueInRegionCritical,
  kFalseInRegion,
  kTrueAcrossRegions,
  kFalseAcrossRegions,
  kNumSharingKinds
};
static_assert(kInvalidationsReceivedFalseAcrossRegions - kInvalidationsReceivedTrueInRegion == kFalseAcrossRegions &&
                  kInvalidationsCausedFalseAcrossRegions - kInvalidationsCausedTrueInRegion == kFalseAcrossRegions,
              "SharingKind follows the order of the invalidation events");

// How one invalidation is counted: its kind (never kTrueInRegionCritical) and whether it is also critical.
struct InvalidationClass {
  SharingKind kind;
  bool critical;
};

class EdgeTables {
 public:
  EdgeTables();

  // Inline: two or three evictions per miss, mostly of an edge counted recently.
  void add_eviction(RefId victim_ref, ProcId victim_proc, RefId evictor_ref, ProcId evictor_proc, Level level) {
    const std::uint64_t victim = pair_bits(victim_ref, victim_proc);
    const std::uint64_t evictor = pair_bits(evictor_ref, evictor_proc);
    RecentEvictor& recent = recent_evictors_[static_cast<std::uint32_t>(level)][recent_slot(victim, evictor)];
    if (recent.count == nullptr || recent.victim != victim || recent.evictor != evictor) {
      remember_evictor(EvictorKey{victim_ref, victim_proc, evictor_ref, evictor_proc, level}, &recent);
    }
    ++*recent.count;
  }
  void add_invalidation(RefId victim_ref, ProcId victim_proc, RefId invalidator_ref, ProcId invalidator_proc,
                        InvalidationClass how);
  // `from` is the supplying copy's state: Modified, Exclusive or Shared.
  void add_transfer(RefId source_ref, ProcId source_proc, RefId reader_ref, ProcId reader_proc, LineState from);
  // Whole edges with their counts, added to those of the same identity: the merge of several simulators'
  // tables (merged_statistics.h: line shards).
  void add_edge(const EvictorEdge& edge);
  void add_edge(const InvalidatorEdge& edge);
  void add_edge(const TransferEdge& edge);

  template <class Visit>
  void for_each_evictor(Visit visit) const {
    evictors_.for_each([&](const EvictorKey& key, std::uint64_t count) {
      visit(EvictorEdge{key.victim_ref, key.victim_proc, key.evictor_ref, key.evictor_proc, key.level, count});
    });
  }
  template <class Visit>
  void for_each_invalidator(Visit visit) const {
    invalidators_.for_each([&](const InvalidatorKey& key, const InvalidationSplit& split) {
      visit(InvalidatorEdge{key.victim_ref, key.victim_proc, key.invalidator_ref, key.invalidator_proc,
                            split.count[kTrueInRegion], split.count[kTrueInRegionCritical], split.count[kFalseInRegion],
                            split.count[kTrueAcrossRegions], split.count[kFalseAcrossRegions]});
    });
  }

  template <class Visit>
  void for_each_transfer(Visit visit) const {
    transfers_.for_each([&](const PairKey& key, const TransferSplit& split) {
      visit(TransferEdge{key.from_ref, key.from_proc, key.to_ref, key.to_proc, split.from_modified,
                         split.from_exclusive, split.from_shared});
    });
  }

  void clear();

 private:
  // A (reference, processor) pair packed into 64 bits.
  static std::uint64_t pair_bits(RefId ref, ProcId proc) { return (std::uint64_t(ref) << 32) | proc; }

  // An evictor edge's identity; its value is the count.
  struct EvictorKey {
    RefId victim_ref;
    ProcId victim_proc;
    RefId evictor_ref;
    ProcId evictor_proc;
    Level level;
  };
  // Hashing and equality field by field (the keys have padding, so no memcmp).
  struct EvictorKeyTraits {
    static std::uint64_t hash(const EvictorKey& key);
    static bool equal(const EvictorKey& a, const EvictorKey& b);
  };
  // An invalidator edge's identity; its value is the five-way split.
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
  struct InvalidationSplit {
    std::uint64_t count[kNumSharingKinds];  // indexed by SharingKind
  };
  // A transfer edge's identity, source first; its value is the split by the supplying copy's state.
  struct PairKey {
    RefId from_ref;
    ProcId from_proc;
    RefId to_ref;
    ProcId to_proc;
  };
  struct PairKeyTraits {
    static std::uint64_t hash(const PairKey& key);
    static bool equal(const PairKey& a, const PairKey& b);
  };
  struct TransferSplit {
    std::uint64_t from_modified;
    std::uint64_t from_exclusive;
    std::uint64_t from_shared;
  };

  // An evictor edge counted recently: its victim and evictor pairs (pair_bits) and its count, or a null
  // count for none.
  struct RecentEvictor {
    std::uint64_t victim;
    std::uint64_t evictor;
    std::uint64_t* count;
  };
  static constexpr std::uint32_t kRecentBits = 4;  // 16 edges remembered per level

  // Where the edge of a victim and an evictor pair is remembered (a multiplicative hash of both).
  static std::uint32_t recent_slot(std::uint64_t victim, std::uint64_t evictor) {
    return static_cast<std::uint32_t>(((victim * 0x9E3779B97F4A7C15ull) ^ (evictor * 0xff51afd7ed558ccdull)) >>
                                      (64 - kRecentBits));
  }

  // Finds (or creates, at 0) the count of `key` and remembers it in `*recent`.
  void remember_evictor(const EvictorKey& key, RecentEvictor* recent);
  void forget_recent_evictors();

  HashMap<EvictorKey, std::uint64_t, EvictorKeyTraits> evictors_;
  HashMap<InvalidatorKey, InvalidationSplit, InvalidatorKeyTraits> invalidators_;
  HashMap<PairKey, TransferSplit, PairKeyTraits> transfers_;
  // Per level, edges counted recently, by recent_slot(): a loop's few references evict each other's lines
  // over and over, on each thread, so the same few edges are counted again and again, and two compares are
  // cheaper than a hash probe. A count's address changes only when evictors_ gains an edge, which happens
  // only in remember_evictor, and that forgets every remembered edge.
  RecentEvictor recent_evictors_[kNumLevels][1u << kRecentBits] = {};
};

}  // namespace ccsim

#endif
