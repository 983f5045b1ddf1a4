#!/bin/sh
# sim_worker_bench.sh: what --sim-threads=$SIM_THREADS (1 by default: a worker process replays and
# simulates; the program's threads only record; N > 1: N workers, each simulating its line shards, for now
# with --data-objects=no given) gains over --sim-threads=0, in the same run. For each workload (perf/workloads/*.c,
# OpenMP, 4 threads), ccsim --sim-threads=0, ccsim --sim-threads=1 and Cachegrind (--cache-sim=yes, the
# same L1 and L2) take turns, $REPEAT rounds, ccsim with its defaults (data objects included) and the
# options given; prints the best and median of the wall time and of the CPU time (user + system, the
# worker included) of each ccsim run, the wall ratios 1/0 and 1/Cachegrind, and the CPU time of the
# program's process alone with the worker (what /usr/bin/time counts: the worker is no child of the
# program's process, so its CPU time, which it prints at its end, is added for the run's) over
# Cachegrind's CPU time (issue 26's targets: wall 1/0 <= 0.6 and 1/Cachegrind <= 1.5 on
# matmul and triad; the program's process alone <= 0.8 of Cachegrind).
# A line "runs with early replays" follows a workload some of whose ccsim runs hit the --max-buffer cap
# (they simulated another order than the faithful runs; --max-buffer=2048 avoids it on these workloads).
# Usage: [REPEAT=n] [SCALE=n] [SIM_THREADS=n] [WORKLOADS="name..."] perf/sim_worker_bench.sh [ccsim options...]
# e.g. SIM_THREADS=2 perf/sim_worker_bench.sh --data-objects=no
# Wall time is the point here (a second core), so say how loaded the machine was with the numbers.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
REPEAT=${REPEAT:-3}
SCALE=${SCALE:-2}
SIM_THREADS=${SIM_THREADS:-1}
. "$top/perf/bench_settings.sh"
check_counts sim_worker_bench.sh "REPEAT=$REPEAT" "SCALE=$SCALE" "SIM_THREADS=$SIM_THREADS"
enter_work_directory "$top" perf-sim-worker
ccsim_options="$bench_ccsim_options $*"
cachegrind_options="--cache-sim=yes --I1=32768,8,64 --D1=32768,8,64 --LL=1048576,16,64"

# run_once SLOT CMD...: runs CMD once; appends "wall cpu program_cpu" to SLOT.runs (program_cpu: what
# /usr/bin/time counts, the program's process; cpu adds the workers' own CPU time, which --sim-threads
# prints: the workers are not the program's children, so /usr/bin/time does not count them).
run_once() {
  slot=$1
  shift
  /usr/bin/time -f "%e %U %S" -o time.out "$@" >/dev/null 2>run.err || { cat run.err >&2; exit 1; }
  worker=$(worker_cpu_seconds run.err)
  tail -n 1 time.out | awk -v w="${worker:-0}" '{printf "%.2f %.2f %.2f\n", $1, $2 + $3 + w, $2 + $3}'
  tail -n 1 time.out | awk -v w="${worker:-0}" '{printf "%.2f %.2f %.2f\n", $1, $2 + $3 + w, $2 + $3}' >>"$slot.runs"
}

# stat SLOT COLUMN: "best median" of one column of SLOT.runs.
stat() { sort -n -k"$2" "$1.runs" | awk -v c="$2" '{ v[NR] = $c } END { printf "%s %s", v[1], v[int((NR + 1) / 2)] }'; }

sources=$(workload_sources sim_worker_bench.sh "$top")
printf '%-14s %-12s %-12s %-12s %-12s %-12s %-12s %-12s %-12s %s\n' workload "wall 0 b,m" "wall $SIM_THREADS b,m" "wall cg b,m" \
  "cpu 0 b,m" "cpu $SIM_THREADS b,m" "prog cpu $SIM_THREADS" "wall $SIM_THREADS/0 b,m" "wall $SIM_THREADS/cg b,m" "prog cpu $SIM_THREADS/cg"
to_pair() { echo "$1" | tr ' ' ','; }
for src in $sources; do
  name=$(basename "$src" .c)
  gcc -O2 -g -fopenmp "$src" -o "$name"
  rm -f ./*.runs ./*.made ./*.early
  for _ in $(seq "$REPEAT"); do
    run_once zero "$top/build/vg-in-place" --tool=ccsim $ccsim_options --sim-threads=0 --ccsim-out-file=/dev/null "./$name" "$SCALE" >/dev/null
    note_early_replays inline run.err
    run_once one "$top/build/vg-in-place" --tool=ccsim $ccsim_options --sim-threads="$SIM_THREADS" --ccsim-out-file=/dev/null "./$name" "$SCALE" >/dev/null
    note_early_replays workers run.err
    run_once cg valgrind --tool=cachegrind $cachegrind_options --cachegrind-out-file=/dev/null "./$name" "$SCALE" >/dev/null
  done
  w0=$(stat zero 1); w1=$(stat one 1); wc=$(stat cg 1); c0=$(stat zero 2); c1=$(stat one 2); p1=$(stat one 3); cc=$(stat cg 2)
  printf '%-14s %-12s %-12s %-12s %-12s %-12s %-12s %-12s %-12s %s\n' "$name" "$(to_pair "$w0")" "$(to_pair "$w1")" \
    "$(to_pair "$wc")" "$(to_pair "$c0")" "$(to_pair "$c1")" "${p1%% *}" \
    "$(echo "$w0 $w1" | awk '{printf "%.2f,%.2f", $3 / $1, $4 / $2}')" \
    "$(echo "$wc $w1" | awk '{printf "%.2f,%.2f", $3 / $1, $4 / $2}')" \
    "$(echo "$cc ${p1%% *}" | awk '{printf "%.2f", $3 / $1}')"
  early_replay_line inline workers
done
