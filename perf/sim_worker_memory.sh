#!/bin/sh
# sim_worker_memory.sh: the peak memory of --sim-threads=$SIM_THREADS (2 by default) against
# --sim-threads=0, in the same rounds, with ccsim's defaults, with --miss-classes=yes and with
# --working-set=yes (the options whose worker runs keep extra state: docs/parallel-simulation.md,
# section 9), plus the options given. Memory is the peak of the summed proportional set size (Pss: a page
# the workers share with the program's process, copied at the fork and never written, counts once) of
# the run's processes, the program's and its workers (each run has a session of its own: the workers
# are no children of the program's process, but keep its session), sampled every 0.1 s from
# /proc/<pid>/smaps_rollup. Prints the median peak of each side and their ratio (issue 26's target:
# "peak memory <= today's + the queues' cap").
# With BASE_TREE=<a source tree built with scripts/build.sh> (e.g. a `git worktree add --detach` of the
# commit before a change), the base build's workers run in the same rounds too, and the script also prints
# their median peak and the ratio of this build's to it: what a change did to the workers' memory.
# Usage: [REPEAT=n] [SCALE=n] [SIM_THREADS=n] [WORKLOADS="name..."] [BASE_TREE=dir] perf/sim_worker_memory.sh
#        [ccsim options...]
# e.g. REPEAT=3 SCALE=2 WORKLOADS="triad hash_table" perf/sim_worker_memory.sh
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
REPEAT=${REPEAT:-3}
SCALE=${SCALE:-2}
SIM_THREADS=${SIM_THREADS:-2}
BASE_TREE=${BASE_TREE:-}
if [ -n "$BASE_TREE" ]; then
  if [ ! -x "$BASE_TREE/build/vg-in-place" ]; then
    echo "sim_worker_memory.sh: BASE_TREE=$BASE_TREE has no build (no build/vg-in-place); run scripts/build.sh there first." >&2
    exit 2
  fi
  BASE_TREE=$(cd "$BASE_TREE" && pwd)
fi
. "$top/perf/bench_settings.sh"
check_counts sim_worker_memory.sh "REPEAT=$REPEAT" "SCALE=$SCALE" "SIM_THREADS=$SIM_THREADS"
enter_work_directory "$top" perf-sim-memory

# peak_mib CMD...: runs CMD in a session of its own and prints the peak of its processes' summed Pss, in
# MiB. A failing CMD shows its error output and stops the benchmark.
peak_mib() {
  setsid "$@" >/dev/null 2>run.err &
  pid=$!
  peak=0
  while kill -0 "$pid" 2>/dev/null; do
    sum=0
    for p in $(ps -s "$pid" -o pid= 2>/dev/null); do
      kib=$(awk '/^Pss:/ {print $2}' "/proc/$p/smaps_rollup" 2>/dev/null || true)
      sum=$((sum + ${kib:-0}))
    done
    [ "$sum" -gt "$peak" ] && peak=$sum
    sleep 0.1
  done
  wait "$pid" || { cat run.err >&2; exit 1; }
  echo $((peak / 1024))
}

# median FILE: the median of the numbers in FILE, one a line.
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# ratio A B: B / A, two decimals.
ratio() { echo "$1 $2" | awk '{printf "%.2f", $2 / $1}'; }

sources=$(workload_sources sim_worker_memory.sh "$top")
if [ -n "$BASE_TREE" ]; then
  printf '%-14s %-22s %12s %12s %8s %14s %8s\n' workload options "N=0 MiB" "N=$SIM_THREADS MiB" "N/0" "base N=$SIM_THREADS" "N/base"
else
  printf '%-14s %-22s %12s %12s %8s\n' workload options "N=0 MiB" "N=$SIM_THREADS MiB" "N/0"
fi
for src in $sources; do
  name=$(basename "$src" .c)
  gcc -O2 -g -fopenmp "$src" -o "$name"
  for extra in "" "--miss-classes=yes" "--working-set=yes"; do
    rm -f zero.peaks workers.peaks base.peaks
    for _ in $(seq "$REPEAT"); do
      peak_mib "$top/build/vg-in-place" --tool=ccsim --sim-threads=0 $extra "$@" --ccsim-out-file=/dev/null "./$name" "$SCALE" >>zero.peaks
      peak_mib "$top/build/vg-in-place" --tool=ccsim --sim-threads="$SIM_THREADS" $extra "$@" --ccsim-out-file=/dev/null \
        "./$name" "$SCALE" >>workers.peaks
      if [ -n "$BASE_TREE" ]; then
        peak_mib "$BASE_TREE/build/vg-in-place" --tool=ccsim --sim-threads="$SIM_THREADS" $extra "$@" --ccsim-out-file=/dev/null \
          "./$name" "$SCALE" >>base.peaks
      fi
    done
    z=$(median zero.peaks)
    w=$(median workers.peaks)
    if [ -n "$BASE_TREE" ]; then
      b=$(median base.peaks)
      printf '%-14s %-22s %12s %12s %8s %14s %8s\n' "$name" "${extra:-defaults}" "$z" "$w" "$(ratio "$z" "$w")" "$b" "$(ratio "$b" "$w")"
    else
      printf '%-14s %-22s %12s %12s %8s\n' "$name" "${extra:-defaults}" "$z" "$w" "$(ratio "$z" "$w")"
    fi
  done
done
