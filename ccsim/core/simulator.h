// simulator.h: the simulated multiprocessor. One object holds every processor's private caches, the
// shared last-level cache, the coherence directory and all statistics. The tool (or a test, or the
// replay engine) feeds it accesses in the order it wants them simulated.
//
// API contract (the tool, the replay engine and the tests depend on it; extend, do not change):
//   - access() is the hot path: inline fast path for an L1 hit, out-of-line slow path for the rest.
//   - Statistics are read by visitors (function pointer + context; no std::function in the core).
#ifndef CCSIM_CORE_SIMULATOR_H
#define CCSIM_CORE_SIMULATOR_H

#include <cstdint>

#include "ccsim/core/events.h"
#include "ccsim/core/geometry.h"
#include "ccsim/core/line_shard.h"
#include "ccsim/core/types.h"

namespace ccsim {

// Evictor edge: `evictor_ref` on `evictor_proc` brought in a line that pushed out of `level` a line last
// touched by `victim_ref` on `victim_proc` (different processors only at the shared LLC).
struct EvictorEdge {
  RefId victim_ref;
  ProcId victim_proc;
  RefId evictor_ref;
  ProcId evictor_proc;
  Level level;
  std::uint64_t count;
};

// Invalidator edge: stores by `invalidator_ref` on `invalidator_proc` removed copies last touched by
// `victim_ref` on `victim_proc`, split as in events.h (critical is a subset of true in-region).
struct InvalidatorEdge {
  RefId victim_ref;
  ProcId victim_proc;
  RefId invalidator_ref;
  ProcId invalidator_proc;
  std::uint64_t true_in_region;
  std::uint64_t true_in_region_critical;
  std::uint64_t false_in_region;
  std::uint64_t true_across_regions;
  std::uint64_t false_across_regions;
};

// MESI state of one processor's copy of a line (for tests and invariant checks).
enum class LineState : std::uint8_t { Invalid = 0, Shared, Exclusive, Modified };

// Transfer edge: the copy held by `source_proc`, last touched by `source_ref` (for a Modified copy mostly
// the store that wrote it), supplied a line that `reader_ref` on `reader_proc` missed on in its whole
// private hierarchy; split by the state the supplying copy was in (docs/model.md, "Where a miss is
// served"). `reader_ref` may be a store: a write miss takes the line from the other copy too.
struct TransferEdge {
  RefId source_ref;
  ProcId source_proc;
  RefId reader_ref;
  ProcId reader_proc;
  std::uint64_t from_modified;
  std::uint64_t from_exclusive;
  std::uint64_t from_shared;
};

class Simulator;  // defined in simulator_impl.h; users see only the functions below.

// Creates the machine; `config` must have passed validate_machine(). Processors 0..max_processors-1
// exist from the start with cold caches.
Simulator* create_simulator(const MachineConfig& config);
// A simulator of one line shard: it simulates the lines `shard` owns (line_shard.h) and skips every other
// line access, as if it never happened; an access straddling lines is split first, so it simulates the
// parts in its lines. `shard` must have passed validate_line_shard(). Give every shard every access,
// reset and zeroing, in the same order; merged_statistics.h adds up their counts, which then equal one
// simulator's. Each shard delivers the notices of its lines; the questions about a line (line_state,
// touched_bytes) go to its shard (another answers Invalid, false). With miss classes the replacement
// misses are classified by the shadow stage (shadow_stage.h), from the shards' shadow_log()s.
Simulator* create_shard_simulator(const MachineConfig& config, LineShard shard);
void destroy_simulator(Simulator* sim);
// Narrows `sim` to `shard`, some of the shards it was made with (the same count), before it has simulated
// any access: a simulation worker, forked from a tool whose simulator owns every shard, keeps its own
// (docs/parallel-simulation.md, section 9).
void narrow_line_shard(Simulator* sim, LineShard shard);
class ShadowLog;
// The shard's shadow log when the machine has miss classes and the shards are more than one; else null.
const ShadowLog* shadow_log(const Simulator* sim);
ShadowLog* shadow_log(Simulator* sim);

// Simulates one access of `size` bytes (1..4096) at `addr` by `proc`, made by reference `ref`.
// An access straddling lines is split into one line access per line. `region` is the accessing
// thread's barrier epoch; `in_critical` says whether it holds a lock (see docs/model.md).
void simulate_access(Simulator* sim, ProcId proc, RefId ref, Addr addr, std::uint32_t size, AccessKind kind,
                     RegionId region, bool in_critical);

// Drops every line of `proc`'s private caches as if the processor were new (a thread id reused by a new
// thread). Statistics are kept; dropped lines count neither as evictions nor as invalidations.
void reset_processor(Simulator* sim, ProcId proc);

// Sets every counter and edge to zero; cache contents and coherence state stay (CCSIM_ZERO_STATS).
void zero_statistics(Simulator* sim);

const MachineConfig& machine_config(const Simulator* sim);

// Visitors. `counts` has kNumEvents entries. Only (processor, reference) pairs with a non-zero count
// are visited; order is unspecified.
using ReferenceVisitor = void (*)(void* context, ProcId proc, RefId ref, const std::uint64_t* counts);
using EvictorVisitor = void (*)(void* context, const EvictorEdge& edge);
using InvalidatorVisitor = void (*)(void* context, const InvalidatorEdge& edge);
using TransferVisitor = void (*)(void* context, const TransferEdge& edge);
using RegionVisitor = void (*)(void* context, RegionId region, const std::uint64_t* counts);

void for_each_reference(const Simulator* sim, ReferenceVisitor visit, void* context);
// The counts (kNumEvents entries) of one (processor, reference) pair, as for_each_reference() reports
// them; all zero for a pair it would not visit. For a writer that visits pairs in an order of its own
// and should not have to copy every pair's counts first.
void reference_counts(const Simulator* sim, ProcId proc, RefId ref, std::uint64_t* counts);
void for_each_evictor_edge(const Simulator* sim, EvictorVisitor visit, void* context);
void for_each_invalidator_edge(const Simulator* sim, InvalidatorVisitor visit, void* context);
void for_each_transfer_edge(const Simulator* sim, TransferVisitor visit, void* context);
// Per-region totals of the slow-path events only (misses by level and cause, coherence misses,
// invalidations received and caused); access and hit counts are not kept per region.
void for_each_region(const Simulator* sim, RegionVisitor visit, void* context);

// The line accesses simulated so far (reads + writes, whatever zero_statistics() did), read from the L1s'
// recency clocks: O(processors used), no counter on the hit path. During a notice, the accesses before
// the one that caused it. A shard counts the line accesses of its own lines only.
std::uint64_t line_accesses(const Simulator* sim);

// Sums of all reference counts (kNumEvents entries), per processor or over all processors.
void processor_totals(const Simulator* sim, ProcId proc, std::uint64_t* counts);
void machine_totals(const Simulator* sim, std::uint64_t* counts);

// For tests and debug builds.
LineState line_state(const Simulator* sim, ProcId proc, Level level, Addr addr);
// Whether `proc`'s private caches hold the line of `addr`; if so, `mask` (mask_words_for(line size) words,
// byte_mask.h) gets the bytes of the line the processor touched since the copy came in, as an invalidation
// would classify them. For the placement prediction's start (ccsim/tool/data_objects/placement_watch.h).
bool touched_bytes(const Simulator* sim, ProcId proc, Addr addr, std::uint64_t* mask);
// Checks every protocol invariant (at most one M/E holder, a Modified line has no other holder,
// the directory's sharers equal the processors whose caches hold the line, inclusion of L1 in L2).
// Returns false and writes the first violation into `error`.
bool check_invariants(const Simulator* sim, ErrorMessage* error);

// Installs `observer` (observer.h), copied; it then receives a notice of every slow-path event from the
// next access on. Null removes the observer.
struct Observer;
void set_observer(Simulator* sim, const Observer* observer);

}  // namespace ccsim

#endif
