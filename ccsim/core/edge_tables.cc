// edge_tables.cc: see edge_tables.h.
#include "ccsim/core/edge_tables.h"

namespace ccsim {
namespace {

// Mixes two 64-bit values into one hash input (the map scrambles the result further).
std::uint64_t mix(std::uint64_t a, std::uint64_t b) { return a * 0xff51afd7ed558ccdull ^ (b + (b >> 29)); }

}  // namespace

EdgeTables::EdgeTables() : evictors_("ccsim.edges"), invalidators_("ccsim.edges"), transfers_("ccsim.edges") {}

std::uint64_t EdgeTables::EvictorKeyTraits::hash(const EvictorKey& key) {
  return mix(pair_bits(key.victim_ref, key.victim_proc),
             pair_bits(key.evictor_ref, key.evictor_proc) + static_cast<std::uint64_t>(key.level));
}

bool EdgeTables::EvictorKeyTraits::equal(const EvictorKey& a, const EvictorKey& b) {
  return a.victim_ref == b.victim_ref && a.victim_proc == b.victim_proc && a.evictor_ref == b.evictor_ref &&
         a.evictor_proc == b.evictor_proc && a.level == b.level;
}

std::uint64_t EdgeTables::InvalidatorKeyTraits::hash(const InvalidatorKey& key) {
  return mix(pair_bits(key.victim_ref, key.victim_proc), pair_bits(key.invalidator_ref, key.invalidator_proc));
}

bool EdgeTables::InvalidatorKeyTraits::equal(const InvalidatorKey& a, const InvalidatorKey& b) {
  return a.victim_ref == b.victim_ref && a.victim_proc == b.victim_proc && a.invalidator_ref == b.invalidator_ref &&
         a.invalidator_proc == b.invalidator_proc;
}

std::uint64_t EdgeTables::PairKeyTraits::hash(const PairKey& key) {
  return mix(pair_bits(key.from_ref, key.from_proc), pair_bits(key.to_ref, key.to_proc));
}

bool EdgeTables::PairKeyTraits::equal(const PairKey& a, const PairKey& b) {
  return a.from_ref == b.from_ref && a.from_proc == b.from_proc && a.to_ref == b.to_ref && a.to_proc == b.to_proc;
}

void EdgeTables::remember_evictor(const EvictorKey& key, RecentEvictor* recent) {
  bool added = false;
  std::uint64_t& count = evictors_.find_or_add(key, &added);
  if (added) forget_recent_evictors();
  *recent =
      RecentEvictor{pair_bits(key.victim_ref, key.victim_proc), pair_bits(key.evictor_ref, key.evictor_proc), &count};
}

void EdgeTables::forget_recent_evictors() {
  for (auto& level : recent_evictors_) {
    for (RecentEvictor& recent : level) recent.count = nullptr;
  }
}

void EdgeTables::add_invalidation(RefId victim_ref, ProcId victim_proc, RefId invalidator_ref, ProcId invalidator_proc,
                                  InvalidationClass how) {
  InvalidationSplit& split =
      invalidators_.find_or_add(InvalidatorKey{victim_ref, victim_proc, invalidator_ref, invalidator_proc});
  ++split.count[how.kind];
  if (how.critical) ++split.count[kTrueInRegionCritical];
}

void EdgeTables::add_transfer(RefId source_ref, ProcId source_proc, RefId reader_ref, ProcId reader_proc,
                              LineState from) {
  TransferSplit& split = transfers_.find_or_add(PairKey{source_ref, source_proc, reader_ref, reader_proc});
  ++(from == LineState::Modified ? split.from_modified
                                 : from == LineState::Exclusive ? split.from_exclusive : split.from_shared);
}

void EdgeTables::add_edge(const EvictorEdge& edge) {
  bool added = false;
  std::uint64_t& count = evictors_.find_or_add(
      EvictorKey{edge.victim_ref, edge.victim_proc, edge.evictor_ref, edge.evictor_proc, edge.level}, &added);
  if (added) forget_recent_evictors();  // the table may have grown: remembered counts may have moved
  count += edge.count;
}

void EdgeTables::add_edge(const InvalidatorEdge& edge) {
  InvalidationSplit& split = invalidators_.find_or_add(
      InvalidatorKey{edge.victim_ref, edge.victim_proc, edge.invalidator_ref, edge.invalidator_proc});
  split.count[kTrueInRegion] += edge.true_in_region;
  split.count[kTrueInRegionCritical] += edge.true_in_region_critical;
  split.count[kFalseInRegion] += edge.false_in_region;
  split.count[kTrueAcrossRegions] += edge.true_across_regions;
  split.count[kFalseAcrossRegions] += edge.false_across_regions;
}

void EdgeTables::add_edge(const TransferEdge& edge) {
  TransferSplit& split = transfers_.find_or_add(PairKey{edge.source_ref, edge.source_proc, edge.reader_ref, edge.reader_proc});
  split.from_modified += edge.from_modified;
  split.from_exclusive += edge.from_exclusive;
  split.from_shared += edge.from_shared;
}

void EdgeTables::clear() {
  forget_recent_evictors();
  evictors_.clear();
  invalidators_.clear();
  transfers_.clear();
}

}  // namespace ccsim
