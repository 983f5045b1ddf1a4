# bench_settings.sh: what the tool benchmarks (tool_bench.sh, compare_builds.sh, ...) and
# compare_profiles.sh share; sourced, not run.

# check_counts SCRIPT NAME=VALUE...: stops SCRIPT with one sentence unless each VALUE is a whole number
# of at least 1.
check_counts() {
  script=$1
  shift
  for setting in "$@"; do
    case "${setting#*=}" in
      '' | *[!0-9]* | 0) echo "$script: ${setting%%=*} must be a whole number of at least 1, not '${setting#*=}'." >&2; exit 2 ;;
    esac
  done
}

# check_tree_arguments SCRIPT SETTINGS ARGUMENT...: stops SCRIPT (compare_builds.sh, compare_profiles.sh)
# with its usage, or one sentence, unless its first two arguments are source trees built with
# scripts/build.sh; SETTINGS is the usage's list of the environment settings it reads.
check_tree_arguments() {
  script=$1 settings=$2
  shift 2
  if [ $# -lt 2 ]; then
    echo "usage: $settings perf/$script BASE_TREE NEW_TREE [ccsim options...]" >&2
    exit 2
  fi
  for tree in "$1" "$2"; do
    if [ ! -d "$tree" ]; then
      echo "$script: $tree is not a directory; give two source trees built with scripts/build.sh." >&2
      exit 2
    fi
    if [ ! -x "$tree/build/vg-in-place" ]; then
      echo "$script: $tree has no build (no build/vg-in-place); run scripts/build.sh there first." >&2
      exit 2
    fi
  done
}

# cpu_time_and_peak CMD...: runs CMD once (its output discarded) and prints "seconds peak_kib": user +
# system CPU time, less disturbed by other load on the machine than elapsed time, and the peak resident
# memory. A failing CMD shows its error output and stops the benchmark.
cpu_time_and_peak() {
  /usr/bin/time -f "%U %S %M" -o time.out "$@" >/dev/null 2>run.err || { cat run.err >&2; exit 1; }
  tail -n 1 time.out | awk '{printf "%.2f %d\n", $1 + $2, $3}'
}

# enter_work_directory TOP NAME: makes TOP/build/NAME, where a benchmark builds its workloads and runs,
# and goes there.
enter_work_directory() {
  mkdir -p "$1/build/$2"
  cd "$1/build/$2"
}

# ccsim's options before those a benchmark is given (a later --max-buffer wins): replay buffers large
# enough that no workload's run meets the cap. With Valgrind's own scheduling (--fair-sched=no, ccsim's
# default before fair scheduling became it) one thread often ran so far ahead at the default 256 MiB that
# the replay went on without the threads behind it (an early replay, which the run's end message reports):
# such a run simulates another order, usually in far less time (false_sharing at SCALE=4: 14 million
# coherence misses instead of 24 million), and its ratios mean nothing (perf/README.md, "Early replays in
# the benchmarks"). The larger cap keeps a base tree built before that change faithful too. The buffers
# take memory only as far as a thread actually runs ahead.
bench_ccsim_options="--L1=32768,8,64 --L2=1048576,16,64 --LLC=none --max-buffer=2048"

# The workloads run 4 OpenMP threads. Waiting threads sleep instead of spinning: under Valgrind, which
# runs one thread at a time, a spinning thread burns as many time slices as the scheduler happens to give
# it, the same for every tool but different in every run; passive waiting takes that noise out.
export OMP_NUM_THREADS=4
export OMP_WAIT_POLICY=passive

# workload_sources SCRIPT TOP: prints the sources of the workloads to run, one a line: every
# TOP/perf/workloads/*.c, or only those $WORKLOADS names (space-separated, e.g. "hash_table triad"); stops
# SCRIPT with one sentence when a name has no workload.
workload_sources() {
  if [ -z "${WORKLOADS:-}" ]; then
    ls "$2"/perf/workloads/*.c
    return
  fi
  for name in $WORKLOADS; do
    if [ ! -f "$2/perf/workloads/$name.c" ]; then
      echo "$1: WORKLOADS names '$name', but there is no perf/workloads/$name.c." >&2
      exit 2
    fi
    echo "$2/perf/workloads/$name.c"
  done
}

# worker_cpu_seconds ERRFILE: the simulation workers' CPU time a --sim-threads run printed at its end
# ("simulated by ... its CPU time S s"; empty when it printed none). The workers are no children of the
# program's process, so /usr/bin/time does not count them.
worker_cpu_seconds() { sed -n 's/.*simulated by .* CPU time \([0-9.]*\) s.*/\1/p' "$1"; }

# note_early_replays SLOT ERRFILE: counts a ccsim run in SLOT.made, and in SLOT.early when its end message
# says the --max-buffer cap forced early replays: the replay then went on without the threads that were
# behind, so what it simulated (and so its time) depended on Valgrind's scheduling (docs/synchronization.md;
# perf/README.md, "Early replays in the benchmarks").
note_early_replays() {
  echo run >>"$1.made"
  if grep -q 'the --max-buffer cap forced [0-9,]* early replays' "$2"; then echo run >>"$1.early"; fi
}

# early_replay_line SLOT...: when a SLOT has runs that replayed early, one line saying how many of each
# SLOT's runs did (nothing otherwise).
early_replay_line() {
  line="" any=no
  for slot in "$@"; do
    made=$(cat "$slot.made" 2>/dev/null | wc -l) early=$(cat "$slot.early" 2>/dev/null | wc -l)
    [ "$early" -gt 0 ] && any=yes
    line="$line $slot $early of $made,"
  done
  if [ "$any" = yes ]; then
    echo "  runs with early replays:${line%,} (they simulated another order than faithful runs: raise --max-buffer)"
  fi
}
