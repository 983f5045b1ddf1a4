// options.h: ccsim's command-line options, parsed in one place (options.cc) with their defaults.
#ifndef CCSIM_TOOL_OPTIONS_H
#define CCSIM_TOOL_OPTIONS_H

#include "ccsim/core/geometry.h"
#include "ccsim/core/line_shard.h"
#include "ccsim/tool/data_objects/object_timeline.h"
#include "ccsim/tool/threads/sync.h"

namespace ccsim {

// Every option's value after parsing. Defaults are set in options.cc and shown by --help.
struct Options {
  MachineConfig machine;          // --L1, --L2, --LLC, --miss-classes
  const char* out_file = nullptr; // --ccsim-out-file (expanded at exit: %p, %q{VAR})
  bool trace_stack = true;        // --trace-stack
  bool instr_at_start = true;     // --instr-atstart
  SyncOptions sync;               // --sim-mode, --quantum, --schedule, --seed, --max-buffer, --trace-runtime
  bool data_objects = true;       // --data-objects: attribute events to data objects (docs/data-objects.md)
  std::uint32_t alloc_depth = 4;  // --alloc-depth: frames of the allocation stack that make a heap bin
  // --alloc-fn (repeatable, Massif's meaning): functions that only allocate for their caller, skipped in
  // allocation stacks as if they were malloc; `alloc_fn_count` of them.
  static constexpr std::uint32_t kMaxAllocFns = 32;
  const char* alloc_fns[kMaxAllocFns] = {};
  std::uint32_t alloc_fn_count = 0;
  std::uint32_t line_detail = 10; // --line-detail: hottest invalidated lines described byte by byte
  // --block-histograms: the objects with the most invalidations (then misses) whose blocks are written
  std::uint32_t block_histograms = 20;
  // --block-objects (repeatable, names separated by commas): objects whose blocks are written whatever
  // their weight; `block_object_count` values.
  static constexpr std::uint32_t kMaxBlockObjectOptions = 32;
  const char* block_objects[kMaxBlockObjectOptions] = {};
  std::uint32_t block_object_count = 0;
  // --phases: count per region (barrier) and object, and per barrier and line (region_phases.h); off by
  // default, it costs false_sharing about 10% (perf/README.md)
  bool phases = false;
  // --timeline: off, every <n> accesses, or every epoch (object_timeline.h)
  TimelineUnit timeline_unit = TimelineUnit::Off;
  std::uint64_t timeline_width = 0;
  // --working-set: count cache sets, resident lines and live heap blocks (cache_sets.h), and write the
  // set histograms of the --set-histograms objects with the most conflict (then replacement) misses
  bool working_set = false;
  std::uint32_t set_histograms = 10;
  // Object paths (object_paths.h). --paths (repeatable, names separated by commas): heap sites followed
  // from their first allocation, `path_site_name_count` values; --path-sites: how many sites whose data a
  // second thread touches are followed from then on.
  static constexpr std::uint32_t kMaxPathSiteOptions = 32;
  const char* path_site_names[kMaxPathSiteOptions] = {};
  std::uint32_t path_site_name_count = 0;
  std::uint32_t path_sites = 4;
  std::int64_t progress_interval = -1;  // --ccsim-progress-interval; -1: unset (progress_interval.h)
  // --sim-threads: 0 simulates on the program's thread; N > 0 in N worker processes
  // (workers/worker_process.h), each of several simulating its own line shards.
  std::uint32_t sim_threads = 0;
  // --trace-out: the file the recorded stream is kept in (null: none); --trace-in: the trace this run
  // re-simulates instead of running the program (ccsim-sim gives it; docs/traces.md). Either needs a
  // simulation worker: with --sim-threads=0 there is one.
  const char* trace_out = nullptr;
  const char* trace_in = nullptr;
  // --sim-shards: the line shards dealt out among several workers (0: chosen by check_options()).
  std::uint32_t sim_shards = 0;
  // The line shards this process's simulator simulates (core/line_shard.h): the whole machine (0 of 1) by
  // default; with several workers every one of --sim-shards until each worker takes its own
  // (worker_loop.cc); with --sim-worker-shard=K/S (debug, `worker_shard_debug`; for perf/sim_shard_bench.sh
  // and the shard tests) shard K of S alone, as one of S shard workers would, its profile then holding that
  // shard's lines alone.
  LineShard worker_shard;
  bool worker_shard_debug = false;
  // --requests-in-line (debug): the preload's frequent requests answered in the translated code
  // (instrumentation/requests_in_line.h); no leaves them all to Valgrind, for the tests that compare.
  bool requests_in_line = true;
};

extern Options options;

void set_default_options();
// Recognises one of ccsim's options; returns false for any other. A bad value stops Valgrind with
// one sentence naming the option and what is allowed.
bool process_option(const char* arg);
// Cross-option checks after all options are read (e.g. equal line sizes); stops Valgrind on error.
void check_options();
void print_usage();
void print_debug_usage();

}  // namespace ccsim

#endif
