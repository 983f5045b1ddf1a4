// core_bench.cc: how fast the simulator core runs, in simulated accesses per second (items_per_second),
// on the workloads that bound it: (a) private streaming, every access a new line (the miss path end to
// end); (b) one processor hitting in L1 (the inline fast path); (c) false-sharing ping-pong between 4
// processors and (d) between 64 (the coherence path); (e) the tool's triad as the core sees it; (f) an
// L1 miss that hits L2 (the private hierarchy's inner miss); (g) the tool's thread_scaling.c as the
// interleaved order hands it to the core, 4 and 64 processors sharing the same total work. The machine
// is an L1 of 32 KiB 8-way and a private L2 of 1 MiB 16-way, 64-byte lines, no LLC. After the runs it
// prints the cost of one access in (d) relative to (c), which a directory that visits only actual
// sharers keeps near 1, in (g) with 64 processors relative to 4, and in (h), (a) offered to one line
// shard of 1, 2 and 4, relative to (a).
//
// Build and run: make perf/core_bench && perf/core_bench (the release core, libccsimcore.a).
// Instructions per access, which do not vary between runs: perf/README.md says how to count them in the
// timed loops alone with Callgrind.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "ccsim/core/simulator.h"
#include "perf/benchmark_defaults.h"

namespace {

using ccsim::AccessKind;
using ccsim::Addr;

constexpr int kAccessesPerIteration = 4096;  // keeps the benchmark loop's own overhead out of the rate

ccsim::MachineConfig benchmark_machine(std::uint32_t processors) {
  ccsim::MachineConfig config;
  ccsim::ErrorMessage error;
  if (!ccsim::benchmark_machine(processors, &config, &error)) {
    std::fprintf(stderr, "core_bench: %s\n", error.text);
    std::exit(1);
  }
  return config;
}

// (a) Reads 8 bytes of each line of a 64 MiB region in turn, 64 times the L2: every access misses both
// levels and evicts a line from each.
void private_streaming(benchmark::State& state) {
  ccsim::Simulator* sim = ccsim::create_simulator(benchmark_machine(1));
  constexpr Addr kRegionBytes = Addr(64) << 20;
  Addr addr = 0;
  for (auto _ : state) {
    for (int i = 0; i < kAccessesPerIteration; ++i) {
      ccsim::simulate_access(sim, 0, 1, addr, 8, AccessKind::Read, 0, false);
      addr = (addr + 64) & (kRegionBytes - 1);
    }
  }
  state.SetItemsProcessed(state.iterations() * kAccessesPerIteration);
  ccsim::destroy_simulator(sim);
}

// (h) (a) offered to shard 0 of S (line_shard.h): one access in S is its line, the others are skipped,
// as by a worker that reads the whole stream and simulates its shard. S = 1 is the whole machine through
// create_shard_simulator(); the summary prints its cost per access relative to (a)'s create_simulator(),
// the same instructions (the line test sits on the miss path, past `shard.count != 1`), and, for S = 2
// and 4, the cost per offered access relative to (a).
void shard_of_private_streaming(benchmark::State& state) {
  const auto shards = static_cast<std::uint32_t>(state.range(0));
  ccsim::Simulator* sim = ccsim::create_shard_simulator(benchmark_machine(1), ccsim::LineShard{0, shards});
  constexpr Addr kRegionBytes = Addr(64) << 20;
  Addr addr = 0;
  for (auto _ : state) {
    for (int i = 0; i < kAccessesPerIteration; ++i) {
      ccsim::simulate_access(sim, 0, 1, addr, 8, AccessKind::Read, 0, false);
      addr = (addr + 64) & (kRegionBytes - 1);
    }
  }
  state.SetItemsProcessed(state.iterations() * kAccessesPerIteration);
  ccsim::destroy_simulator(sim);
}

// (b) Reads then writes each 8-byte word of a 16 KiB array, over and over: after the first pass every
// access is an L1 hit on a Modified line.
void hit_dominated(benchmark::State& state) {
  ccsim::Simulator* sim = ccsim::create_simulator(benchmark_machine(1));
  constexpr Addr kArrayBytes = 16 * 1024;
  // Untimed warm-up: one pass brings the array into L1, Modified.
  for (Addr addr = 0; addr < kArrayBytes; addr += 8) {
    ccsim::simulate_access(sim, 0, 1, addr, 8, AccessKind::Read, 0, false);
    ccsim::simulate_access(sim, 0, 2, addr, 8, AccessKind::Write, 0, false);
  }
  Addr addr = 0;
  for (auto _ : state) {
    for (int i = 0; i < kAccessesPerIteration; i += 2) {
      ccsim::simulate_access(sim, 0, 1, addr, 8, AccessKind::Read, 0, false);
      ccsim::simulate_access(sim, 0, 2, addr, 8, AccessKind::Write, 0, false);
      addr = (addr + 8) & (kArrayBytes - 1);
    }
  }
  state.SetItemsProcessed(state.iterations() * kAccessesPerIteration);
  ccsim::destroy_simulator(sim);
}

// (c), (d) Processors 0..n-1 write byte p of one line in turn: every write is a coherence miss that
// invalidates exactly one copy (the previous writer's), false sharing.
void false_sharing_ping_pong(benchmark::State& state) {
  const auto processors = static_cast<std::uint32_t>(state.range(0));
  ccsim::Simulator* sim = ccsim::create_simulator(benchmark_machine(processors));
  constexpr Addr kLine = 0x10000;
  const auto write_in_turn = [&](std::uint32_t proc) {
    ccsim::simulate_access(sim, proc, 100 + proc, kLine + proc, 1, AccessKind::Write, 0, false);
  };
  // Untimed warm-up: each processor's caches and records are created at its first access.
  for (std::uint32_t proc = 0; proc < processors; ++proc) write_in_turn(proc);
  std::uint32_t proc = 0;
  for (auto _ : state) {
    for (int i = 0; i < kAccessesPerIteration; ++i) {
      write_in_turn(proc);
      proc = proc + 1 == processors ? 0 : proc + 1;
    }
  }
  state.SetItemsProcessed(state.iterations() * kAccessesPerIteration);
  ccsim::destroy_simulator(sim);
}

// (e) The tool's triad workload (perf/workloads/triad.c) as the core sees it: 4 threads on a machine
// sized like the tool's (500 processors), each computing a[i] = b[i] + s * c[i] over its own quarter of
// three 4 MiB arrays (two 8-byte reads and a write per element), in turns of 4096 elements as Valgrind's
// time slices run them. Each thread's 3 MiB exceed its L2, so one access in 8 misses both levels and
// evicts a line from each (a Modified one for the a[] stream).
void triad_four_threads(benchmark::State& state) {
  constexpr std::uint32_t kThreads = 4;
  ccsim::MachineConfig config = benchmark_machine(500);
  ccsim::Simulator* sim = ccsim::create_simulator(config);
  constexpr Addr kArrayBytes = Addr(4) << 20;
  constexpr Addr kA = Addr(1) << 30, kB = kA + kArrayBytes, kC = kB + kArrayBytes;
  constexpr Addr kQuarter = kArrayBytes / kThreads;
  constexpr int kTurnElements = kAccessesPerIteration / 3;
  Addr offset[kThreads] = {};
  const auto run_turn = [&](std::uint32_t thread) {
    Addr& at = offset[thread];
    const Addr base = thread * kQuarter;
    for (int i = 0; i < kTurnElements; ++i) {
      ccsim::simulate_access(sim, thread, 1, kB + base + at, 8, AccessKind::Read, 0, false);
      ccsim::simulate_access(sim, thread, 2, kC + base + at, 8, AccessKind::Read, 0, false);
      ccsim::simulate_access(sim, thread, 3, kA + base + at, 8, AccessKind::Write, 0, false);
      at = (at + 8) & (kQuarter - 1);
    }
  };
  // Untimed warm-up: one pass of every thread over its quarter fills the caches and sizes the directory,
  // as a long-running program would have.
  constexpr std::uint32_t kTurnsPerPass = kQuarter / 8 / kTurnElements + 1;
  for (std::uint32_t turn = 0; turn < kTurnsPerPass; ++turn) {
    for (std::uint32_t thread = 0; thread < kThreads; ++thread) run_turn(thread);
  }
  std::uint32_t thread = 0;
  for (auto _ : state) {
    run_turn(thread);
    thread = (thread + 1) % kThreads;
  }
  state.SetItemsProcessed(state.iterations() * kTurnElements * 3);
  ccsim::destroy_simulator(sim);
}

// (f) One processor reads 8 bytes of each line of a 512 KiB array in turn, 16 times the L1 and half the
// L2: after an untimed first pass every access misses L1, hits L2 (found at the 1st to 8th way of its
// set, as in a well-used L2) and evicts a clean L1 line: the pattern of the tool's matmul.c, whose
// column walk misses L1 every 8th access and hits L2.
void l1_miss_l2_hit(benchmark::State& state) {
  ccsim::Simulator* sim = ccsim::create_simulator(benchmark_machine(1));
  constexpr Addr kArrayBytes = 512 * 1024;
  for (Addr addr = 0; addr < kArrayBytes; addr += 64) {
    ccsim::simulate_access(sim, 0, 1, addr, 8, AccessKind::Read, 0, false);
  }
  Addr addr = 0;
  for (auto _ : state) {
    for (int i = 0; i < kAccessesPerIteration; ++i) {
      ccsim::simulate_access(sim, 0, 1, addr, 8, AccessKind::Read, 0, false);
      addr = (addr + 64) & (kArrayBytes - 1);
    }
  }
  state.SetItemsProcessed(state.iterations() * kAccessesPerIteration);
  ccsim::destroy_simulator(sim);
}

// (g) perf/workloads/thread_scaling.c as the core sees it in the interleaved order (round-robin, quantum
// 1): n processors each own 1/n of three arrays of 2048 doubles and compute a[k] = b[k] + 3 * c[k] over
// their share, over and over (a read of c, a read of b, a write of a per element); each turn is one
// access, so consecutive accesses are of processors 0, 1, ..., n-1. The total work and the total data
// (48 KiB, 768 lines) are the same for any n; after an untimed first pass every access is an L1 hit, on
// a Modified line for the writes. Only how often the host switches between processors' data changes.
void interleaved_private_chunks(benchmark::State& state) {
  const auto processors = static_cast<std::uint32_t>(state.range(0));
  ccsim::Simulator* sim = ccsim::create_simulator(benchmark_machine(processors));
  constexpr std::uint32_t kElements = 2048;
  constexpr Addr kA = Addr(1) << 30, kB = kA + kElements * 8, kC = kB + kElements * 8;
  const std::uint32_t share = kElements / processors;
  // One round: every processor's access number `access` of its stream (c, b, a for each element).
  const auto round = [&](std::uint32_t access) {
    const Addr element = Addr(access / 3 % share) * 8;
    const std::uint32_t which = access % 3;
    const Addr array = which == 0 ? kC : which == 1 ? kB : kA;
    const AccessKind kind = which == 2 ? AccessKind::Write : AccessKind::Read;
    for (std::uint32_t proc = 0; proc < processors; ++proc) {
      ccsim::simulate_access(sim, proc, 1 + which, array + proc * share * 8 + element, 8, kind, 0, false);
    }
  };
  for (std::uint32_t access = 0; access < share * 3; ++access) round(access);
  const std::uint32_t rounds_per_iteration = kAccessesPerIteration / processors;
  std::uint32_t access = 0;
  for (auto _ : state) {
    for (std::uint32_t i = 0; i < rounds_per_iteration; ++i) {
      round(access);
      access = access + 1 == share * 3 ? 0 : access + 1;
    }
  }
  state.SetItemsProcessed(state.iterations() * rounds_per_iteration * processors);
  ccsim::destroy_simulator(sim);
}

BENCHMARK(private_streaming);
BENCHMARK(hit_dominated);
BENCHMARK(false_sharing_ping_pong)->ArgName("processors")->Arg(4)->Arg(64);
BENCHMARK(triad_four_threads);
BENCHMARK(l1_miss_l2_hit);
BENCHMARK(interleaved_private_chunks)->ArgName("processors")->Arg(4)->Arg(64);
BENCHMARK(shard_of_private_streaming)->ArgName("shards")->Arg(1)->Arg(2)->Arg(4);

// The console reporter, remembering the rates of (c), (d) and (g) for the summary lines: the median over
// the repetitions when there are several, else the single run.
class RateRecorder : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      const auto rate = run.counters.find("items_per_second");
      const bool summary = run.run_type == Run::RT_Iteration || run.aggregate_name == "median";
      if (!summary || run.error_occurred || rate == run.counters.end()) continue;
      const std::string name = run.run_name.str();
      if (name == "false_sharing_ping_pong/processors:4") ping_pong_4 = rate->second.value;
      if (name == "false_sharing_ping_pong/processors:64") ping_pong_64 = rate->second.value;
      if (name == "interleaved_private_chunks/processors:4") chunks_4 = rate->second.value;
      if (name == "interleaved_private_chunks/processors:64") chunks_64 = rate->second.value;
      if (name == "private_streaming") streaming = rate->second.value;
      for (int i = 0; i < 3; ++i) {
        if (name == "shard_of_private_streaming/shards:" + std::to_string(1 << i)) shard_of[i] = rate->second.value;
      }
    }
  }

  double ping_pong_4 = 0;
  double ping_pong_64 = 0;
  double chunks_4 = 0;
  double chunks_64 = 0;
  double streaming = 0;
  double shard_of[3] = {0, 0, 0};  // (h) with 1, 2 and 4 shards
};

}  // namespace

// The defaults of every host benchmark (benchmark_defaults.h); flags on the command line override them.
int main(int argc, char** argv) {
  if (!ccsim::initialize_benchmarks(argc, argv)) return 1;
  RateRecorder reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  if (reporter.ping_pong_4 > 0 && reporter.ping_pong_64 > 0) {
    std::printf("per-access cost, 64-processor / 4-processor false-sharing ping-pong: %.2f\n",
                reporter.ping_pong_4 / reporter.ping_pong_64);
  }
  if (reporter.chunks_4 > 0 && reporter.chunks_64 > 0) {
    std::printf("per-access cost, 64-processor / 4-processor interleaved private chunks: %.2f\n",
                reporter.chunks_4 / reporter.chunks_64);
  }
  for (int i = 0; i < 3; ++i) {
    if (reporter.streaming > 0 && reporter.shard_of[i] > 0) {
      std::printf("per-access cost, private streaming offered to shard 0 of %d / whole machine: %.2f\n", 1 << i,
                  reporter.streaming / reporter.shard_of[i]);
    }
  }
  benchmark::Shutdown();
  return 0;
}
