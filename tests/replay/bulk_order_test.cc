// bulk_order_test.cc: the replay's fast paths (round-robin turns in a lane, whole rounds counted in
// advance and replayed in bulk, runs of accesses in one loop) must replay exactly what the reference
// path replays: every turn through run(), one access at a time (ReplayConfig::turn_by_turn). Random
// threads with accesses (some with addresses above 2^48, which take the 5-word form and so move the
// chunk ends), layout changes, barriers and locks are recorded into two engines in the same random
// interleaving (bursts of one step up to hundreds, as Valgrind's scheduler switches threads), and the
// two sinks must see the same sequence: every access with its thread, processor, reference, address,
// size, kind, region and critical flag, every thread start and every layout change, in the same order;
// and the same early flushes and forced orderings. Orders: round-robin with quantum 1 and larger quanta,
// random, piped; the replay resumed after 1, 5 or 64 accesses; buffers large, or small enough to force
// early flushes. Each scenario is also recorded with its runs of accesses packed
// (ReplayEngine::record_packed_accesses, a simulation worker's way), which must replay the same.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "ccsim/core/host_platform.h"
#include "ccsim/replay/replay_engine.h"

namespace ccsim {
namespace {

constexpr std::uint64_t kTeam = 0x7ea3;

// One recording step of one thread.
struct Step {
  enum Kind : std::uint8_t { Access, LayoutChange, Barrier, Lock, Unlock, TeamEnter, TeamExit, Exit } kind;
  RefId ref = 0;
  Addr addr = 0;
  std::uint32_t size = 0;
  AccessKind access_kind = AccessKind::Read;
  std::uint64_t key = 0;  // the lock, the layout change's number, or the team member's number
};

// The steps of `threads` threads in one team: each enters the team, then in each of `phases` phases
// makes accesses (now and then a layout change, or a few accesses under a lock), reaches a barrier,
// and at the end leaves the team and exits.
std::vector<std::vector<Step>> random_scripts(std::mt19937_64* random, std::uint32_t threads, std::uint32_t phases) {
  std::vector<std::vector<Step>> scripts(threads);
  std::uint32_t next_change = 1;
  for (std::uint32_t t = 0; t < threads; ++t) {
    std::vector<Step>& steps = scripts[t];
    steps.push_back(Step{Step::TeamEnter, 0, 0, 0, AccessKind::Read, t});
    std::uint32_t index = 0;
    auto add_access = [&] {
      Step step{Step::Access};
      step.ref = t * 1000 + index % 1000;
      // One access in eight has an address above 2^48 (the queue's 5-word form).
      const bool wide = (*random)() % 8 == 0;
      step.addr = (wide ? Addr(0x1234) << 48 : Addr(0x10000000)) + (Addr(t) << 20) + 8 * index;
      step.size = 1 + (*random)() % 16;
      step.access_kind = static_cast<AccessKind>((*random)() % 2);
      steps.push_back(step);
      ++index;
    };
    for (std::uint32_t phase = 0; phase < phases; ++phase) {
      // Phases of very different lengths: a thread with few accesses limits the whole rounds.
      const std::uint32_t length = (*random)() % 3 == 0 ? (*random)() % 4 : (*random)() % 700;
      for (std::uint32_t i = 0; i < length; ++i) {
        const std::uint32_t dice = (*random)() % 200;
        if (dice == 0) {
          steps.push_back(Step{Step::LayoutChange, 0, 0, 0, AccessKind::Read, next_change++});
        } else if (dice == 1) {
          const std::uint64_t lock = 0xa000 + (*random)() % 2;
          steps.push_back(Step{Step::Lock, 0, 0, 0, AccessKind::Read, lock});
          for (std::uint32_t k = (*random)() % 4; k > 0; --k) add_access();
          steps.push_back(Step{Step::Unlock, 0, 0, 0, AccessKind::Read, lock});
        } else {
          add_access();
        }
      }
      steps.push_back(Step{Step::Barrier});
    }
    steps.push_back(Step{Step::TeamExit});
    steps.push_back(Step{Step::Exit});
  }
  return scripts;
}

// The recording order: (thread, step) pairs, in bursts of one thread's steps.
std::vector<std::pair<std::uint32_t, std::size_t>> random_interleaving(std::mt19937_64* random,
                                                                       const std::vector<std::vector<Step>>& scripts) {
  std::vector<std::pair<std::uint32_t, std::size_t>> order;
  std::vector<std::size_t> next(scripts.size(), 0);
  const std::uint32_t longest_burst = (*random)() % 2 == 0 ? 3 : 400;
  for (;;) {
    std::vector<std::uint32_t> left;
    for (std::uint32_t t = 0; t < scripts.size(); ++t) {
      if (next[t] < scripts[t].size()) left.push_back(t);
    }
    if (left.empty()) return order;
    const std::uint32_t t = left[(*random)() % left.size()];
    for (std::uint32_t burst = 1 + (*random)() % longest_burst; burst > 0 && next[t] < scripts[t].size(); --burst) {
      order.emplace_back(t, next[t]++);
    }
  }
}

// Everything a sink receives, one entry per call: what it was and all its arguments.
struct Log {
  std::vector<std::string> entries;
  std::size_t accesses = 0;

  static void on_access(void* context, const Stream* thread, RefId ref, Addr addr, std::uint32_t size,
                        AccessKind kind) {
    Log* log = static_cast<Log*>(context);
    log->entries.push_back("access thread " + std::to_string(thread->id) + " proc " + std::to_string(thread->proc) +
                           " ref " + std::to_string(ref) + " addr " + std::to_string(addr) + " size " +
                           std::to_string(size) + " kind " + std::to_string(static_cast<int>(kind)) + " region " +
                           std::to_string(thread->region()) + " critical " + std::to_string(thread->in_critical()));
    ++log->accesses;
  }
  static void on_start(void* context, ProcId proc) {
    static_cast<Log*>(context)->entries.push_back("start " + std::to_string(proc));
  }
  static void on_layout_change(void* context, std::uint32_t change) {
    static_cast<Log*>(context)->entries.push_back("change " + std::to_string(change));
  }
};

struct Outcome {
  Log log;
  std::uint64_t early_flushes = 0;
  std::uint64_t forced_orderings = 0;
};

// Records the scripts in `order` into an engine configured by `config` and returns what its sink got.
// `packed`: each run of one thread's accesses in `order` is packed (EventQueue::pack_access) and recorded
// at once with record_packed_accesses(), as a simulation worker records its ring's runs.
void replay(const ReplayConfig& config, const std::vector<std::vector<Step>>& scripts,
            const std::vector<std::pair<std::uint32_t, std::size_t>>& order, Outcome* outcome, bool packed = false) {
  ReplayEngine engine(config, ReplaySink{&outcome->log, &Log::on_access, &Log::on_start, &Log::on_layout_change});
  for (ProcId t = 1; t < scripts.size(); ++t) engine.record_thread_created(0, t);
  std::vector<std::uint32_t> run;  // the packed run of thread `run_thread`
  ProcId run_thread = 0;
  std::uint64_t run_accesses = 0;
  auto record_run = [&] {
    if (run.empty()) return;
    std::uint64_t count = 0;
    const std::uint32_t* end = engine.record_packed_accesses(run_thread, run.data(), run.data() + run.size(), &count);
    EXPECT_EQ(end, run.data() + run.size());
    EXPECT_EQ(count, run_accesses);
    run.clear();
    run_accesses = 0;
  };
  for (const auto& [t, index] : order) {
    const Step& step = scripts[t][index];
    if (packed && step.kind == Step::Access) {
      if (t != run_thread) record_run();
      run_thread = t;
      std::uint32_t words[5];
      const std::uint32_t taken = EventQueue::pack_access(words, step.ref, step.addr, step.size, step.access_kind);
      run.insert(run.end(), words, words + taken);
      ++run_accesses;
      continue;
    }
    record_run();
    switch (step.kind) {
      case Step::Access: engine.record_access(t, step.ref, step.addr, step.size, step.access_kind); break;
      case Step::LayoutChange: engine.record_layout_change(t, static_cast<std::uint32_t>(step.key)); break;
      case Step::Barrier: engine.record_sync(t, make_team_barrier(0)); break;
      case Step::Lock: engine.record_sync(t, make_lock_acquire(step.key)); break;
      case Step::Unlock: engine.record_sync(t, make_lock_release(step.key)); break;
      case Step::TeamEnter:
        engine.record_sync(t, make_team_enter(kTeam, static_cast<std::uint32_t>(step.key), scripts.size(), 0));
        break;
      case Step::TeamExit: engine.record_sync(t, make_team_exit(0)); break;
      case Step::Exit: engine.record_thread_exit(t); break;
    }
  }
  record_run();
  engine.finish();
  outcome->early_flushes = engine.early_flushes();
  outcome->forced_orderings = engine.forced_orderings();
}

class BulkOrderTest : public ::testing::Test {
 protected:
  void SetUp() override { install_host_platform(); }

  // `trials` random scenarios in `config`'s order (with random resumption and buffer sizes): the fast
  // paths and the reference path must replay the same sequence.
  void compare(ReplayConfig config, std::uint64_t seed, std::uint32_t trials) {
    std::mt19937_64 random(seed);
    for (std::uint32_t trial = 0; trial < trials; ++trial) {
      const std::uint32_t threads = 2 + random() % 4;
      const auto scripts = random_scripts(&random, threads, 1 + random() % 4);
      const auto order = random_interleaving(&random, scripts);
      std::size_t recorded = 0;
      for (const auto& script : scripts) {
        for (const Step& step : script) recorded += step.kind == Step::Access;
      }
      static constexpr std::uint32_t kResumes[] = {1, 5, 64};
      config.accesses_per_resume = kResumes[random() % 3];
      // Small buffers: 2 chunks in all, fewer than the threads hold, so the replay flushes early.
      config.max_buffer_bytes = random() % 3 == 0 ? 2 * EventQueue::kChunkBytes : 1 << 20;
      config.max_processors = 8;
      SCOPED_TRACE("trial " + std::to_string(trial) + ", " + std::to_string(threads) + " threads, quantum " +
                   std::to_string(config.quantum) + ", resume after " + std::to_string(config.accesses_per_resume) +
                   ", buffer " + std::to_string(config.max_buffer_bytes));
      Outcome fast;
      Outcome packed;
      Outcome reference;
      config.turn_by_turn = false;
      replay(config, scripts, order, &fast);
      replay(config, scripts, order, &packed, true);
      config.turn_by_turn = true;
      replay(config, scripts, order, &reference);
      // Every recorded access is replayed exactly once by each path, and the sequences agree entry by
      // entry (the first difference is reported, not thousands).
      ASSERT_EQ(reference.log.accesses, recorded);
      ASSERT_EQ(fast.log.accesses, recorded);
      ASSERT_EQ(fast.log.entries.size(), reference.log.entries.size());
      for (std::size_t i = 0; i < fast.log.entries.size(); ++i) {
        ASSERT_EQ(fast.log.entries[i], reference.log.entries[i]) << "entry " << i;
      }
      EXPECT_EQ(fast.early_flushes, reference.early_flushes);
      EXPECT_EQ(fast.forced_orderings, reference.forced_orderings);
      // Runs of accesses recorded packed, as a simulation worker records them: the same again.
      ASSERT_EQ(packed.log.entries.size(), reference.log.entries.size());
      for (std::size_t i = 0; i < packed.log.entries.size(); ++i) {
        ASSERT_EQ(packed.log.entries[i], reference.log.entries[i]) << "packed, entry " << i;
      }
      EXPECT_EQ(packed.early_flushes, reference.early_flushes);
      EXPECT_EQ(packed.forced_orderings, reference.forced_orderings);
    }
  }

  static ReplayConfig config_of(SimMode mode, Schedule schedule, std::uint32_t quantum) {
    ReplayConfig config;
    config.mode = mode;
    config.schedule = schedule;
    config.quantum = quantum;
    config.seed = 17;
    return config;
  }
};

TEST_F(BulkOrderTest, RoundRobinQuantumOne) { compare(config_of(SimMode::Interleaved, Schedule::RoundRobin, 1), 1, 40); }
TEST_F(BulkOrderTest, RoundRobinQuantumTwo) { compare(config_of(SimMode::Interleaved, Schedule::RoundRobin, 2), 2, 25); }
TEST_F(BulkOrderTest, RoundRobinQuantumSeven) { compare(config_of(SimMode::Interleaved, Schedule::RoundRobin, 7), 3, 25); }
TEST_F(BulkOrderTest, RoundRobinQuantumLargerThanRuns) {
  compare(config_of(SimMode::Interleaved, Schedule::RoundRobin, 300), 4, 15);
}
TEST_F(BulkOrderTest, RandomOrder) { compare(config_of(SimMode::Interleaved, Schedule::Random, 3), 5, 15); }
TEST_F(BulkOrderTest, Piped) { compare(config_of(SimMode::Piped, Schedule::RoundRobin, 1), 6, 25); }

}  // namespace
}  // namespace ccsim
