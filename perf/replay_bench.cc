// replay_bench.cc: how fast the replay engine records and replays accesses, in replayed accesses per
// second (items_per_second), with a sink that only sums its arguments: the engine's own cost per access,
// without the simulator's. Four threads in one team (as an OpenMP parallel region) each record 1024
// accesses and then reach a barrier, recording their accesses alternately (t0a0 t1a0 t2a0 t3a0 t0a1 ...)
// as Valgrind's fair scheduler would run them; the engine replays as the events arrive, resuming after
// every 64 accesses of the thread it waits for (the tool's setting). Orders: (a) interleaved round-robin,
// quantum 1 (the default); (b) piped. And (c), below, round-robin into the simulator with 4 and 64
// threads, for thread scaling.
//
// Build and run: make perf/replay_bench && perf/replay_bench (the release engine, libccsimreplay.a).
// Instructions per access, which do not vary between runs: valgrind --tool=callgrind
// perf/replay_bench --benchmark_filter=round_robin --benchmark_min_time=0.2 --benchmark_repetitions=1,
// then divide the inclusive counts of `callgrind_annotate --inclusive=yes` by the accesses printed at
// the end: replay_order's for recording and replaying, ReplayEngine::replay's for replaying alone.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>

#include "ccsim/core/simulator.h"
#include "ccsim/replay/replay_engine.h"
#include "perf/benchmark_defaults.h"

namespace {

using ccsim::AccessKind;
using ccsim::Addr;
using ccsim::ProcId;

constexpr std::uint32_t kThreads = 4;
constexpr std::uint32_t kAccessesPerSegment = 1024;  // per thread between two barriers
constexpr std::uint64_t kTeam = 1;

// The sink: every argument of every replayed access goes into one sum, so the calls cannot be dropped.
struct SummingSink {
  std::uint64_t sum = 0;
  std::uint64_t accesses = 0;

  static void access(void* context, const ccsim::Stream* thread, ccsim::RefId ref, Addr addr, std::uint32_t size,
                     AccessKind kind) {
    SummingSink* sink = static_cast<SummingSink*>(context);
    sink->sum += thread->proc + ref + addr + size + static_cast<std::uint32_t>(kind) + thread->region() +
                 thread->in_critical();
    ++sink->accesses;
  }
  static void thread_start(void*, ProcId) {}
  static void layout_change(void*, std::uint32_t) {}
};

std::uint64_t total_replayed = 0;  // over every benchmark run, for the per-access division

// One order: each iteration records (and so replays) one segment of every thread and a barrier.
void replay_order(benchmark::State& state, ccsim::SimMode mode) {
  SummingSink sink;
  ccsim::ReplayConfig config;
  config.mode = mode;
  config.quantum = 1;
  config.max_buffer_bytes = std::uint64_t(64) << 20;  // far above what one segment needs: no early flush
  config.max_processors = kThreads;
  ccsim::ReplayEngine engine(
      config, ccsim::ReplaySink{&sink, &SummingSink::access, &SummingSink::thread_start, &SummingSink::layout_change});
  for (ProcId thread = 1; thread < kThreads; ++thread) engine.record_thread_created(0, thread);
  for (ProcId thread = 0; thread < kThreads; ++thread) {
    engine.record_sync(thread, ccsim::make_team_enter(kTeam, thread, kThreads, 0));
  }
  for (auto _ : state) {
    for (std::uint32_t i = 0; i < kAccessesPerSegment; ++i) {
      for (ProcId thread = 0; thread < kThreads; ++thread) {
        // Each thread reads and writes its own array of 8-byte words, from eight references of its own.
        const Addr addr = 0x10000000 + (Addr(thread) << 20) + 8 * i;
        engine.record_access(thread, thread * 100 + (i & 7), addr, 8, (i & 1) ? AccessKind::Write : AccessKind::Read);
      }
    }
    for (ProcId thread = 0; thread < kThreads; ++thread) engine.record_sync(thread, ccsim::make_team_barrier(0));
  }
  for (ProcId thread = 0; thread < kThreads; ++thread) {
    engine.record_sync(thread, ccsim::make_team_exit(0));
    engine.record_thread_exit(thread);
  }
  engine.finish();
  state.SetItemsProcessed(static_cast<std::int64_t>(sink.accesses));
  total_replayed += sink.accesses;
  benchmark::DoNotOptimize(sink.sum);
}

// (c) The interleaved order end to end on the host, replay and simulator: perf/workloads/thread_scaling.c
// as the tool records it (each thread's share of a region recorded in one burst, thread after thread, as
// Valgrind's time slices run them; then the barrier) and replays it round-robin, quantum 1, into the
// simulator (simulate_access: L1 32 KiB 8-way, L2 1 MiB 16-way). n threads each own 1/n of three arrays
// of 2048 doubles and make 3 accesses per element (c, b read; a written), 24,576 accesses per region in
// all whatever n; after the first region every access is an L1 hit. Only how many processors take turns
// changes: with 4 and with 64, the same instructions per access, and the host's cache misses tell the
// difference (perf/README.md, "Thread scaling").
struct SimulatorSink {
  ccsim::Simulator* sim;
  std::uint64_t accesses = 0;

  static void access(void* context, const ccsim::Stream* thread, ccsim::RefId ref, Addr addr, std::uint32_t size,
                     AccessKind kind) {
    SimulatorSink* sink = static_cast<SimulatorSink*>(context);
    ccsim::simulate_access(sink->sim, thread->proc, ref, addr, size, kind, thread->region(), thread->in_critical());
    ++sink->accesses;
  }
  static void thread_start(void*, ProcId) {}
  static void layout_change(void*, std::uint32_t) {}
};

void round_robin_into_simulator(benchmark::State& state) {
  const auto threads = static_cast<std::uint32_t>(state.range(0));
  ccsim::MachineConfig machine;
  ccsim::ErrorMessage error;
  if (!ccsim::benchmark_machine(threads, &machine, &error)) {
    state.SkipWithError(error.text);
    return;
  }
  SimulatorSink sink{ccsim::create_simulator(machine)};
  ccsim::ReplayConfig config;
  config.mode = ccsim::SimMode::Interleaved;
  config.quantum = 1;
  config.max_buffer_bytes = std::uint64_t(64) << 20;
  config.max_processors = threads;
  ccsim::ReplayEngine engine(config, ccsim::ReplaySink{&sink, &SimulatorSink::access, &SimulatorSink::thread_start,
                                                       &SimulatorSink::layout_change});
  for (ProcId thread = 1; thread < threads; ++thread) engine.record_thread_created(0, thread);
  for (ProcId thread = 0; thread < threads; ++thread) {
    engine.record_sync(thread, ccsim::make_team_enter(kTeam, thread, threads, 0));
  }
  constexpr std::uint32_t kElements = 2048;
  constexpr std::uint32_t kPassesPerRegion = 4;
  constexpr Addr kA = Addr(1) << 30, kB = kA + kElements * 8, kC = kB + kElements * 8;
  const std::uint32_t share = kElements / threads;
  const auto region = [&] {
    for (ProcId thread = 0; thread < threads; ++thread) {
      const Addr first = Addr(thread) * share * 8;
      for (std::uint32_t pass = 0; pass < kPassesPerRegion; ++pass) {
        for (Addr element = first; element < first + share * 8; element += 8) {
          engine.record_access(thread, 1, kC + element, 8, AccessKind::Read);
          engine.record_access(thread, 2, kB + element, 8, AccessKind::Read);
          engine.record_access(thread, 3, kA + element, 8, AccessKind::Write);
        }
      }
      engine.record_sync(thread, ccsim::make_team_barrier(0));
    }
  };
  region();  // untimed: the caches' first fills
  const std::uint64_t warm_up = sink.accesses;
  for (auto _ : state) region();
  for (ProcId thread = 0; thread < threads; ++thread) {
    engine.record_sync(thread, ccsim::make_team_exit(0));
    engine.record_thread_exit(thread);
  }
  engine.finish();
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * kElements * kPassesPerRegion * 3);
  benchmark::DoNotOptimize(sink.accesses - warm_up);
  ccsim::destroy_simulator(sink.sim);
}

// (a) Interleaved round-robin, quantum 1: every access is a turn of its own.
void round_robin_quantum_1(benchmark::State& state) { replay_order(state, ccsim::SimMode::Interleaved); }
// (b) Piped: each thread's segment replayed whole, thread after thread.
void piped(benchmark::State& state) { replay_order(state, ccsim::SimMode::Piped); }

BENCHMARK(round_robin_quantum_1);
BENCHMARK(piped);
BENCHMARK(round_robin_into_simulator)->ArgName("threads")->Arg(4)->Arg(64);

}  // namespace

// The defaults of every host benchmark (benchmark_defaults.h); flags on the command line override them.
int main(int argc, char** argv) {
  if (!ccsim::initialize_benchmarks(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  std::printf("accesses replayed in all runs: %llu\n", static_cast<unsigned long long>(total_replayed));
  benchmark::Shutdown();
  return 0;
}
