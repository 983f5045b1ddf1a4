// run_statistics.h: where the profile and the exit summary read the run's counts: the simulator of the
// run, or, with several simulation workers, the sum of their line shards' (merged_statistics.h; the
// workers: docs/parallel-simulation.md, section 9). The writer asks through this, once per record, at
// the end of the run only, so a branch per call costs nothing that matters.
#ifndef CCSIM_TOOL_OUTPUT_RUN_STATISTICS_H
#define CCSIM_TOOL_OUTPUT_RUN_STATISTICS_H

#include "ccsim/core/merged_statistics.h"
#include "ccsim/core/simulator.h"

namespace ccsim {

class RunStatistics {
 public:
  explicit RunStatistics(const Simulator* simulator) : simulator_(simulator) {}
  explicit RunStatistics(const MergedStatistics* merged) : merged_(merged) {}

  // simulator.h's visitors and totals, with their contracts.
  void for_each_reference(ReferenceVisitor visit, void* context) const {
    if (merged_ != nullptr) return merged_->for_each_reference(visit, context);
    ccsim::for_each_reference(simulator_, visit, context);
  }
  void reference_counts(ProcId proc, RefId ref, std::uint64_t* counts) const {
    if (merged_ != nullptr) return merged_->reference_counts(proc, ref, counts);
    ccsim::reference_counts(simulator_, proc, ref, counts);
  }
  void for_each_evictor_edge(EvictorVisitor visit, void* context) const {
    if (merged_ != nullptr) return merged_->for_each_evictor_edge(visit, context);
    ccsim::for_each_evictor_edge(simulator_, visit, context);
  }
  void for_each_invalidator_edge(InvalidatorVisitor visit, void* context) const {
    if (merged_ != nullptr) return merged_->for_each_invalidator_edge(visit, context);
    ccsim::for_each_invalidator_edge(simulator_, visit, context);
  }
  void for_each_transfer_edge(TransferVisitor visit, void* context) const {
    if (merged_ != nullptr) return merged_->for_each_transfer_edge(visit, context);
    ccsim::for_each_transfer_edge(simulator_, visit, context);
  }
  void for_each_region(RegionVisitor visit, void* context) const {
    if (merged_ != nullptr) return merged_->for_each_region(visit, context);
    ccsim::for_each_region(simulator_, visit, context);
  }
  void processor_totals(ProcId proc, std::uint64_t* counts) const {
    if (merged_ != nullptr) return merged_->processor_totals(proc, counts);
    ccsim::processor_totals(simulator_, proc, counts);
  }
  void machine_totals(std::uint64_t* counts) const {
    if (merged_ != nullptr) return merged_->machine_totals(counts);
    ccsim::machine_totals(simulator_, counts);
  }

 private:
  const Simulator* simulator_ = nullptr;       // the run's simulator, or
  const MergedStatistics* merged_ = nullptr;   // the workers' shards added up
};

}  // namespace ccsim

#endif
