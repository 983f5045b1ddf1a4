// sharding_test.cc: a simulation split into line shards (line_shard.h) counts exactly what one simulator
// counts. Shard k of S simulates the lines with line_number mod S == k and skips the others; the merge
// (merged_statistics.h) adds the shards' counts and edges up, and with miss classes the shadow stage
// (shadow_stage.h) classifies the replacement misses from the shards' logs. The random streams below
// compare, for S = 2, 4 and 8, every (processor, reference) count, region total, processor and machine
// total, evictor and invalidator edge, and the multiset of notices (each stamped with the operation that
// delivered it) with one simulator's, and the state and touched bytes of lines along the way. S = 3 is
// not a split at all: the numbers of sets are powers of two, so a set would be in several shards.
//
// Exact, with one difference that is not in the counts: the notices of the misses the shadow stage
// classifies come from the stage, after the accesses, not during the access that missed; they are
// compared without their operation stamp (in both runs).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "ccsim/core/byte_mask.h"
#include "ccsim/core/line_shard.h"
#include "ccsim/core/merged_statistics.h"
#include "ccsim/core/observer.h"
#include "ccsim/core/shadow_stage.h"
#include "ccsim/core/simulator.h"
#include "ccsim/core/simulator_impl.h"
#include "ccsim/core/statistics_transfer.h"
#include "tests/unit/scenario.h"

namespace ccsim::test {
namespace {

constexpr std::uint32_t kProcessors = 5;

// One step of a stream: an access, a processor reset (a thread id reused), or a zeroing of the counters.
struct Step {
  enum Kind { Access, Reset, Zero } kind;
  test::Access access;
};

// Every notice as one line of text, stamped with the step that delivered it. In a shard split with miss
// classes a replacement miss comes during its step with `class_later`, and its class from the shadow
// stage (a MissClassNotice naming the shard's log and the miss's place in it): the log keeps each shard's
// misses waiting, and writes one down, with its step, when its class comes, as the single simulator's.
class NoticeLog {
 public:
  // `shards`: how many shards deliver to this log (line i is shard i mod shards': line_shard.h).
  NoticeLog(std::uint32_t line_bytes, bool miss_classes, std::uint32_t shards = 1)
      : line_bytes_(line_bytes), miss_classes_(miss_classes), waiting_(shards) {}

  Observer observer() {
    return Observer{this,       on_miss,   on_coherence_miss, on_invalidation, on_eviction,
                    on_served,  on_downgrade, on_miss_class};
  }
  void set_step(long step) { step_ = step; }
  // Every miss delivered with `class_later` was told its class.
  bool all_classified() const {
    for (const auto& shard : waiting_) {
      for (const Waiting& miss : shard) {
        if (!miss.classified) return false;
      }
    }
    return true;
  }
  std::vector<std::string> sorted() const {
    std::vector<std::string> lines = lines_;
    std::sort(lines.begin(), lines.end());
    return lines;
  }
  std::size_t size() const { return lines_.size(); }

 private:
  void add(long step, const std::string& text) { lines_.push_back(std::to_string(step) + " " + text); }
  std::string masks(const std::uint64_t* touched, const std::uint64_t* written) const {
    std::string text;
    for (std::uint32_t word = 0; word < mask_words_for(line_bytes_); ++word) {
      text += " " + std::to_string(touched[word]) + "/" + std::to_string(written[word]);
    }
    return text;
  }

  static std::string miss_text(const MissNotice& n) {
    char text[200];
    std::snprintf(text, sizeof text, "miss p%u r%u a%llu s%u L%d c%u cap%d w%d g%u", n.proc, n.ref,
                  static_cast<unsigned long long>(n.address), n.size, static_cast<int>(n.level), n.cause, n.capacity,
                  n.write, n.region);
    return text;
  }
  static void on_miss(void* context, const MissNotice& n) {
    NoticeLog& log = *static_cast<NoticeLog*>(context);
    if (!n.class_later) {
      log.add(log.step_, miss_text(n));
      return;
    }
    EXPECT_TRUE(log.miss_classes_ && n.cause == kMissReplacement && !n.capacity) << miss_text(n);
    const std::uint32_t shard = static_cast<std::uint32_t>(n.address / log.line_bytes_ % log.waiting_.size());
    log.waiting_[shard].push_back(Waiting{log.step_, n, false});
  }
  static void on_miss_class(void* context, const MissClassNotice& n) {
    NoticeLog& log = *static_cast<NoticeLog*>(context);
    ASSERT_LT(n.log, log.waiting_.size());
    ASSERT_LT(n.ordinal, log.waiting_[n.log].size());
    Waiting& waiting = log.waiting_[n.log][n.ordinal];
    EXPECT_FALSE(waiting.classified);
    waiting.classified = true;
    MissNotice told = waiting.notice;
    told.capacity = n.miss.capacity;
    EXPECT_EQ(miss_text(n.miss), miss_text(told)) << "the class names another miss";
    log.add(waiting.step, miss_text(told));
  }
  static void on_coherence_miss(void* context, const CoherenceMissNotice& n) {
    NoticeLog& log = *static_cast<NoticeLog*>(context);
    char text[200];
    std::snprintf(text, sizeof text, "coherence p%u r%u a%llu s%u t%d g%u", n.proc, n.ref,
                  static_cast<unsigned long long>(n.address), n.size, n.true_sharing, n.region);
    log.add(log.step_, text);
  }
  static void on_invalidation(void* context, const InvalidationNotice& n) {
    NoticeLog& log = *static_cast<NoticeLog*>(context);
    char text[200];
    std::snprintf(text, sizeof text, "invalidation v%u/%u w%u/%u a%llu o%u s%u t%d i%d c%d g%u", n.victim_proc,
                  n.victim_ref, n.writer_proc, n.writer_ref, static_cast<unsigned long long>(n.line_address),
                  n.written_offset, n.written_size, n.true_sharing, n.in_region, n.critical, n.writer_region);
    log.add(log.step_, text + log.masks(n.victim_touched, n.victim_written));
  }
  static void on_eviction(void* context, const EvictionNotice& n) {
    NoticeLog& log = *static_cast<NoticeLog*>(context);
    char text[200];
    std::snprintf(text, sizeof text, "eviction v%u/%u e%u/%u a%llu L%d b%u f%u", n.victim_proc, n.victim_ref,
                  n.evictor_proc, n.evictor_ref, static_cast<unsigned long long>(n.line_address),
                  static_cast<int>(n.level), n.bytes_used, n.first_byte_used);
    log.add(log.step_, text);
  }
  static void on_served(void* context, const ServedNotice& n) {
    NoticeLog& log = *static_cast<NoticeLog*>(context);
    char text[200];
    std::snprintf(text, sizeof text, "served p%u r%u a%llu s%u e%u from p%u r%u g%u", n.proc, n.ref,
                  static_cast<unsigned long long>(n.address), n.size, n.source, n.supplier_proc, n.supplier_ref,
                  n.region);
    log.add(log.step_, text);
  }
  static void on_downgrade(void* context, const DowngradeNotice& n) {
    NoticeLog& log = *static_cast<NoticeLog*>(context);
    char text[200];
    std::snprintf(text, sizeof text, "downgrade p%u/%u o%u/%u a%llu s%u g%u", n.reader_proc, n.reader_ref,
                  n.owner_proc, n.owner_ref, static_cast<unsigned long long>(n.address), n.size, n.region);
    log.add(log.step_, text);
  }

  // A miss delivered with `class_later`, at `step`, waiting for its class.
  struct Waiting {
    long step;
    MissNotice notice;
    bool classified;
  };

  std::uint32_t line_bytes_;
  bool miss_classes_;
  long step_ = 0;
  std::vector<std::string> lines_;
  std::vector<std::vector<Waiting>> waiting_;  // per shard, in the order delivered
};

// Everything a simulator (or a merge) reports, in maps keyed so that two reports compare with ==.
struct Report {
  std::map<std::pair<ProcId, RefId>, std::vector<std::uint64_t>> references;
  std::map<RegionId, std::vector<std::uint64_t>> regions;
  std::map<std::vector<std::uint32_t>, std::uint64_t> evictors;  // victim ref, proc, evictor ref, proc, level
  std::map<std::vector<std::uint32_t>, std::vector<std::uint64_t>> invalidators;
  std::map<std::vector<std::uint32_t>, std::vector<std::uint64_t>> transfers;  // source ref, proc, reader ref, proc
  std::vector<std::vector<std::uint64_t>> processor_totals;
  std::vector<std::uint64_t> machine_totals;
};

// Reads a report through the visitor functions of a Simulator or a MergedStatistics.
template <class Source>
Report read_report(const Source& source) {
  Report report;
  source.for_each_reference(
      [](void* context, ProcId proc, RefId ref, const std::uint64_t* counts) {
        static_cast<Report*>(context)->references[{proc, ref}].assign(counts, counts + kNumEvents);
      },
      &report);
  source.for_each_region(
      [](void* context, RegionId region, const std::uint64_t* counts) {
        static_cast<Report*>(context)->regions[region].assign(counts, counts + kNumEvents);
      },
      &report);
  source.for_each_evictor_edge(
      [](void* context, const EvictorEdge& e) {
        static_cast<Report*>(context)->evictors[{e.victim_ref, e.victim_proc, e.evictor_ref, e.evictor_proc,
                                                 static_cast<std::uint32_t>(e.level)}] += e.count;
      },
      &report);
  source.for_each_invalidator_edge(
      [](void* context, const InvalidatorEdge& e) {
        static_cast<Report*>(context)->invalidators[{e.victim_ref, e.victim_proc, e.invalidator_ref,
                                                     e.invalidator_proc}] = {
            e.true_in_region, e.true_in_region_critical, e.false_in_region, e.true_across_regions,
            e.false_across_regions};
      },
      &report);
  source.for_each_transfer_edge(
      [](void* context, const TransferEdge& e) {
        static_cast<Report*>(context)->transfers[{e.source_ref, e.source_proc, e.reader_ref, e.reader_proc}] = {
            e.from_modified, e.from_exclusive, e.from_shared};
      },
      &report);
  std::uint64_t counts[kNumEvents];
  for (ProcId proc = 0; proc < kProcessors; ++proc) {
    source.processor_totals(proc, counts);
    report.processor_totals.emplace_back(counts, counts + kNumEvents);
  }
  source.machine_totals(counts);
  report.machine_totals.assign(counts, counts + kNumEvents);
  return report;
}

// Every count, edge and total of two reports equal, each kind checked on its own (a failure names it).
void expect_same_report(const Report& expected, const Report& actual) {
  EXPECT_EQ(expected.references, actual.references);
  EXPECT_EQ(expected.regions, actual.regions);
  EXPECT_EQ(expected.evictors, actual.evictors);
  EXPECT_EQ(expected.invalidators, actual.invalidators);
  EXPECT_EQ(expected.transfers, actual.transfers);
  EXPECT_EQ(expected.processor_totals, actual.processor_totals);
  EXPECT_EQ(expected.machine_totals, actual.machine_totals);
}

// The visitor functions of simulator.h as members, so read_report() takes a simulator too.
struct SimulatorSource {
  const Simulator* sim;
  void for_each_reference(ReferenceVisitor v, void* c) const { ccsim::for_each_reference(sim, v, c); }
  void for_each_region(RegionVisitor v, void* c) const { ccsim::for_each_region(sim, v, c); }
  void for_each_evictor_edge(EvictorVisitor v, void* c) const { ccsim::for_each_evictor_edge(sim, v, c); }
  void for_each_invalidator_edge(InvalidatorVisitor v, void* c) const { ccsim::for_each_invalidator_edge(sim, v, c); }
  void for_each_transfer_edge(TransferVisitor v, void* c) const { ccsim::for_each_transfer_edge(sim, v, c); }
  void processor_totals(ProcId p, std::uint64_t* counts) const { ccsim::processor_totals(sim, p, counts); }
  void machine_totals(std::uint64_t* counts) const { ccsim::machine_totals(sim, counts); }
};

// A random stream over `footprint_lines` lines (a few hot lines shared by every processor, the rest
// spread so that sets overflow): reads, writes and modifies of 1..2 lines' worth of bytes, straddling
// lines now and then, by 24 references, in regions that advance at "barriers", some holding a lock;
// every 600 steps or so a processor is reset, and once, a third of the way, the counters are zeroed.
std::vector<Step> random_stream(std::uint32_t seed, std::uint32_t line_bytes, std::uint32_t footprint_lines,
                                std::uint32_t length) {
  std::mt19937 random(seed);
  const auto below = [&](std::uint32_t bound) { return static_cast<std::uint32_t>(random() % bound); };
  std::vector<Step> stream;
  RegionId region = 1;
  const std::uint32_t sizes[] = {1, 2, 4, 8, 8, 8, 16, line_bytes / 2, line_bytes, line_bytes + 8};
  for (std::uint32_t i = 0; i < length; ++i) {
    if (i == length / 3) {
      stream.push_back(Step{Step::Zero, {}});
      continue;
    }
    if (below(600) == 0) {
      stream.push_back(Step{Step::Reset, test::Access{below(kProcessors), AccessKind::Read, 0}});
      continue;
    }
    if (below(200) == 0) ++region;  // a barrier of the team
    const bool hot = below(4) == 0;
    const Addr line = hot ? below(4) : 4 + below(footprint_lines);
    const std::uint32_t size = std::max<std::uint32_t>(1, sizes[below(10)]);
    const Addr addr = line * line_bytes + below(line_bytes);
    const AccessKind kind = static_cast<AccessKind>(below(3));
    test::Access access{below(kProcessors), kind, addr};
    access.bytes(size).by_ref(1 + below(24)).in_region(region - (below(10) == 0 ? 1 : 0));
    if (below(5) == 0) access.holding_lock();
    stream.push_back(Step{Step::Access, access});
  }
  return stream;
}

// How an access reaches a simulator: simulate_access(), or the tool's native helpers' way
// (access_helpers.cc): the hit path alone with the processor and counter record looked up by the caller,
// then, when that declines, access_after_try_hit().
enum class Entry { SimulateAccess, ToolHitPath };

void apply(Simulator* sim, const Step& step, Entry entry) {
  const test::Access& a = step.access;
  switch (step.kind) {
    case Step::Access:
      if (entry == Entry::SimulateAccess) {
        simulate_access(sim, a.proc, a.ref, a.addr, a.size, a.kind, a.region, a.in_critical);
      } else if (!sim->try_hit_with(sim->hit_path_processor(a.proc), sim->hit_path_counters(a.proc, a.ref), a.proc,
                                    a.ref, a.addr, a.size, a.kind, a.region)) {
        sim->access_after_try_hit(a.proc, a.ref, a.addr, a.size, a.kind, a.region, a.in_critical);
      }
      return;
    case Step::Reset:
      reset_processor(sim, a.proc);
      return;
    case Step::Zero:
      zero_statistics(sim);
      return;
  }
}

// The geometry of one parameterized run: L1, L2, LLC, and whether miss classes are on. Every level has at
// least 8 sets, so S = 2, 4 and 8 all split it.
struct Geometry {
  const char* l1;
  const char* l2;
  const char* llc;
  bool miss_classes;
};

// Names the geometry in a failure message.
void PrintTo(const Geometry& g, std::ostream* out) {
  *out << "L1 " << g.l1 << ", L2 " << g.l2 << ", LLC " << g.llc << (g.miss_classes ? ", miss classes" : "");
}

class ShardedSimulation : public ::testing::TestWithParam<Geometry> {
 protected:
  // Runs `stream` on one simulator and on `shards` shards, and compares everything they report.
  // A random stream of 6,000 steps over twice the lines of the largest cache a processor has: its sets
  // overflow, and other lines stay.
  std::vector<Step> stream_for_geometry(std::uint32_t seed) const {
    const MachineConfig config = make_machine(GetParam().l1, GetParam().l2, GetParam().llc, kProcessors);
    const std::uint32_t line_bytes = config.l1.line_bytes;
    const CacheGeometry& largest = config.l2.present ? config.l2 : config.l1;
    return random_stream(seed, line_bytes, static_cast<std::uint32_t>(2 * largest.size_bytes / line_bytes), 6000);
  }

  // The shards are fed through `entry`, the single simulator through simulate_access().
  void expect_same_as_one_simulator(const std::vector<Step>& stream, std::uint32_t shards, Entry entry) {
    const Geometry& g = GetParam();
    const MachineConfig config = make_machine(g.l1, g.l2, g.llc, kProcessors, g.miss_classes);
    const std::uint32_t line_bytes = config.l1.line_bytes;

    Simulator* whole = create_simulator(config);
    NoticeLog whole_notices(line_bytes, g.miss_classes);
    const Observer whole_observer = whole_notices.observer();
    set_observer(whole, &whole_observer);

    std::vector<Simulator*> parts;
    NoticeLog part_notices(line_bytes, g.miss_classes, shards);
    const Observer part_observer = part_notices.observer();
    for (std::uint32_t k = 0; k < shards; ++k) {
      ErrorMessage error;
      ASSERT_TRUE(validate_line_shard(config, LineShard{k, shards}, &error)) << error.text;
      parts.push_back(create_shard_simulator(config, LineShard{k, shards}));
      set_observer(parts.back(), &part_observer);
    }

    std::mt19937 probe_random(shards);
    for (std::size_t i = 0; i < stream.size(); ++i) {
      whole_notices.set_step(static_cast<long>(i));
      part_notices.set_step(static_cast<long>(i));
      apply(whole, stream[i], Entry::SimulateAccess);
      for (Simulator* part : parts) apply(part, stream[i], entry);
      if (i % 97 == 0) expect_same_lines(whole, parts, stream[i].access.addr, probe_random());
    }

    MergedStatistics merged;
    for (Simulator* part : parts) merged.add(part);
    if (g.miss_classes) {
      std::vector<const ShadowLog*> logs;
      for (Simulator* part : parts) logs.push_back(shadow_log(part));
      ShadowStage stage(config);
      part_notices.set_step(-1);
      stage.run(logs.data(), shards, &part_observer);
      merged.add(stage.counts());
      EXPECT_TRUE(part_notices.all_classified());
    }

    const Report expected = read_report(SimulatorSource{whole});
    expect_same_report(expected, read_report(merged));
    EXPECT_EQ(whole_notices.size(), part_notices.size());
    EXPECT_TRUE(whole_notices.sorted() == part_notices.sorted()) << "the notices differ";
    // The streams must reach the events compared: misses of every cause, evictions and invalidations.
    EXPECT_NE(expected.machine_totals[l1(kMissCoherence)], 0u);
    EXPECT_NE(expected.machine_totals[l1(kEvictions)], 0u);
    EXPECT_NE(expected.machine_totals[kCoherenceMissFalse], 0u);
    EXPECT_NE(expected.machine_totals[kServedByTransferFromModified], 0u);
    EXPECT_FALSE(expected.transfers.empty());
    if (g.miss_classes) {
      EXPECT_NE(expected.machine_totals[l1(kMissCapacity)], 0u);
      EXPECT_NE(expected.machine_totals[l1(kMissConflict)], 0u);
    }

    for (Simulator* part : parts) {
      ErrorMessage error;
      EXPECT_TRUE(check_invariants(part, &error)) << error.text;
      destroy_simulator(part);
    }
    destroy_simulator(whole);
  }

  // The line of `addr` and a random line of the footprint: every processor's state of it at every level
  // and its touched bytes are the same in its own shard as in the whole machine; the other shards hold
  // nothing of it.
  static void expect_same_lines(const Simulator* whole, const std::vector<Simulator*>& parts, Addr addr,
                                std::uint32_t random_line) {
    const std::uint32_t line_bytes = machine_config(whole).l1.line_bytes;
    const Addr probes[] = {addr, Addr(random_line % 64) * line_bytes};
    for (const Addr probe : probes) {
      const Addr line = probe / line_bytes;
      for (ProcId proc = 0; proc < kProcessors; ++proc) {
        for (const Level level : {Level::L1, Level::L2, Level::LLC}) {
          for (std::uint32_t k = 0; k < parts.size(); ++k) {
            const bool own = line % parts.size() == k;
            EXPECT_EQ(line_state(parts[k], proc, level, probe), own ? line_state(whole, proc, level, probe)
                                                                   : LineState::Invalid)
                << "line " << line << " processor " << proc << " shard " << k;
          }
        }
        std::uint64_t expected[kMaxMaskWords] = {};
        std::uint64_t actual[kMaxMaskWords] = {};
        const bool held = touched_bytes(whole, proc, probe, expected);
        EXPECT_EQ(touched_bytes(parts[line % parts.size()], proc, probe, actual), held);
        if (held) {
          EXPECT_TRUE(std::equal(expected, expected + kMaxMaskWords, actual)) << "line " << line;
        }
      }
    }
  }
};

// Every count, edge and notice of the merged shards equals one simulator's, for S = 2, 4 and 8, on three
// random streams.
TEST_P(ShardedSimulation, MergedShardsCountExactlyWhatOneSimulatorCounts) {
  for (std::uint32_t seed = 1; seed <= 3; ++seed) {
    const std::vector<Step> stream = stream_for_geometry(seed);
    for (std::uint32_t shards : {2u, 4u, 8u}) {
      SCOPED_TRACE("seed " + std::to_string(seed) + ", " + std::to_string(shards) + " shards");
      expect_same_as_one_simulator(stream, shards, Entry::SimulateAccess);
    }
  }
}

// The same through the tool's native path (try_hit_with, then access_after_try_hit): a line of another
// shard is never in a shard's L1, so the hit path declines it and the slow path skips it.
TEST_P(ShardedSimulation, ShardsFedThroughTheToolsHitPathCountTheSame) {
  const std::vector<Step> stream = stream_for_geometry(4);
  for (std::uint32_t shards : {2u, 8u}) {
    SCOPED_TRACE(std::to_string(shards) + " shards");
    expect_same_as_one_simulator(stream, shards, Entry::ToolHitPath);
  }
}

// Three simulation workers over 4 shards, as --sim-threads=3 splits them (docs/parallel-simulation.md,
// section 9): the first owns shards 0 and 3, the others 1 and 2. Each is made owning all 4 and narrowed
// before its first access, as a worker forked from the tool is; the second and third hand their counts
// over as words (statistics_transfer.h), which the merge adds to the first's: the whole machine's counts.
// With miss classes their shadow logs travel too, and the shadow stage over the three logs classifies the
// replacement misses as one simulator does.
TEST_P(ShardedSimulation, UnevenShardSetsHandedOverAsWordsCountTheSame) {
  const Geometry& g = GetParam();
  const MachineConfig config = make_machine(g.l1, g.l2, g.llc, kProcessors, g.miss_classes);
  const std::vector<Step> stream = stream_for_geometry(5);
  LineShard all(0, 4);
  all.owned = 0xf;
  LineShard first(0, 4);
  first.owned = 0x9;  // shards 0 and 3
  const LineShard owned[] = {first, LineShard(1, 4), LineShard(2, 4)};
  Simulator* whole = create_simulator(config);
  std::vector<Simulator*> workers;
  for (const LineShard& shard : owned) {
    ErrorMessage error;
    ASSERT_TRUE(validate_line_shard(config, shard, &error)) << error.text;
    workers.push_back(create_shard_simulator(config, all));
    narrow_line_shard(workers.back(), shard);
  }
  for (const Step& step : stream) {
    apply(whole, step, Entry::SimulateAccess);
    for (Simulator* worker : workers) apply(worker, step, Entry::SimulateAccess);
  }
  MergedStatistics merged;
  merged.add(workers[0]);
  ShadowLog received[2];
  for (std::size_t k = 1; k < workers.size(); ++k) {
    std::vector<std::uint64_t> words;
    ASSERT_TRUE(write_statistics(
        workers[k],
        [](void* context, const std::uint64_t* block, std::uint64_t count) {
          static_cast<std::vector<std::uint64_t>*>(context)->insert(static_cast<std::vector<std::uint64_t>*>(context)->end(),
                                                                     block, block + count);
          return true;
        },
        &words));
    ErrorMessage error;
    ASSERT_TRUE(read_statistics(words.data(), words.size(), &merged, &received[k - 1], &error)) << error.text;
    if (g.miss_classes) {
      EXPECT_EQ(received[k - 1].size(), shadow_log(workers[k])->size());
    }
  }
  if (g.miss_classes) {
    const ShadowLog* logs[] = {shadow_log(workers[0]), &received[0], &received[1]};
    ShadowStage stage(config);
    stage.run(logs, 3, nullptr);
    merged.add(stage.counts());
    EXPECT_NE(read_report(merged).machine_totals[l1(kMissCapacity)], 0u);
  }
  const Report expected = read_report(SimulatorSource{whole});
  expect_same_report(expected, read_report(merged));
  // Every worker simulated some of the lines, and every kind of edge travelled.
  for (Simulator* worker : workers) EXPECT_NE(line_accesses(worker), 0u);
  EXPECT_FALSE(expected.evictors.empty());
  EXPECT_FALSE(expected.invalidators.empty());
  EXPECT_FALSE(expected.transfers.empty());
  for (Simulator* worker : workers) destroy_simulator(worker);
  destroy_simulator(whole);
}

// S must be a power of two that divides every level's sets: 3 never does, 16 is more sets than L1 has.
TEST_P(ShardedSimulation, ASplitThatWouldCutASetIsRefused) {
  const MachineConfig config = make_machine(GetParam().l1, GetParam().l2, GetParam().llc, kProcessors);
  ErrorMessage error;
  EXPECT_FALSE(validate_line_shard(config, LineShard{0, 3}, &error));
  EXPECT_STREQ(error.text, "the number of line shards must be a power of two, as the numbers of sets are (got 3).");
  const std::uint32_t too_many = static_cast<std::uint32_t>(config.l1.sets()) * 2;
  EXPECT_FALSE(validate_line_shard(config, LineShard{0, too_many}, &error));
  EXPECT_FALSE(validate_line_shard(config, LineShard{8, 8}, &error));
  EXPECT_TRUE(validate_line_shard(config, LineShard{7, 8}, &error));
}

// Workers take runs of neighbouring shards (line_shard.h): 64 among 3 is floor(64 / 3) = 21 each and one
// left over, which goes to the first run (k * 3 / 64 is 0 up to k = 21): shards 0-21, 22-42 and 43-63.
// Every shard is one worker's, and 4 among 2 are 0-1 and 2-3.
TEST(LineShardsOfWorkers, EachWorkerTakesARunOfNeighbouringShards) {
  const std::uint64_t first_22 = (std::uint64_t(1) << 22) - 1;
  const std::uint64_t next_21 = ((std::uint64_t(1) << 21) - 1) << 22;
  const std::uint64_t last_21 = ((std::uint64_t(1) << 21) - 1) << 43;
  EXPECT_EQ(shards_of_worker(64, 3, 0).owned, first_22);
  EXPECT_EQ(shards_of_worker(64, 3, 1).owned, next_21);
  EXPECT_EQ(shards_of_worker(64, 3, 2).owned, last_21);
  EXPECT_EQ(first_22 | next_21 | last_21, ~std::uint64_t(0));
  EXPECT_EQ(worker_of_shard(21, 64, 3), 0u);
  EXPECT_EQ(worker_of_shard(22, 64, 3), 1u);
  EXPECT_EQ(worker_of_shard(43, 64, 3), 2u);
  EXPECT_EQ(shards_of_worker(4, 2, 0).owned, 0x3u);
  EXPECT_EQ(shards_of_worker(4, 2, 1).owned, 0xcu);
  EXPECT_EQ(shards_of_worker(4, 2, 1).count, 4u);
  // One worker owns them all; 7 workers of 64 shards own 10, 9, 9, 9, 9, 9 and 9 (64 = 7 x 9 + 1).
  EXPECT_EQ(shards_of_worker(64, 1, 0).owned, ~std::uint64_t(0));
  const int seven[] = {10, 9, 9, 9, 9, 9, 9};
  for (std::uint32_t w = 0; w < 7; ++w) EXPECT_EQ(__builtin_popcountll(shards_of_worker(64, 7, w).owned), seven[w]);
}

// A hand-over that is cut short or padded is refused in one sentence, never half added silently.
// One processor reads one line: one pair record and its end record (the pair's counts and the end's count).
TEST(StatisticsTransfer, ACutOrPaddedHandOverIsRefused) {
  const MachineConfig config = make_machine("1024,2,64", "none", "none", 1);
  Simulator* sim = create_simulator(config);
  simulate_access(sim, 0, 7, 0x1000, 8, AccessKind::Read, 1, false);
  std::vector<std::uint64_t> words;
  ASSERT_TRUE(write_statistics(
      sim,
      [](void* context, const std::uint64_t* block, std::uint64_t count) {
        auto* out = static_cast<std::vector<std::uint64_t>*>(context);
        out->insert(out->end(), block, block + count);
        return true;
      },
      &words));
  // A pair (kind, key, counts), a region (kind, key, counts), the end (kind, count): 2 x (2 + events) + 2.
  EXPECT_EQ(words.size(), 2 * (2 + kNumEvents) + 2u);
  MergedStatistics merged;
  ErrorMessage error;
  EXPECT_FALSE(read_statistics(words.data(), words.size() - 2, &merged, nullptr, &error));
  EXPECT_STREQ(error.text, "the shard's statistics stop after 2 records, before their end.");
  std::vector<std::uint64_t> padded = words;
  padded.push_back(0);
  EXPECT_FALSE(read_statistics(padded.data(), padded.size(), &merged, nullptr, &error));
  EXPECT_STREQ(error.text, "the shard's statistics go on after their end.");
  std::vector<std::uint64_t> damaged = words;
  damaged[0] = 99;
  EXPECT_FALSE(read_statistics(damaged.data(), damaged.size(), &merged, nullptr, &error));
  EXPECT_STREQ(error.text, "the shard's statistics are damaged at word 0.");
  MergedStatistics whole;
  ASSERT_TRUE(read_statistics(words.data(), words.size(), &whole, nullptr, &error)) << error.text;
  std::uint64_t counts[kNumEvents];
  whole.reference_counts(0, 7, counts);
  EXPECT_EQ(counts[kReads], 1u);
  EXPECT_EQ(counts[l1(kMissCompulsory)], 1u);
  destroy_simulator(sim);
}

INSTANTIATE_TEST_SUITE_P(
    Geometries, ShardedSimulation,
    ::testing::Values(Geometry{"256,4,8", "none", "none", false},            // 8-byte lines, L1 only
                      Geometry{"512,2,32", "2048,4,32", "none", false},      // private L2
                      Geometry{"512,2,32", "2048,4,32", "none", true},       // and miss classes
                      Geometry{"1024,2,64", "4096,4,64", "16384,8,64", false},  // all three levels
                      Geometry{"1024,2,64", "4096,4,64", "16384,8,64", true},
                      Geometry{"2048,2,128", "none", "8192,4,128", true},    // 128-byte lines, shared LLC
                      Geometry{"4096,1,256", "16384,2,256", "none", false}));  // direct-mapped, 4-word masks

// A small case worked by hand. L1 of two direct-mapped 64-byte lines, two processors, two shards: line 0
// (addresses 0..63) is shard 0's, line 1 (64..127) shard 1's.
//   1. P0 writes 0..7 (ref 1): line 0, compulsory write miss (nobody held or wrote it), P0 Modified.
//   2. P1 reads 8..15 (ref 2): line 0, never held by P1 but held by P0: a transfer miss, served by P0's
//      Modified copy; P0 is downgraded, both Shared.
//   3. P0 writes 64..71 (ref 3): line 1, compulsory write miss.
//   4. P1 writes 72..79 (ref 4): line 1, never held by P1 but held Modified by P0: a transfer miss; it
//      invalidates P0's copy, whose touched bytes (0..7 of the line) P1 does not write: one
//      false-sharing invalidation, in region.
//   5. P0 reads 64..71 (ref 5): line 1, a coherence miss; P1's Modified copy is downgraded and its
//      writes (bytes 8..15) folded, which P0's bytes 0..7 do not include: a false coherence miss.
// Shard 0 counts steps 1-2 alone, shard 1 steps 3-5 alone, and the merge is their sum.
TEST(ShardedSimulationByHand, EachShardCountsItsOwnLinesAndTheMergeAddsThem) {
  const MachineConfig config = make_machine("128,1,64", "none", "none", 2);
  Simulator* shard0 = create_shard_simulator(config, LineShard{0, 2});
  Simulator* shard1 = create_shard_simulator(config, LineShard{1, 2});
  const test::Access steps[] = {store(0, 0).by_ref(1), load(1, 8).by_ref(2), store(0, 64).by_ref(3),
                                store(1, 72).by_ref(4), load(0, 64).by_ref(5)};
  for (const test::Access& a : steps) {
    for (Simulator* sim : {shard0, shard1}) simulate_access(sim, a.proc, a.ref, a.addr, a.size, a.kind, 0, false);
  }
  std::uint64_t counts[kNumEvents];
  machine_totals(shard0, counts);
  EXPECT_EQ(counts[kReads], 1u);
  EXPECT_EQ(counts[kWrites], 1u);
  EXPECT_EQ(counts[l1(kMissCompulsory)], 1u);
  EXPECT_EQ(counts[l1(kMissTransfer)], 1u);
  EXPECT_EQ(counts[kInvalidationsCausedFalseInRegion], 0u);
  machine_totals(shard1, counts);
  EXPECT_EQ(counts[kReads], 1u);
  EXPECT_EQ(counts[kWrites], 2u);
  EXPECT_EQ(counts[l1(kMissCompulsory)], 1u);
  EXPECT_EQ(counts[l1(kMissTransfer)], 1u);
  EXPECT_EQ(counts[l1(kMissCoherence)], 1u);
  EXPECT_EQ(counts[kInvalidationsCausedFalseInRegion], 1u);
  EXPECT_EQ(counts[kCoherenceMissFalse], 1u);

  MergedStatistics merged;
  merged.add(shard0);
  merged.add(shard1);
  merged.machine_totals(counts);
  EXPECT_EQ(counts[kReads], 2u);
  EXPECT_EQ(counts[kWrites], 3u);
  EXPECT_EQ(counts[l1(kReadMisses)], 2u);
  EXPECT_EQ(counts[l1(kWriteMisses)], 3u);
  EXPECT_EQ(counts[l1(kMissCompulsory)], 2u);
  EXPECT_EQ(counts[l1(kMissTransfer)], 2u);
  EXPECT_EQ(counts[l1(kMissCoherence)], 1u);
  EXPECT_EQ(counts[kInvalidationsReceivedFalseInRegion], 1u);
  EXPECT_EQ(counts[kInvalidationsCausedFalseInRegion], 1u);
  EXPECT_EQ(counts[kCoherenceMissFalse], 1u);
  // The victim is P0's ref 3 (its last touch of line 1), the invalidator P1's ref 4.
  struct Edges {
    std::vector<InvalidatorEdge> edges;
  } edges;
  merged.for_each_invalidator_edge(
      [](void* context, const InvalidatorEdge& edge) { static_cast<Edges*>(context)->edges.push_back(edge); }, &edges);
  ASSERT_EQ(edges.edges.size(), 1u);
  EXPECT_EQ(edges.edges[0].victim_ref, 3u);
  EXPECT_EQ(edges.edges[0].victim_proc, 0u);
  EXPECT_EQ(edges.edges[0].invalidator_ref, 4u);
  EXPECT_EQ(edges.edges[0].invalidator_proc, 1u);
  EXPECT_EQ(edges.edges[0].false_in_region, 1u);
  destroy_simulator(shard0);
  destroy_simulator(shard1);
}

// Why the shadow is a stage of its own, by hand. L1 of two direct-mapped 64-byte lines (sets 0 and 1), so
// its fully-associative shadow holds 2 lines; one processor reads lines 0, 1, 2, 0. Line 2 evicts line 0
// (both in set 0), and line 0's return is a replacement miss. The shadow, after 0, 1, 2, holds {1, 2}:
// it misses too, a capacity miss. Shard 0 (lines 0 and 2) alone sees 0, 2, 0: a shadow of its own would
// hold {0, 2} and call the miss a conflict. The stage, seeing shard 1's line 1 in its place, says capacity.
// Without line 1 (reads 0, 2, 0), the shadow hits: a conflict miss.
TEST(ShardedSimulationByHand, TheShadowStageSeesTheLinesOfEveryShard) {
  const MachineConfig config = make_machine("128,1,64", "none", "none", 1, true);
  const auto classify = [&](std::vector<Addr> lines) {
    Simulator* shards[] = {create_shard_simulator(config, LineShard{0, 2}),
                           create_shard_simulator(config, LineShard{1, 2})};
    for (const Addr line : lines) {
      for (Simulator* sim : shards) simulate_access(sim, 0, 1, line * 64, 8, AccessKind::Read, 0, false);
    }
    const ShadowLog* logs[] = {shadow_log(shards[0]), shadow_log(shards[1])};
    ShadowStage stage(config);
    stage.run(logs, 2, nullptr);
    MergedStatistics merged;
    merged.add(shards[0]);
    merged.add(shards[1]);
    merged.add(stage.counts());
    std::vector<std::uint64_t> counts(kNumEvents);
    merged.machine_totals(counts.data());
    for (Simulator* sim : shards) destroy_simulator(sim);
    return counts;
  };
  const std::vector<std::uint64_t> with_line_1 = classify({0, 1, 2, 0});
  EXPECT_EQ(with_line_1[l1(kMissReplacement)], 1u);
  EXPECT_EQ(with_line_1[l1(kMissCapacity)], 1u);
  EXPECT_EQ(with_line_1[l1(kMissConflict)], 0u);
  const std::vector<std::uint64_t> without = classify({0, 2, 0});
  EXPECT_EQ(without[l1(kMissReplacement)], 1u);
  EXPECT_EQ(without[l1(kMissCapacity)], 0u);
  EXPECT_EQ(without[l1(kMissConflict)], 1u);
}

}  // namespace
}  // namespace ccsim::test
