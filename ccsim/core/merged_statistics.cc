// merged_statistics.cc: see merged_statistics.h.
#include "ccsim/core/merged_statistics.h"

namespace ccsim {
namespace {

bool all_zero(const std::uint64_t* counts) {
  for (std::uint32_t event = 0; event < kNumEvents; ++event) {
    if (counts[event] != 0) return false;
  }
  return true;
}

void add_counts(std::uint64_t* into, const std::uint64_t* counts) {
  for (std::uint32_t event = 0; event < kNumEvents; ++event) into[event] += counts[event];
}

}  // namespace

std::uint64_t MergedStatistics::EvictorKeyTraits::hash(const EvictorKey& key) {
  return (std::uint64_t(key.victim_ref) << 32 | key.victim_proc) * 31 +
         ((std::uint64_t(key.evictor_ref) << 32 | key.evictor_proc) ^ static_cast<std::uint64_t>(key.level) << 61);
}

bool MergedStatistics::EvictorKeyTraits::equal(const EvictorKey& a, const EvictorKey& b) {
  return a.victim_ref == b.victim_ref && a.victim_proc == b.victim_proc && a.evictor_ref == b.evictor_ref &&
         a.evictor_proc == b.evictor_proc && a.level == b.level;
}

std::uint64_t MergedStatistics::InvalidatorKeyTraits::hash(const InvalidatorKey& key) {
  return (std::uint64_t(key.victim_ref) << 32 | key.victim_proc) * 31 +
         (std::uint64_t(key.invalidator_ref) << 32 | key.invalidator_proc);
}

bool MergedStatistics::InvalidatorKeyTraits::equal(const InvalidatorKey& a, const InvalidatorKey& b) {
  return a.victim_ref == b.victim_ref && a.victim_proc == b.victim_proc && a.invalidator_ref == b.invalidator_ref &&
         a.invalidator_proc == b.invalidator_proc;
}

std::uint64_t MergedStatistics::TransferKeyTraits::hash(const TransferKey& key) {
  return (std::uint64_t(key.source_ref) << 32 | key.source_proc) * 31 +
         (std::uint64_t(key.reader_ref) << 32 | key.reader_proc);
}

bool MergedStatistics::TransferKeyTraits::equal(const TransferKey& a, const TransferKey& b) {
  return a.source_ref == b.source_ref && a.source_proc == b.source_proc && a.reader_ref == b.reader_ref &&
         a.reader_proc == b.reader_proc;
}

MergedStatistics::MergedStatistics()
    : arena_("ccsim.merged"),
      references_("ccsim.merged"),
      regions_("ccsim.merged"),
      evictors_("ccsim.merged"),
      invalidators_("ccsim.merged"),
      transfers_("ccsim.merged") {}

std::uint64_t* MergedStatistics::reference_counts(ProcId proc, RefId ref) {
  std::uint64_t*& counts = references_.find_or_add(pair_key(proc, ref));
  if (counts == nullptr) counts = arena_.allocate_array<std::uint64_t>(kNumEvents);
  return counts;
}

std::uint64_t* MergedStatistics::region_counts(RegionId region) {
  std::uint64_t*& counts = regions_.find_or_add(region);
  if (counts == nullptr) counts = arena_.allocate_array<std::uint64_t>(kNumEvents);
  return counts;
}

void MergedStatistics::add_evictor(const EvictorEdge& edge) {
  evictors_.find_or_add(EvictorKey{edge.victim_ref, edge.victim_proc, edge.evictor_ref, edge.evictor_proc, edge.level}) +=
      edge.count;
}

void MergedStatistics::add_invalidator(const InvalidatorEdge& edge) {
  InvalidatorCounts& counts = invalidators_.find_or_add(
      InvalidatorKey{edge.victim_ref, edge.victim_proc, edge.invalidator_ref, edge.invalidator_proc});
  counts.count[0] += edge.true_in_region;
  counts.count[1] += edge.true_in_region_critical;
  counts.count[2] += edge.false_in_region;
  counts.count[3] += edge.true_across_regions;
  counts.count[4] += edge.false_across_regions;
}

void MergedStatistics::add_transfer(const TransferEdge& edge) {
  TransferCounts& counts =
      transfers_.find_or_add(TransferKey{edge.source_ref, edge.source_proc, edge.reader_ref, edge.reader_proc});
  counts.count[0] += edge.from_modified;
  counts.count[1] += edge.from_exclusive;
  counts.count[2] += edge.from_shared;
}

void MergedStatistics::add(const Simulator* sim) {
  ccsim::for_each_reference(
      sim,
      [](void* context, ProcId proc, RefId ref, const std::uint64_t* counts) {
        add_counts(static_cast<MergedStatistics*>(context)->reference_counts(proc, ref), counts);
      },
      this);
  ccsim::for_each_region(
      sim,
      [](void* context, RegionId region, const std::uint64_t* counts) {
        add_counts(static_cast<MergedStatistics*>(context)->region_counts(region), counts);
      },
      this);
  ccsim::for_each_evictor_edge(
      sim, [](void* context, const EvictorEdge& edge) { static_cast<MergedStatistics*>(context)->add_evictor(edge); },
      this);
  ccsim::for_each_invalidator_edge(
      sim,
      [](void* context, const InvalidatorEdge& edge) { static_cast<MergedStatistics*>(context)->add_invalidator(edge); },
      this);
  ccsim::for_each_transfer_edge(
      sim, [](void* context, const TransferEdge& edge) { static_cast<MergedStatistics*>(context)->add_transfer(edge); },
      this);
}

void MergedStatistics::add(const MergedStatistics& other) {
  other.references_.for_each([&](std::uint64_t key, std::uint64_t* counts) {
    add_counts(reference_counts(static_cast<ProcId>(key >> 32), static_cast<RefId>(key)), counts);
  });
  other.regions_.for_each([&](RegionId region, std::uint64_t* counts) { add_counts(region_counts(region), counts); });
  other.for_each_evictor_edge(
      [](void* context, const EvictorEdge& edge) { static_cast<MergedStatistics*>(context)->add_evictor(edge); }, this);
  other.for_each_invalidator_edge(
      [](void* context, const InvalidatorEdge& edge) { static_cast<MergedStatistics*>(context)->add_invalidator(edge); },
      this);
  other.for_each_transfer_edge(
      [](void* context, const TransferEdge& edge) { static_cast<MergedStatistics*>(context)->add_transfer(edge); }, this);
}

void MergedStatistics::add_count(ProcId proc, RefId ref, RegionId region, std::uint32_t event, std::uint64_t amount) {
  reference_counts(proc, ref)[event] += amount;
  region_counts(region)[event] += amount;
}

// The counts keep their entries, at zero (the visitors skip all-zero counts); the edges go, as a
// simulator's do.
void MergedStatistics::zero() {
  const auto zero_counts = [](auto, std::uint64_t* counts) {
    for (std::uint32_t event = 0; event < kNumEvents; ++event) counts[event] = 0;
  };
  references_.for_each(zero_counts);
  regions_.for_each(zero_counts);
  evictors_.clear();
  invalidators_.clear();
  transfers_.clear();
}

void MergedStatistics::for_each_reference(ReferenceVisitor visit, void* context) const {
  references_.for_each([&](std::uint64_t key, std::uint64_t* counts) {
    if (!all_zero(counts)) visit(context, static_cast<ProcId>(key >> 32), static_cast<RefId>(key), counts);
  });
}

void MergedStatistics::for_each_evictor_edge(EvictorVisitor visit, void* context) const {
  evictors_.for_each([&](const EvictorKey& key, std::uint64_t count) {
    visit(context, EvictorEdge{key.victim_ref, key.victim_proc, key.evictor_ref, key.evictor_proc, key.level, count});
  });
}

void MergedStatistics::for_each_invalidator_edge(InvalidatorVisitor visit, void* context) const {
  invalidators_.for_each([&](const InvalidatorKey& key, const InvalidatorCounts& counts) {
    visit(context, InvalidatorEdge{key.victim_ref, key.victim_proc, key.invalidator_ref, key.invalidator_proc,
                                   counts.count[0], counts.count[1], counts.count[2], counts.count[3],
                                   counts.count[4]});
  });
}

void MergedStatistics::for_each_transfer_edge(TransferVisitor visit, void* context) const {
  transfers_.for_each([&](const TransferKey& key, const TransferCounts& counts) {
    visit(context, TransferEdge{key.source_ref, key.source_proc, key.reader_ref, key.reader_proc, counts.count[0],
                                counts.count[1], counts.count[2]});
  });
}

void MergedStatistics::for_each_region(RegionVisitor visit, void* context) const {
  regions_.for_each([&](RegionId region, std::uint64_t* counts) {
    if (!all_zero(counts)) visit(context, region, counts);
  });
}

void MergedStatistics::processor_totals(ProcId proc, std::uint64_t* counts) const {
  for (std::uint32_t event = 0; event < kNumEvents; ++event) counts[event] = 0;
  references_.for_each([&](std::uint64_t key, std::uint64_t* one) {
    if (static_cast<ProcId>(key >> 32) == proc) add_counts(counts, one);
  });
}

void MergedStatistics::machine_totals(std::uint64_t* counts) const {
  for (std::uint32_t event = 0; event < kNumEvents; ++event) counts[event] = 0;
  references_.for_each([&](std::uint64_t, std::uint64_t* one) { add_counts(counts, one); });
}

}  // namespace ccsim
