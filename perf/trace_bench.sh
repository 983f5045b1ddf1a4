#!/bin/sh
# trace_bench.sh: what a trace costs and how fast it is simulated again (docs/traces.md; issue 26's
# targets: ccsim-sim >= 20 M accesses/s per worker on hit-dominated traces, and the trace's size per
# access stated per workload). For each workload (perf/workloads/*.c, OpenMP, 4 threads), $REPEAT rounds
# of: ccsim --sim-threads=1 without and with --trace-out (the wall ratio is what keeping the trace costs
# the run), then ccsim-sim on the trace with the same options. Prints the best and median wall times,
# the trace's bytes per simulated access (reads + writes of the exit summary), and the simulated accesses
# per second of the worker's CPU time in ccsim-sim (the rate one worker simulates the trace at, Valgrind's
# start-up left out) and of ccsim-sim's wall time (start-up included). ccsim's defaults (data objects
# included) and the options given.
# Usage: [REPEAT=n] [SCALE=n] [WORKLOADS="name..."] perf/trace_bench.sh [ccsim options...]
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
REPEAT=${REPEAT:-3}
SCALE=${SCALE:-2}
. "$top/perf/bench_settings.sh"
check_counts trace_bench.sh "REPEAT=$REPEAT" "SCALE=$SCALE"
[ -x "$top/build/ccsim/sim/ccsim-sim" ] || { echo "trace_bench.sh: build ccsim first (scripts/build.sh)." >&2; exit 2; }
enter_work_directory "$top" perf-trace
ccsim_options="$bench_ccsim_options $*"

# run_once SLOT CMD...: runs CMD once; appends "wall worker_cpu accesses" to SLOT.runs (worker_cpu: the
# CPU time the worker prints at its end; accesses: reads + writes of the exit summary's total).
run_once() {
  slot=$1
  shift
  /usr/bin/time -f "%e" -o time.out "$@" >/dev/null 2>run.err || { cat run.err >&2; exit 1; }
  worker=$(worker_cpu_seconds run.err)
  accesses=$(sed -n 's/^==[0-9]*== total *\([0-9,]*\) *\([0-9,]*\) .*/\1 \2/p' run.err | tr -d , | awk '{print $1 + $2}')
  echo "$(tail -n 1 time.out) ${worker:-0} ${accesses:-0}" >>"$slot.runs"
}

# best_median SLOT COLUMN: "best median" of one column of SLOT.runs.
best_median() { sort -n -k"$2" "$1.runs" | awk -v c="$2" '{ v[NR] = $c } END { printf "%s %s", v[1], v[int((NR + 1) / 2)] }'; }

sources=$(workload_sources trace_bench.sh "$top")
printf '%-14s %-12s %-12s %-12s %-10s %-12s %-14s %s\n' workload "wall b,m" "traced b,m" "sim b,m" "traced/0 m" \
  "bytes/access" "M acc/s worker" "M acc/s sim wall"
for src in $sources; do
  name=$(basename "$src" .c)
  gcc -O2 -g -fopenmp "$src" -o "$name"
  rm -f ./*.runs
  for _ in $(seq "$REPEAT"); do
    run_once plain "$top/build/vg-in-place" --tool=ccsim $ccsim_options --sim-threads=1 --ccsim-out-file=/dev/null "./$name" "$SCALE"
    run_once traced "$top/build/vg-in-place" --tool=ccsim $ccsim_options --sim-threads=1 --trace-out=trace.zst \
      --ccsim-out-file=/dev/null "./$name" "$SCALE"
    run_once sim env VALGRIND_LIB="$top/build/vg-lib" "$top/build/ccsim/sim/ccsim-sim" $ccsim_options \
      --ccsim-out-file=/dev/null trace.zst
  done
  bytes=$(wc -c <trace.zst)
  accesses=$(head -n 1 sim.runs | awk '{print $3}')
  printf '%-14s %-12s %-12s %-12s %-10s %-12s %-14s %s\n' "$name" "$(best_median plain 1 | tr ' ' ,)" \
    "$(best_median traced 1 | tr ' ' ,)" "$(best_median sim 1 | tr ' ' ,)" \
    "$(echo "$(best_median plain 1) $(best_median traced 1)" | awk '{printf "%.2f", $4 / $2}')" \
    "$(echo "$bytes $accesses" | awk '{printf "%.3f", $1 / $2}')" \
    "$(sort -n -k2 sim.runs | awk 'NR == 1 {printf "%.1f", $3 / $2 / 1e6}')" \
    "$(sort -n -k1 sim.runs | awk 'NR == 1 {printf "%.1f", $3 / $1 / 1e6}')"
done
