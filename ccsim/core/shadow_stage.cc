// shadow_stage.cc: see shadow_stage.h.
#include "ccsim/core/shadow_stage.h"

namespace ccsim {
namespace {

std::uint32_t capacity_lines(const CacheGeometry& geometry) {
  return geometry.present ? static_cast<std::uint32_t>(geometry.size_bytes / geometry.line_bytes) : 0;
}

}  // namespace

ShadowStage::ShadowStage(const MachineConfig& config)
    : config_(config),
      processors_(allocate_zeroed_array<ProcessorShadows*>("ccsim.shadow_stage", config.max_processors)) {
  llc_.init(capacity_lines(config.llc));
}

ShadowStage::~ShadowStage() {
  for (ProcId proc = 0; proc < config_.max_processors; ++proc) destroy_object(processors_[proc]);
  release(processors_);
}

ShadowStage::ProcessorShadows& ShadowStage::processor(ProcId proc) {
  if (processors_[proc] == nullptr) {
    processors_[proc] = create_object<ProcessorShadows>("ccsim.shadow_stage");
    processors_[proc]->l1.init(capacity_lines(config_.l1));
    processors_[proc]->l2.init(capacity_lines(config_.l2));
  }
  return *processors_[proc];
}

// A k-way merge: the next op is the smallest key among the logs' next ops. The shards are few, so a scan
// of their heads is enough.
void ShadowStage::run(const ShadowLog* const* logs, std::uint32_t count, const Observer* observer) {
  CCSIM_ASSERT(count <= kMaxLogs);
  std::uint32_t next[kMaxLogs] = {};
  for (;;) {
    std::uint32_t chosen = count;
    for (std::uint32_t shard = 0; shard < count; ++shard) {
      if (next[shard] == logs[shard]->size()) continue;
      // No two logs share a key (shadow_log.h): the order between them would be lost.
      CCSIM_DEBUG_ASSERT(chosen == count || (*logs[shard])[next[shard]].key != (*logs[chosen])[next[chosen]].key);
      if (chosen == count || (*logs[shard])[next[shard]].key < (*logs[chosen])[next[chosen]].key) chosen = shard;
    }
    if (chosen == count) return;
    apply((*logs[chosen])[next[chosen]++], chosen, observer);
  }
}

void ShadowStage::apply(const ShadowOp& op, std::uint32_t log, const Observer* observer) {
  CCSIM_ASSERT(log < kMaxLogs);
  switch (op.kind) {
    case ShadowOpKind::Access:
      if (op.level == Level::LLC) {
        llc_hit_ = llc_.access(op.line);
      } else {
        ProcessorShadows& self = processor(op.proc);
        if (op.level == Level::L1) {
          self.l1_hit = self.l1.access(op.line);
        } else {
          self.l2_hit = self.l2.access(op.line);
        }
      }
      return;
    case ShadowOpKind::Classify: {
      const MissNotice& miss = op.miss;
      const bool hit = miss.level == Level::LLC   ? llc_hit_
                       : miss.level == Level::L1 ? processor(miss.proc).l1_hit
                                                 : processor(miss.proc).l2_hit;
      counts_.add_count(miss.proc, miss.ref, miss.region, level_event(miss.level, hit ? kMissConflict : kMissCapacity),
                        1);
      const std::uint32_t ordinal = classified_[log]++;
      if (observer != nullptr && observer->miss_class != nullptr) {
        MissClassNotice notice{miss, log, ordinal};
        notice.miss.capacity = !hit;
        observer->miss_class(observer->context, notice);
      }
      return;
    }
    case ShadowOpKind::Remove:
      processor(op.proc).l1.remove(op.line);
      processor(op.proc).l2.remove(op.line);
      return;
    case ShadowOpKind::Reset:
      if (processors_[op.proc] != nullptr) {
        processors_[op.proc]->l1.clear();
        processors_[op.proc]->l2.clear();
      }
      return;
    case ShadowOpKind::ZeroCounts:
      counts_.zero();
      return;
  }
}

}  // namespace ccsim
