// shadow_stage.h: the fully-associative shadows of a simulation split into line shards, run as a stage of
// their own over the shards' shadow logs (shadow_log.h), so that capacity and conflict misses are exactly
// one simulator's.
//
// The stage merges the logs by key (the order of the line accesses; the ops of one line access come from
// one shard, so keys never tie across logs) and answers each question with its own ShadowCache per
// processor and level and one for the LLC, as the simulator would have: the same questions in the same
// order. Each replacement miss waiting in a log is then counted as capacity (the shadow missed) or
// conflict (it hit) for its (processor, reference) and region, and the observer is told its class (a
// MissClassNotice naming the log and the miss's place among the log's misses): the shard delivered the
// miss's notice during the access with `class_later` (observer.h), so the notice and its class together
// are every miss notice one simulator delivers, and no other.
//
// Two ways to feed it: run() over whole logs (the host tests), or apply() op by op, in the merged order,
// as the logs grow (the simulation workers: the first runs the stage online, fed through queues of the
// ring, tool/workers/shadow_queues.h). The shadows of different processors never meet, so the stage itself
// could be split by processor.
#ifndef CCSIM_CORE_SHADOW_STAGE_H
#define CCSIM_CORE_SHADOW_STAGE_H

#include <cstdint>

#include "ccsim/core/geometry.h"
#include "ccsim/core/merged_statistics.h"
#include "ccsim/core/observer.h"
#include "ccsim/core/shadow_cache.h"
#include "ccsim/core/shadow_log.h"

namespace ccsim {

class ShadowStage {
 public:
  explicit ShadowStage(const MachineConfig& config);
  ~ShadowStage();
  ShadowStage(const ShadowStage&) = delete;
  ShadowStage& operator=(const ShadowStage&) = delete;

  // Replays the logs of shards 0..count-1 (logs[k] of shard k). `observer` (null: none) is told the class
  // of every classified miss, with its miss_class function, in the order of the line accesses.
  void run(const ShadowLog* const* logs, std::uint32_t count, const Observer* observer);

  // The next op in the order of the line accesses, from log `log` (below kMaxLogs): what run() does with
  // each op it takes. The caller merges.
  void apply(const ShadowOp& op, std::uint32_t log, const Observer* observer);

  static constexpr std::uint32_t kMaxLogs = 256;  // far more than the cores a machine gives one run

  // The capacity and conflict misses, per (processor, reference) and region, since the last zeroing.
  const MergedStatistics& counts() const { return counts_; }

 private:
  // One processor's shadows, and whether each level's last access hit (for the Classify that follows it).
  struct ProcessorShadows {
    ShadowCache l1;
    ShadowCache l2;
    bool l1_hit = false;
    bool l2_hit = false;
  };

  ProcessorShadows& processor(ProcId proc);

  MachineConfig config_;
  ProcessorShadows** processors_;  // max_processors entries, null until the processor's first op
  ShadowCache llc_;
  bool llc_hit_ = false;
  MergedStatistics counts_;
  std::uint32_t classified_[kMaxLogs] = {};  // per log, its Classify ops so far (MissClassNotice::ordinal)
};

}  // namespace ccsim

#endif
