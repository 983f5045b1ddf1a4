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

MergedStatistics::MergedStatistics()
    : arena_("ccsim.merged"),
      references_("ccsim.merged"),
      regions_("ccsim.merged") {}

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
      sim, [](void* context, const EvictorEdge& edge) { static_cast<MergedStatistics*>(context)->edges_.add_edge(edge); },
      this);
  ccsim::for_each_invalidator_edge(
      sim,
      [](void* context, const InvalidatorEdge& edge) { static_cast<MergedStatistics*>(context)->edges_.add_edge(edge); },
      this);
  ccsim::for_each_transfer_edge(
      sim, [](void* context, const TransferEdge& edge) { static_cast<MergedStatistics*>(context)->edges_.add_edge(edge); },
      this);
}

void MergedStatistics::add(const MergedStatistics& other) {
  other.references_.for_each([&](std::uint64_t key, std::uint64_t* counts) {
    add_counts(reference_counts(static_cast<ProcId>(key >> 32), static_cast<RefId>(key)), counts);
  });
  other.regions_.for_each([&](RegionId region, std::uint64_t* counts) { add_counts(region_counts(region), counts); });
  other.for_each_evictor_edge(
      [](void* context, const EvictorEdge& edge) { static_cast<MergedStatistics*>(context)->edges_.add_edge(edge); }, this);
  other.for_each_invalidator_edge(
      [](void* context, const InvalidatorEdge& edge) { static_cast<MergedStatistics*>(context)->edges_.add_edge(edge); },
      this);
  other.for_each_transfer_edge(
      [](void* context, const TransferEdge& edge) { static_cast<MergedStatistics*>(context)->edges_.add_edge(edge); }, this);
}

void MergedStatistics::add_reference(ProcId proc, RefId ref, const std::uint64_t* counts) {
  add_counts(reference_counts(proc, ref), counts);
}

void MergedStatistics::add_region(RegionId region, const std::uint64_t* counts) {
  add_counts(region_counts(region), counts);
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
  edges_.clear();
}

void MergedStatistics::for_each_reference(ReferenceVisitor visit, void* context) const {
  references_.for_each([&](std::uint64_t key, std::uint64_t* counts) {
    if (!all_zero(counts)) visit(context, static_cast<ProcId>(key >> 32), static_cast<RefId>(key), counts);
  });
}

void MergedStatistics::reference_counts(ProcId proc, RefId ref, std::uint64_t* counts) const {
  std::uint64_t* const* found = references_.find(pair_key(proc, ref));
  for (std::uint32_t event = 0; event < kNumEvents; ++event) counts[event] = found != nullptr ? (*found)[event] : 0;
}

void MergedStatistics::for_each_evictor_edge(EvictorVisitor visit, void* context) const {
  edges_.for_each_evictor([&](const EvictorEdge& edge) { visit(context, edge); });
}

void MergedStatistics::for_each_invalidator_edge(InvalidatorVisitor visit, void* context) const {
  edges_.for_each_invalidator([&](const InvalidatorEdge& edge) { visit(context, edge); });
}

void MergedStatistics::for_each_transfer_edge(TransferVisitor visit, void* context) const {
  edges_.for_each_transfer([&](const TransferEdge& edge) { visit(context, edge); });
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
