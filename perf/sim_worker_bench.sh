#!/bin/sh
# sim_worker_bench.sh: what --sim-threads=1 (a worker process replays and simulates; the program's
# threads only record) gains over --sim-threads=0, in the same run. For each workload (perf/workloads/*.c,
# OpenMP, 4 threads), ccsim --sim-threads=0 and --sim-threads=1 take turns, $REPEAT rounds, both with
# --data-objects=no (the only setting the worker takes for now); prints the best and median of the wall
# time and of the CPU time (user + system, the worker included) of each, the ratios 1/0, and the CPU time
# of the program's process alone with the worker (the run's CPU time less the worker's, which the worker
# prints at its end).
# Usage: [REPEAT=n] [SCALE=n] [WORKLOADS="name..."] perf/sim_worker_bench.sh [ccsim options...]
# Wall time is the point here (a second core), so say how loaded the machine was with the numbers.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
REPEAT=${REPEAT:-3}
SCALE=${SCALE:-2}
. "$top/perf/bench_settings.sh"
check_counts sim_worker_bench.sh "REPEAT=$REPEAT" "SCALE=$SCALE"
work="$top/build/perf-sim-worker"
mkdir -p "$work"
cd "$work"
ccsim_options="--L1=32768,8,64 --L2=1048576,16,64 --LLC=none --data-objects=no $*"

# run_once SLOT CMD...: runs CMD once; appends "wall cpu program_cpu" to SLOT.runs (program_cpu: cpu less
# the worker's own CPU time, which --sim-threads=1 prints; all of cpu otherwise).
run_once() {
  slot=$1
  shift
  /usr/bin/time -f "%e %U %S" -o time.out "$@" >/dev/null 2>run.err || { cat run.err >&2; exit 1; }
  worker=$(sed -n 's/.*its CPU time \([0-9.]*\) s.*/\1/p' run.err)
  tail -n 1 time.out | awk -v w="${worker:-0}" '{printf "%.2f %.2f %.2f\n", $1, $2 + $3, $2 + $3 - w}'
  tail -n 1 time.out | awk -v w="${worker:-0}" '{printf "%.2f %.2f %.2f\n", $1, $2 + $3, $2 + $3 - w}' >>"$slot.runs"
}

# stat SLOT COLUMN: "best median" of one column of SLOT.runs.
stat() { sort -n -k"$2" "$1.runs" | awk -v c="$2" '{ v[NR] = $c } END { printf "%s %s", v[1], v[int((NR + 1) / 2)] }'; }

sources=$(workload_sources sim_worker_bench.sh "$top")
printf '%-14s %-23s %-23s %-23s %-23s %-12s %-12s\n' workload "wall 0 best,med" "wall 1 best,med" "cpu 0 best,med" \
  "cpu 1 best,med" "program cpu 1" "wall 1/0 b,m"
for src in $sources; do
  name=$(basename "$src" .c)
  gcc -O2 -g -fopenmp "$src" -o "$name"
  rm -f ./*.runs
  for _ in $(seq "$REPEAT"); do
    run_once zero "$top/build/vg-in-place" --tool=ccsim $ccsim_options --sim-threads=0 --ccsim-out-file=/dev/null "./$name" "$SCALE" >/dev/null
    run_once one "$top/build/vg-in-place" --tool=ccsim $ccsim_options --sim-threads=1 --ccsim-out-file=/dev/null "./$name" "$SCALE" >/dev/null
  done
  w0=$(stat zero 1); w1=$(stat one 1); c0=$(stat zero 2); c1=$(stat one 2); p1=$(stat one 3)
  printf '%-14s %-23s %-23s %-23s %-23s %-12s %s\n' "$name" "$w0" "$w1" "$c0" "$c1" "${p1%% *}" \
    "$(echo "$w0 $w1" | awk '{printf "%.2f,%.2f", $3 / $1, $4 / $2}')"
done
