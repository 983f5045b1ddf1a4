// simulator.cc: the public functions of simulator.h, and the simulator's life cycle: creation, processor
// reset, zeroing and reading the statistics.
#include "ccsim/core/simulator.h"

#include "ccsim/core/simulator_impl.h"

namespace ccsim {

Processor::Processor(const MachineConfig& config) : ever_held("ccsim.ever_held"), lost_lines("ccsim.lost_lines") {
  l1.init(config.l1, CacheRole::Private, "ccsim.l1");
  if (config.l2.present) l2.init(config.l2, CacheRole::Private, "ccsim.l2");
  if (config.miss_classes) {
    l1_shadow.init(l1.lines());
    l2_shadow.init(l2.lines());
  }
}

Simulator::Simulator(const MachineConfig& config, LineShard shard)
    : config_(config),
      shard_(shard),
      shadow_log_(config.miss_classes && shard.count > 1 ? create_object<ShadowLog>("ccsim.shadow_log") : nullptr),
      line_shift_(static_cast<std::uint32_t>(__builtin_ctz(config.l1.line_bytes))),
      line_bytes_(config.l1.line_bytes),
      line_offset_mask_(config.l1.line_bytes - 1),
      mask_word_bytes_(config.l1.line_bytes < 64 ? config.l1.line_bytes : 64),
      mask_words_(mask_words_for(config.l1.line_bytes)),
      processors_(allocate_zeroed_array<Processor*>("ccsim.processors", config.max_processors)),
      hit_path_processors_(config.miss_classes
                               ? allocate_zeroed_array<Processor*>("ccsim.processors.none", config.max_processors)
                               : processors_),
      arena_("ccsim.counters"),
      llc_ever_held_("ccsim.llc"),
      written_lines_("ccsim.written_lines") {
  directory_.init(config.max_processors, config.l1.line_bytes);
  if (config.llc.present) {
    llc_.init(config.llc, CacheRole::Shared, "ccsim.llc");
    if (config.miss_classes) llc_shadow_.init(llc_.lines());
  }
}

Simulator::~Simulator() {
  for (ProcId proc = 0; proc < config_.max_processors; ++proc) destroy_object(processors_[proc]);
  if (hit_path_processors_ != processors_) release(hit_path_processors_);
  release(processors_);
  destroy_object(shadow_log_);
}

// Statistics stay; the lines go as if evicted silently: a Modified line's writes still become visible to
// the processors that lost it, and the directory forgets this processor.
void Simulator::reset_processor(ProcId proc) {
  if (shadow_log_ != nullptr && shard_.first() == 0) shadow_log_->add_between(ShadowOpKind::Reset, proc);
  Processor* self = processors_[proc];
  if (self == nullptr) return;
  drop_private_lines(*self, proc);
  self->lost_lines.for_each([&](Addr line, std::uint64_t) {
    const std::uint32_t entry = directory_.find(line);
    directory_.remove_loss(entry);
    directory_.release_if_unused(entry);
  });
  self->lost_lines.clear();
  self->ever_held.clear();
  reset_line_accesses_ += self->l1.touches();
  self->l1.clear();
  if (self->l2.present()) self->l2.clear();
  self->l1_shadow.clear();
  self->l2_shadow.clear();
  self->l1_hint = 0;
}

void Simulator::access_after_try_hit(ProcId proc, RefId ref, Addr addr, std::uint32_t size, AccessKind kind,
                                     RegionId region, bool in_critical) {
  CCSIM_DEBUG_ASSERT(proc < config_.max_processors && size >= 1 && size <= 4096);
  const auto offset = static_cast<std::uint32_t>(addr & line_offset_mask_);
  if (offset + size > line_bytes_) {
    access_straddling(proc, ref, addr, size, kind, region, in_critical);
    return;
  }
  const Addr line = addr >> line_shift_;
  access_line_slow(LineAccess{proc, ref, line, ByteRange{offset, size}, kind, region, in_critical}, kL1NotLookedUp);
  debug_check_line(line);
}

void Simulator::zero_statistics() {
  if (shadow_log_ != nullptr && shard_.first() == 0) shadow_log_->add_between(ShadowOpKind::ZeroCounts, 0);
  for (ProcId proc = 0; proc < config_.max_processors; ++proc) {
    if (processors_[proc] != nullptr) processors_[proc]->counters.zero();
  }
  edges_.clear();
  regions_.zero();
}

void Simulator::for_each_reference(ReferenceVisitor visit, void* context) const {
  std::uint64_t counts[kNumEvents];
  for (ProcId proc = 0; proc < config_.max_processors; ++proc) {
    if (processors_[proc] == nullptr) continue;
    processors_[proc]->counters.for_each([&](RefId ref, const HotCounters& counters) {
      ReferenceCounters::read(counters, counts);
      for (std::uint32_t event = 0; event < kNumEvents; ++event) {
        if (counts[event] != 0) {
          visit(context, proc, ref, counts);
          return;
        }
      }
    });
  }
}

void Simulator::for_each_evictor_edge(EvictorVisitor visit, void* context) const {
  edges_.for_each_evictor([&](const EvictorEdge& edge) { visit(context, edge); });
}

void Simulator::for_each_invalidator_edge(InvalidatorVisitor visit, void* context) const {
  edges_.for_each_invalidator([&](const InvalidatorEdge& edge) { visit(context, edge); });
}

void Simulator::for_each_transfer_edge(TransferVisitor visit, void* context) const {
  edges_.for_each_transfer([&](const TransferEdge& edge) { visit(context, edge); });
}

void Simulator::for_each_region(RegionVisitor visit, void* context) const {
  regions_.for_each([&](RegionId region, const std::uint64_t* counts) { visit(context, region, counts); });
}

void Simulator::reference_counts(ProcId proc, RefId ref, std::uint64_t* counts) const {
  const HotCounters* counters = processors_[proc] != nullptr ? processors_[proc]->counters.find(ref) : nullptr;
  if (counters != nullptr) {
    ReferenceCounters::read(*counters, counts);
  } else {
    for (std::uint32_t event = 0; event < kNumEvents; ++event) counts[event] = 0;
  }
}

void Simulator::processor_totals(ProcId proc, std::uint64_t* counts) const {
  for (std::uint32_t event = 0; event < kNumEvents; ++event) counts[event] = 0;
  if (processors_[proc] == nullptr) return;
  std::uint64_t one[kNumEvents];
  processors_[proc]->counters.for_each([&](RefId, const HotCounters& counters) {
    ReferenceCounters::read(counters, one);
    for (std::uint32_t event = 0; event < kNumEvents; ++event) counts[event] += one[event];
  });
}

void Simulator::machine_totals(std::uint64_t* counts) const {
  for (std::uint32_t event = 0; event < kNumEvents; ++event) counts[event] = 0;
  std::uint64_t one[kNumEvents];
  for (ProcId proc = 0; proc < config_.max_processors; ++proc) {
    processor_totals(proc, one);
    for (std::uint32_t event = 0; event < kNumEvents; ++event) counts[event] += one[event];
  }
}

std::uint64_t Simulator::line_accesses() const {
  std::uint64_t accesses = reset_line_accesses_;
  for (ProcId proc = 0; proc < processors_used_; ++proc) {
    if (processors_[proc] != nullptr) accesses += processors_[proc]->l1.touches();
  }
  return accesses;
}

// The shared LLC has no MESI state: a line it holds reads as Shared.
LineState Simulator::line_state(ProcId proc, Level level, Addr addr) const {
  const Addr line = addr >> line_shift_;
  if (level == Level::LLC) {
    return llc_.present() && llc_.find(line) != Cache::kAbsent ? LineState::Shared : LineState::Invalid;
  }
  const Processor* self = processors_[proc];
  if (self == nullptr) return LineState::Invalid;
  const Cache& cache = level == Level::L1 ? self->l1 : self->l2;
  if (!cache.present()) return LineState::Invalid;
  const std::uint32_t way = cache.find(line);
  return way == Cache::kAbsent ? LineState::Invalid : cache.info(way).state;
}

// The union of the processor's private copies' touched masks, as an invalidation reads them (sharing.cc).
bool Simulator::touched_bytes(ProcId proc, Addr addr, std::uint64_t* mask) const {
  const Processor* self = processors_[proc];
  if (self == nullptr) return false;
  std::uint32_t way1;
  std::uint32_t way2;
  find_copies(*self, addr >> line_shift_, &way1, &way2);
  if (way1 == Cache::kAbsent && way2 == Cache::kAbsent) return false;
  union_of_copies(*self, way1, way2, CopyMask::Touched, mask);
  return true;
}

// --- simulator.h ---

Simulator* create_simulator(const MachineConfig& config) { return create_shard_simulator(config, LineShard{}); }

Simulator* create_shard_simulator(const MachineConfig& config, LineShard shard) {
  CCSIM_ASSERT(validate_machine(config, nullptr) && validate_line_shard(config, shard, nullptr));
  return create_object<Simulator>("ccsim.simulator", config, shard);
}

const ShadowLog* shadow_log(const Simulator* sim) { return sim->shadow_log(); }
ShadowLog* shadow_log(Simulator* sim) { return sim->shadow_log(); }

void destroy_simulator(Simulator* sim) { destroy_object(sim); }

void narrow_line_shard(Simulator* sim, LineShard shard) { sim->narrow_line_shard(shard); }

void simulate_access(Simulator* sim, ProcId proc, RefId ref, Addr addr, std::uint32_t size, AccessKind kind,
                     RegionId region, bool in_critical) {
  sim->access(proc, ref, addr, size, kind, region, in_critical);
}

void reset_processor(Simulator* sim, ProcId proc) { sim->reset_processor(proc); }

void zero_statistics(Simulator* sim) { sim->zero_statistics(); }

const MachineConfig& machine_config(const Simulator* sim) { return sim->config(); }

void set_observer(Simulator* sim, const Observer* observer) { sim->set_observer(observer); }

void for_each_reference(const Simulator* sim, ReferenceVisitor visit, void* context) {
  sim->for_each_reference(visit, context);
}

void reference_counts(const Simulator* sim, ProcId proc, RefId ref, std::uint64_t* counts) {
  sim->reference_counts(proc, ref, counts);
}

void for_each_evictor_edge(const Simulator* sim, EvictorVisitor visit, void* context) {
  sim->for_each_evictor_edge(visit, context);
}

void for_each_invalidator_edge(const Simulator* sim, InvalidatorVisitor visit, void* context) {
  sim->for_each_invalidator_edge(visit, context);
}

void for_each_transfer_edge(const Simulator* sim, TransferVisitor visit, void* context) {
  sim->for_each_transfer_edge(visit, context);
}

void for_each_region(const Simulator* sim, RegionVisitor visit, void* context) { sim->for_each_region(visit, context); }

void processor_totals(const Simulator* sim, ProcId proc, std::uint64_t* counts) { sim->processor_totals(proc, counts); }

void machine_totals(const Simulator* sim, std::uint64_t* counts) { sim->machine_totals(counts); }

std::uint64_t line_accesses(const Simulator* sim) { return sim->line_accesses(); }

LineState line_state(const Simulator* sim, ProcId proc, Level level, Addr addr) {
  return sim->line_state(proc, level, addr);
}

bool touched_bytes(const Simulator* sim, ProcId proc, Addr addr, std::uint64_t* mask) {
  return sim->touched_bytes(proc, addr, mask);
}

bool check_invariants(const Simulator* sim, ErrorMessage* error) { return sim->check_invariants(error); }

}  // namespace ccsim
