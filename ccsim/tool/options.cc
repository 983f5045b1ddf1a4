// options.cc: parses and checks ccsim's options. One table of defaults (set_default_options) that
// --help prints, so the usage text and the behaviour cannot disagree.
#include "ccsim/tool/options.h"

#include "ccsim/replay/event_queue.h"
#include "ccsim/tool/data_objects/allocation_sites.h"
#include "ccsim/tool/data_objects/object_paths.h"
#include "ccsim/tool/workers/shared_ring.h"
#include "ccsim/tool/workers/shard_counts.h"
#include "ccsim/tool/workers/worker_process.h"
#include "ccsim/tool/output/progress_interval.h"
#include "ccsim/tool/valgrind_api.h"

namespace ccsim {

Options options;

namespace {

// Defaults resembling one core of a current x86 server part: 32 KiB 8-way L1D, 1 MiB 16-way private
// L2, and an 8 MiB 16-way LLC shared by all threads; 64-byte lines.
constexpr const char* kDefaultL1 = "32768,8,64";
constexpr const char* kDefaultL2 = "1048576,16,64";
constexpr const char* kDefaultLLC = "8388608,16,64";
constexpr const char* kDefaultOutFile = "ccsim.out.%p";
constexpr std::uint64_t kDefaultMaxBufferMiB = 256;
constexpr std::uint32_t kDefaultAllocDepth = 4;
constexpr std::uint32_t kDefaultLineDetail = 10;
constexpr std::uint32_t kMaxLineDetail = 100000;
constexpr std::uint32_t kDefaultBlockHistograms = 20;
constexpr std::uint32_t kMaxBlockHistograms = 100000;
constexpr std::uint32_t kDefaultSetHistograms = 10;
constexpr std::uint32_t kMaxSetHistograms = 100000;
constexpr std::uint32_t kDefaultPathSites = 4;

void parse_level(const char* arg, const char* value, bool allow_none, const char* name, CacheGeometry* out) {
  ErrorMessage error;
  if (!parse_geometry(value, allow_none, name, out, &error)) VG_(fmsg_bad_option)(arg, "%s\n", error.text);
}

// Parses a decimal number in [min, max] or stops with a sentence naming the option and the range. Only
// digits are accepted (no sign, no spaces), and each digit is checked against overflow: a value of
// 2^64 or more is out of range, never wrapped.
std::uint64_t parse_number(const char* arg, const char* value, std::uint64_t min, std::uint64_t max) {
  std::uint64_t parsed = 0;
  bool valid = *value != '\0';
  for (const char* c = value; valid && *c != '\0'; ++c) {
    const std::uint64_t digit = static_cast<std::uint64_t>(*c - '0');
    valid = *c >= '0' && *c <= '9' && parsed <= (~0ull - digit) / 10;
    if (valid) parsed = parsed * 10 + digit;
  }
  if (!valid || parsed < min || parsed > max) {
    VG_(fmsg_bad_option)(arg, "expected a whole number from %llu to %llu.\n", static_cast<ULong>(min),
                         static_cast<ULong>(max));
  }
  return parsed;
}

const char* value_of(const char* arg, const char* name) {
  SizeT n = VG_(strlen)(name);
  if (VG_(strncmp)(arg, name, n) == 0 && arg[n] == '=') return arg + n + 1;
  return nullptr;
}

}  // namespace

void set_default_options() {
  ErrorMessage unused;
  parse_geometry(kDefaultL1, false, "--L1", &options.machine.l1, &unused);
  parse_geometry(kDefaultL2, true, "--L2", &options.machine.l2, &unused);
  parse_geometry(kDefaultLLC, true, "--LLC", &options.machine.llc, &unused);
  options.machine.miss_classes = false;
  options.out_file = kDefaultOutFile;
  options.trace_stack = true;
  options.instr_at_start = true;
  options.sync.mode = SimMode::Interleaved;
  options.sync.quantum = 1;
  options.sync.schedule = Schedule::RoundRobin;
  options.sync.seed = 1;
  options.sync.max_buffer_bytes = kDefaultMaxBufferMiB << 20;
  options.sync.trace_runtime = false;
  options.data_objects = true;
  options.alloc_depth = kDefaultAllocDepth;
  options.line_detail = kDefaultLineDetail;
  options.block_histograms = kDefaultBlockHistograms;
  options.phases = false;
  options.timeline_unit = TimelineUnit::Off;
  options.timeline_width = 0;
  options.working_set = false;
  options.set_histograms = kDefaultSetHistograms;
  options.path_sites = kDefaultPathSites;
  options.progress_interval = kProgressIntervalUnset;
  options.sim_threads = 0;
  options.requests_in_line = true;
}

bool process_option(const char* arg) {
  const char* v;
  if ((v = value_of(arg, "--L1"))) {
    parse_level(arg, v, false, "--L1", &options.machine.l1);
  } else if ((v = value_of(arg, "--L2"))) {
    parse_level(arg, v, true, "--L2", &options.machine.l2);
  } else if ((v = value_of(arg, "--LLC"))) {
    parse_level(arg, v, true, "--LLC", &options.machine.llc);
  } else if VG_BOOL_CLO(arg, "--miss-classes", options.machine.miss_classes) {
  } else if VG_STR_CLO(arg, "--ccsim-out-file", options.out_file) {
    if (options.out_file[0] == '\0') VG_(fmsg_bad_option)(arg, "the file name must not be empty.\n");
  } else if VG_BOOL_CLO(arg, "--trace-stack", options.trace_stack) {
  } else if VG_BOOL_CLO(arg, "--instr-atstart", options.instr_at_start) {
  } else if VG_BOOL_CLO(arg, "--trace-runtime", options.sync.trace_runtime) {
  } else if ((v = value_of(arg, "--sim-mode"))) {
    if (VG_STREQ(v, "native")) options.sync.mode = SimMode::Native;
    else if (VG_STREQ(v, "interleaved")) options.sync.mode = SimMode::Interleaved;
    else if (VG_STREQ(v, "piped")) options.sync.mode = SimMode::Piped;
    else VG_(fmsg_bad_option)(arg, "expected native, interleaved or piped.\n");
  } else if ((v = value_of(arg, "--schedule"))) {
    if (VG_STREQ(v, "round-robin")) options.sync.schedule = Schedule::RoundRobin;
    else if (VG_STREQ(v, "random")) options.sync.schedule = Schedule::Random;
    else VG_(fmsg_bad_option)(arg, "expected round-robin or random.\n");
  } else if ((v = value_of(arg, "--quantum"))) {
    options.sync.quantum = static_cast<std::uint32_t>(parse_number(arg, v, 1, 1000000));
  } else if ((v = value_of(arg, "--seed"))) {
    options.sync.seed = parse_number(arg, v, 0, ~0ull >> 1);
  } else if ((v = value_of(arg, "--max-buffer"))) {
    // The replay's run counts bound what one queue may hold (EventQueue::kMaxBytes, 8 GiB).
    options.sync.max_buffer_bytes = parse_number(arg, v, 1, EventQueue::kMaxBytes >> 20) << 20;
  } else if VG_BOOL_CLO(arg, "--data-objects", options.data_objects) {
  } else if ((v = value_of(arg, "--alloc-depth"))) {
    options.alloc_depth = static_cast<std::uint32_t>(parse_number(arg, v, 1, kMaxAllocationDepth));
  } else if ((v = value_of(arg, "--alloc-fn"))) {
    if (v[0] == '\0') VG_(fmsg_bad_option)(arg, "the function name must not be empty.\n");
    if (options.alloc_fn_count == Options::kMaxAllocFns) {
      VG_(fmsg_bad_option)(arg, "at most %u functions may be named with --alloc-fn.\n", Options::kMaxAllocFns);
    }
    options.alloc_fns[options.alloc_fn_count++] = v;
  } else if ((v = value_of(arg, "--line-detail"))) {
    options.line_detail = static_cast<std::uint32_t>(parse_number(arg, v, 0, kMaxLineDetail));
  } else if ((v = value_of(arg, "--block-histograms"))) {
    options.block_histograms = static_cast<std::uint32_t>(parse_number(arg, v, 0, kMaxBlockHistograms));
  } else if ((v = value_of(arg, "--block-objects"))) {
    if (v[0] == '\0') VG_(fmsg_bad_option)(arg, "give one or more object names, separated by commas.\n");
    if (options.block_object_count == Options::kMaxBlockObjectOptions) {
      VG_(fmsg_bad_option)(arg, "--block-objects may be given at most %u times.\n", Options::kMaxBlockObjectOptions);
    }
    options.block_objects[options.block_object_count++] = v;
  } else if VG_BOOL_CLO(arg, "--phases", options.phases) {
  } else if ((v = value_of(arg, "--timeline"))) {
    if (VG_STREQ(v, "off")) {
      options.timeline_unit = TimelineUnit::Off;
    } else if (VG_STREQ(v, "epoch")) {
      options.timeline_unit = TimelineUnit::Epochs;
      options.timeline_width = 1;
    } else if (*v < '0' || *v > '9') {
      VG_(fmsg_bad_option)(arg, "expected off, epoch or a number of accesses per interval.\n");
    } else {
      options.timeline_unit = TimelineUnit::Accesses;
      options.timeline_width = parse_number(arg, v, 1, ~0ull >> 1);
    }
  } else if VG_BOOL_CLO(arg, "--working-set", options.working_set) {
  } else if ((v = value_of(arg, "--set-histograms"))) {
    options.set_histograms = static_cast<std::uint32_t>(parse_number(arg, v, 0, kMaxSetHistograms));
  } else if ((v = value_of(arg, "--paths"))) {
    if (v[0] == '\0') VG_(fmsg_bad_option)(arg, "give one or more heap sites, separated by commas.\n");
    if (options.path_site_name_count == Options::kMaxPathSiteOptions) {
      VG_(fmsg_bad_option)(arg, "--paths may be given at most %u times.\n", Options::kMaxPathSiteOptions);
    }
    options.path_site_names[options.path_site_name_count++] = v;
  } else if ((v = value_of(arg, "--path-sites"))) {
    options.path_sites = static_cast<std::uint32_t>(parse_number(arg, v, 0, kMaxPathSites));
  } else if ((v = value_of(arg, "--ccsim-progress-interval"))) {
    // Prefixed: Valgrind's core has a --progress-interval of its own (a debugging option).
    options.progress_interval = static_cast<std::int64_t>(parse_number(arg, v, 0, kMaxProgressInterval));
  } else if ((v = value_of(arg, "--sim-threads"))) {
    options.sim_threads = static_cast<std::uint32_t>(parse_number(arg, v, 0, kMaxWorkers));
  } else if ((v = value_of(arg, "--trace-out"))) {
    if (v[0] == '\0') VG_(fmsg_bad_option)(arg, "the file name must not be empty.\n");
    options.trace_out = v;
  } else if ((v = value_of(arg, "--trace-in"))) {
    if (v[0] == '\0') VG_(fmsg_bad_option)(arg, "the file name must not be empty.\n");
    options.trace_in = v;
  } else if ((v = value_of(arg, "--sim-shards"))) {
    // A power of two; checked against the machine and --sim-threads in check_options().
    options.sim_shards = static_cast<std::uint32_t>(parse_number(arg, v, 1, LineShard::kMaxCount));
  } else if ((v = value_of(arg, "--sim-worker-fail-after"))) {
    // Debug: the worker kills itself after this many ring chunks (tests of a worker that dies).
    worker_fail_after_chunks = static_cast<std::uint32_t>(parse_number(arg, v, 0, 1u << 30));
  } else if ((v = value_of(arg, "--sim-worker-stall-after"))) {
    // Debug: the worker stops taking chunks after this many (tests of a worker that hangs).
    worker_stall_after_chunks = static_cast<std::uint32_t>(parse_number(arg, v, 0, 1u << 30));
  } else if ((v = value_of(arg, "--sim-worker-hang-seconds"))) {
    worker_hang_seconds = static_cast<std::uint32_t>(parse_number(arg, v, 1, 86400));
  } else if ((v = value_of(arg, "--sim-worker-shard"))) {
    // Debug: the worker simulates line shard K of S alone ("K/S"; checked against the machine later).
    const HChar* slash = VG_(strchr)(v, '/');
    if (slash == nullptr || slash == v || slash[1] == '\0' || slash - v >= 16) {
      VG_(fmsg_bad_option)(arg, "expected K/S, shard K of S (e.g. 0/2).\n");
    }
    HChar index[16] = {};
    VG_(strncpy)(index, v, static_cast<SizeT>(slash - v));
    const auto shard = static_cast<std::uint32_t>(parse_number(arg, index, 0, LineShard::kMaxCount));
    options.worker_shard = LineShard(shard, static_cast<std::uint32_t>(parse_number(arg, slash + 1, 1, LineShard::kMaxCount)));
    options.worker_shard_debug = options.worker_shard.count > 1;  // 0/1 is the whole machine, as without it
  } else if VG_BOOL_CLO(arg, "--sim-forked-worker-dies", forked_worker_dies) {
    // Debug: the worker forked for a process the program forked kills itself at once.
  } else if ((v = value_of(arg, "--sim-counts-name-planted"))) {
    // Debug: each worker but the first plants a symbolic link to this file under its counts file's first
    // name before writing (tests of a hostile /dev/shm; workers/shard_counts.h).
    planted_counts_target = v;
  } else if VG_BOOL_CLO(arg, "--sim-counts-damaged", damaged_counts) {
    // Debug: each worker but the first damages its data-object tables' hand-over (workers/shard_counts.h).
  } else if ((v = value_of(arg, "--sim-stage-queue-bytes"))) {
    // Debug: the workers' shadow, class and resident queues hold this many bytes (tests of full queues; an
    // op takes up to 64 bytes, a change 16; workers/shadow_queues.h, workers/resident_queues.h).
    stage_queue_bytes = static_cast<std::uint32_t>(parse_number(arg, v, 64, ShadowQueue::kItems * 8));
  } else if VG_BOOL_CLO(arg, "--requests-in-line", options.requests_in_line) {
    // Debug: no leaves every request of the preload to Valgrind (instrumentation/requests_in_line.h).
  } else if VG_BOOL_CLO(arg, "--sim-worker-dies-at-end", worker_dies_at_end) {
    // Debug: the worker kills itself when told to finish (tests of a death after the program's exit).
  } else if (VG_STREQ(arg, "--ccsim-version")) {
    // Valgrind keeps --version for itself; this answers like it (on stdout), for ccsim, and stops.
    // Written directly: Valgrind's message buffer is not flushed by VG_(exit).
    static const char kVersionLine[] = "ccsim-" CCSIM_VERSION "\n";
    VG_(write)(1, kVersionLine, sizeof kVersionLine - 1);
    VG_(exit)(0);
  } else {
    return false;
  }
  return true;
}

// Several simulation workers (docs/parallel-simulation.md, section 9): what they cannot do yet, said
// before the program runs, and the line shards they deal out: --sim-shards, or by default as many as the
// machine splits into (the fewest sets of any level, at most 64: the finer the shards, the more evenly
// they fall to the workers).
void check_worker_shards() {
  if (options.sim_threads <= 1) {
    if (options.sim_shards != 0) {
      VG_(fmsg_bad_option)("--sim-shards", "line shards are dealt out among several simulation workers: it "
                           "needs --sim-threads=2 or more.\n");
      VG_(exit)(1);
    }
    return;
  }
  if (options.worker_shard_debug) {
    VG_(fmsg_bad_option)("--sim-worker-shard", "a shard worker needs --sim-threads=1.\n");
    VG_(exit)(1);
  }
  // Built so far: the simulator's counts are added up across workers, in every order, and the miss
  // classes' shadow stage runs over every worker's log; with data objects, the tables the notices feed
  // are added up (data_objects/object_transfer.h), the placement watch's starts travel between the
  // workers (workers/placement_starts.h), and the resident lines are replayed from every worker's log
  // (data_objects/resident_lines.h), in every order, the phases, the timeline and the working set
  // included, and the objects' and their cache sets' capacity and conflict misses are counted when the
  // stage answers each deferred miss's class (data_objects/deferred_miss_classes.h).
  std::uint32_t shards = options.sim_shards;
  if (shards == 0) {
    shards = LineShard::kMaxCount;
    const CacheGeometry* levels[] = {&options.machine.l1, &options.machine.l2, &options.machine.llc};
    for (const CacheGeometry* level : levels) {
      if (level->present && level->sets() < shards) shards = static_cast<std::uint32_t>(level->sets());
    }
  }
  ErrorMessage error;
  LineShard every(0, shards);
  every.owned = shards == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << shards) - 1;
  if (!validate_line_shard(options.machine, every, &error)) {
    VG_(fmsg_bad_option)("--sim-shards", "%s\n", error.text);
    VG_(exit)(1);
  }
  if (shards < options.sim_threads) {
    VG_(fmsg_bad_option)("--sim-threads", "%u simulation workers need %u line shards or more, and %s splits "
                         "into %u: use --sim-threads=%u or fewer.\n", options.sim_threads, options.sim_threads,
                         options.sim_shards != 0 ? "--sim-shards" : "the machine (its fewest sets)", shards, shards);
    VG_(exit)(1);
  }
  options.worker_shard = every;
}

void check_options() {
  options.machine.max_processors = VG_N_THREADS;
  if (options.trace_in != nullptr && options.trace_out != nullptr) {
    VG_(fmsg_bad_option)("--trace-out", "a re-simulated trace (--trace-in) is already a trace: drop one of the "
                         "two.\n");
    VG_(exit)(1);
  }
  // A trace is the simulation workers' stream (docs/traces.md): with --sim-threads=0 one worker writes it,
  // or re-simulates it.
  if ((options.trace_in != nullptr || options.trace_out != nullptr) && options.sim_threads == 0) {
    options.sim_threads = 1;
  }
  if (options.phases && !options.data_objects) {
    VG_(fmsg_bad_option)("--phases=yes", "the phases count data objects: it needs --data-objects=yes.\n");
    VG_(exit)(1);  // VG_(fmsg_bad_option) only prints once the command line is read
  }
  if (options.timeline_unit != TimelineUnit::Off && !options.data_objects) {
    VG_(fmsg_bad_option)("--timeline", "the timeline counts data objects: it needs --data-objects=yes.\n");
    VG_(exit)(1);
  }
  if (options.path_site_name_count > 0 && !options.data_objects) {
    VG_(fmsg_bad_option)("--paths", "object paths follow heap blocks, which --data-objects=no leaves out; drop one "
                                    "of the two.\n");
    VG_(exit)(1);
  }
  ErrorMessage error;
  if (!validate_machine(options.machine, &error)) {
    VG_(fmsg_bad_option)("--L1/--L2/--LLC", "%s\n", error.text);
    // Once the command line is read, VG_(fmsg_bad_option) only prints: stop here, before the simulator
    // is built from a machine it cannot model.
    VG_(exit)(1);
  }
  if (options.working_set && !options.data_objects) {
    VG_(fmsg_bad_option)("--working-set=yes", "it counts per data object: it needs --data-objects=yes.\n");
    VG_(exit)(1);
  }
  // A shard worker (debug) is built for the replay orders and without miss classes, whose shadows span
  // every set (docs/parallel-simulation.md, sections 1 and 8); the shard must split the machine exactly.
  if (options.worker_shard_debug) {
    ErrorMessage error;
    if (options.sim_threads != 1 || options.sync.mode == SimMode::Native || options.machine.miss_classes) {
      VG_(fmsg_bad_option)("--sim-worker-shard", "a shard worker needs --sim-threads=1, a replay order "
                           "(--sim-mode=interleaved or piped) and --miss-classes=no.\n");
      VG_(exit)(1);
    }
    if (!validate_line_shard(options.machine, options.worker_shard, &error)) {
      VG_(fmsg_bad_option)("--sim-worker-shard", "%s\n", error.text);
      VG_(exit)(1);
    }
  }
  check_worker_shards();
  // What the simulation worker cannot do yet (docs/parallel-simulation.md, section 7), said before the
  // program runs: variables and fields are described from Valgrind's debug information and the live
  // threads' stacks, which the worker does not have (workers/worker_data_objects.h).
  if (options.sim_threads > 0 && options.data_objects && VG_(clo_read_var_info)) {
    if (options.trace_out != nullptr || options.trace_in != nullptr) {
      VG_(fmsg_bad_option)(options.trace_out != nullptr ? "--trace-out" : "--trace-in",
                           "a trace is written and read by a simulation worker, and the workers cannot name "
                           "variables and fields: use --read-var-info=no (the default).\n");
    } else {
      VG_(fmsg_bad_option)("--sim-threads", "the simulation workers cannot name variables and fields: use "
                           "--read-var-info=no (the default), or --sim-threads=0 to have them named.\n");
    }
    VG_(exit)(1);
  }
}

void print_usage() {
  VG_(printf)(
      "    cache geometry: size,associativity,line-size in bytes (sets and line size powers of two)\n"
      "    --L1=<size>,<assoc>,<line>        private L1 data cache of each thread [%s]\n"
      "    --L2=<size>,<assoc>,<line>|none   private L2 of each thread [%s]\n"
      "    --LLC=<size>,<assoc>,<line>|none  last-level cache shared by all threads [%s]\n"
      "    --miss-classes=no|yes             split replacement misses into capacity/conflict [no]\n"
      "    --sim-mode=interleaved|piped|native  order in which threads' accesses are simulated\n"
      "                                      [interleaved]; see docs/synchronization.md\n"
      "    --quantum=<n>                     accesses per thread per turn when interleaved [1]\n"
      "    --schedule=round-robin|random     next thread to replay when interleaved [round-robin]\n"
      "    --seed=<n>                        seed of --schedule=random [1]\n"
      "    --max-buffer=<MiB>                cap on buffered accesses before an early replay, 1-8192 [%llu]\n"
      "    --trace-runtime=no|yes            simulate accesses inside OpenMP/pthread sync code and the\n"
      "                                      dynamic linker [no]\n"
      "    --trace-stack=yes|no              simulate accesses to a thread's own stack [yes]\n"
      "    --instr-atstart=yes|no            simulate from the start; see CCSIM_START_INSTRUMENTATION [yes]\n"
      "    --ccsim-out-file=<file>           profile file name; %%p is the pid, %%q{VAR} an\n"
      "                                      environment variable [%s]; checked before the\n"
      "                                      program runs; a symlink or device is written in place;\n"
      "                                      written at exit and before an exec (a traced exec's\n"
      "                                      image writes <file>.2, ...)\n"
      "    --data-objects=yes|no             attribute misses and invalidations to variables, heap\n"
      "                                      blocks and stacks; see docs/data-objects.md [yes]\n"
      "    --alloc-depth=<n>                 frames of the allocation stack that tell heap objects\n"
      "                                      apart, 1 to %u [%u]\n"
      "    --alloc-fn=<name>                 a function that only allocates for its caller (an\n"
      "                                      xmalloc): skipped in allocation stacks, like malloc;\n"
      "                                      repeatable, up to 32 [none; helpers in headers are\n"
      "                                      skipped without it]\n"
      "    --line-detail=<n>                 show the bytes each thread touched in the <n> most\n"
      "                                      invalidated lines, and in the 4 most invalidated\n"
      "                                      lines of each of the <n> most invalidated objects,\n"
      "                                      0 to %u [%u]\n"
      "    --block-histograms=<n>            count misses and invalidations per cache-line block\n"
      "                                      of each object, and write them for the <n> objects\n"
      "                                      with the most invalidations, then misses, 0 to %u [%u]\n"
      "    --block-objects=<name>,...        also write the blocks of these objects (a variable,\n"
      "                                      a named range, a heap site 'file.c:20'); repeatable [none]\n"
      "    --phases=no|yes                   count each object's misses, invalidations and transfers\n"
      "                                      per barrier (and region), and the detailed lines'\n"
      "                                      sharing per barrier; needs --data-objects=yes [no]\n"
      "    --timeline=off|epoch|<n>          count each object's misses, invalidations and transfers\n"
      "                                      per epoch (barrier region) or every <n> accesses, for the\n"
      "                                      %u busiest objects; needs --data-objects=yes [off]\n"
      "    --working-set=no|yes              count per cache set its distinct lines and replacement\n"
      "                                      (conflict) misses, per object its lines in each level\n"
      "                                      (average, peak) and per heap site its live blocks;\n"
      "                                      see docs/model.md [no]\n"
      "    --set-histograms=<n>              with --working-set=yes, write the set histograms of the\n"
      "                                      <n> objects with the most conflict, then replacement\n"
      "                                      misses, 0 to %u [%u]\n"
      "    --paths=<site>,...                follow every block of these heap sites ('file.c:20') from\n"
      "                                      allocation to free: its path through functions and\n"
      "                                      threads; repeatable [none]\n"
      "    --path-sites=<n>                  also follow the first <n> heap sites whose data a second\n"
      "                                      thread touches, from then on, 0 to %u [%u]\n"
      "    --ccsim-progress-interval=<s>     every <s> seconds, print a progress line to stderr\n"
      "                                      (0: never), 0 to %u [%u when stderr is a terminal,\n"
      "                                      0 otherwise and with -q]\n"
      "    --sim-threads=<n>                 0: simulate on the program's thread; 1: the program's\n"
      "                                      threads only record, and a worker process replays and\n"
      "                                      simulates, in every --sim-mode; 2 to 16: as many workers,\n"
      "                                      each simulating its line shards; the same profile (for\n"
      "                                      now not with --read-var-info=yes) [0]\n"
      "    --trace-out=<file>                keep what the program's threads recorded in <file>\n"
      "                                      (zstd-compressed; %%p is the pid), for ccsim-sim to\n"
      "                                      simulate again with other caches or another order;\n"
      "                                      needs a worker (--sim-threads=0 means 1); see\n"
      "                                      docs/traces.md [none]\n"
      "    --trace-in=<file>                 simulate the trace <file> instead of running the\n"
      "                                      program (ccsim-sim gives it) [none]\n"
      "    --sim-shards=<s>                  line shards dealt out among 2 or more workers, a power\n"
      "                                      of two dividing every level's sets, at most 64 [the\n"
      "                                      fewest sets of any level, at most 64]\n"
      "    --ccsim-version                   print ccsim's version (ccsim-%s) and exit\n"
      "    exit status: the program's own; when the profile cannot be written, 1 if the program\n"
      "    exited with 0 (a program killed by a signal still dies of it)\n"
      "    more than 499 threads need Valgrind's --max-threads=<n> (it allows n - 1 threads at once)\n"
      "    Valgrind's --fair-sched is try under ccsim: threads take turns, so that the replay keeps\n"
      "    up with them (fewer early replays); --fair-sched=no gives Valgrind's own default\n",
      kDefaultL1, kDefaultL2, kDefaultLLC, static_cast<ULong>(kDefaultMaxBufferMiB), kDefaultOutFile,
      kMaxAllocationDepth, kDefaultAllocDepth, kMaxLineDetail, kDefaultLineDetail, kMaxBlockHistograms, kDefaultBlockHistograms, kTimelineObjects, kMaxSetHistograms, kDefaultSetHistograms, kMaxPathSites, kDefaultPathSites, kMaxProgressInterval,
      kProgressIntervalOnTerminal, CCSIM_VERSION);
}

void print_debug_usage() {
  VG_(printf)("    --sim-worker-fail-after=<n>       the (last) simulation worker kills itself after <n> ring\n"
              "                                      chunks (tests of a worker that dies) [0: never]\n"
              "    --sim-worker-stall-after=<n>      the (last) simulation worker stops taking chunks, and sleeps,\n"
              "                                      after <n> (tests of a worker that hangs) [0: never]\n"
              "    --sim-worker-hang-seconds=<s>     a worker making no progress (no chunk taken, no CPU\n"
              "                                      time used) for <s> seconds is stopped, 1-86400 [300]\n"
              "    --sim-forked-worker-dies=no|yes   the worker forked for each process the program forks\n"
              "                                      kills itself at once (tests of its death) [no]\n"
              "    --sim-worker-dies-at-end=no|yes   the (last) simulation worker kills itself when the program has\n"
              "                                      exited, before the profile (tests of that death) [no]\n"
              "    --sim-counts-name-planted=<file>  each worker but the first plants a symbolic link to\n"
              "                                      <file> under its counts file's first name in /dev/shm\n"
              "                                      (tests of a hostile /dev/shm) [none]\n"
              "    --sim-stage-queue-bytes=<n>       the workers' queues of shadow ops, miss classes and\n"
              "                                      resident lines' changes hold <n> bytes, 64 to 261952\n"
              "                                      (tests of full queues) [the whole queues]\n"
              "    --sim-counts-damaged=no|yes       each worker but the first damages the data-object\n"
              "                                      tables it hands over (tests of that refusal) [no]\n"
              "    --requests-in-line=yes|no         the preload's frequent requests are answered in the\n"
              "                                      translated code, not through Valgrind [yes]\n"
              "    --sim-worker-shard=<k>/<s>        the worker simulates the lines of shard k of s alone\n"
              "                                      (line mod s == k), its profile theirs alone; with\n"
              "                                      --sim-threads=1, a replay order (perf/) [0/1]\n");
}

}  // namespace ccsim
