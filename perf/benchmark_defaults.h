// benchmark_defaults.h: how every host benchmark starts (perf/core_bench, perf/replay_bench).
#ifndef CCSIM_PERF_BENCHMARK_DEFAULTS_H
#define CCSIM_PERF_BENCHMARK_DEFAULTS_H

#include <benchmark/benchmark.h>

#include <vector>

#include "ccsim/core/geometry.h"
#include "ccsim/core/host_platform.h"

namespace ccsim {

// Installs the host platform and initializes Google Benchmark so that, by default, each benchmark runs
// 5 times, interleaved in random order with the others, and reports the mean, median and spread: on a
// shared machine, load that comes and goes then affects all of them alike instead of one. Flags given
// on the command line override these. False when the command line has an unknown flag (reported).
inline bool initialize_benchmarks(int argc, char** argv) {
  install_host_platform();
  std::vector<char*> arguments = {argv[0], const_cast<char*>("--benchmark_repetitions=5"),
                                  const_cast<char*>("--benchmark_enable_random_interleaving=true"),
                                  const_cast<char*>("--benchmark_report_aggregates_only=true")};
  arguments.insert(arguments.end(), argv + 1, argv + argc);
  int count = static_cast<int>(arguments.size());
  benchmark::Initialize(&count, arguments.data());
  return !benchmark::ReportUnrecognizedArguments(count, arguments.data());
}

// The machine every host benchmark simulates, with `processors` processors: a 32 KiB 8-way L1 and a
// 1 MiB 16-way private L2 of 64-byte lines and no LLC, as perf/tool_bench.sh gives the tool. False, with the
// reason in `error`, when it is not a valid machine.
inline bool benchmark_machine(std::uint32_t processors, MachineConfig* machine, ErrorMessage* error) {
  *machine = MachineConfig();
  machine->max_processors = processors;
  return parse_geometry("32768,8,64", false, "--L1", &machine->l1, error) &&
         parse_geometry("1048576,16,64", true, "--L2", &machine->l2, error) && validate_machine(*machine, error);
}

}  // namespace ccsim

#endif
