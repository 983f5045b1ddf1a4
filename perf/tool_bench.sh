#!/bin/sh
# tool_bench.sh: how much ccsim slows programs down, against baselines measured in the same run.
# For each workload (perf/workloads/*.c, OpenMP, 4 threads): native time, then --tool=none, Cachegrind
# (--cache-sim=yes) and ccsim, taking turns, each the best of $REPEAT runs (CPU time); prints each slowdown over native, peak
# memory, and the ratio ccsim/Cachegrind (issue targets: native order <= 1.0, interleaved/piped <= 1.2).
# Usage: [REPEAT=n] [SCALE=n] [WORKLOADS="name..."] perf/tool_bench.sh [ccsim options...]   e.g. perf/tool_bench.sh --sim-mode=native
# SCALE (default 1) multiplies each workload's work: at 1 the runs last about a second and Valgrind's
# start-up (reading debug information) is a large part of every time; at 8 the ratios approach the
# steady state of the simulation itself.
# Needs a built tree (scripts/build.sh).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
REPEAT=${REPEAT:-3}
SCALE=${SCALE:-1}
. "$top/perf/bench_settings.sh"
check_counts tool_bench.sh "REPEAT=$REPEAT" "SCALE=$SCALE"
work="$top/build/perf-tool"
mkdir -p "$work"
cd "$work"
ccsim_options="--L1=32768,8,64 --L2=1048576,16,64 --LLC=none $*"

# run_timed SLOT CMD...: runs CMD once; keeps in SLOT.best the fastest "seconds peak_kib" seen so far.
run_timed() {
  slot=$1
  shift
  line=$(cpu_time_and_peak "$@")
  if [ ! -f "$slot.best" ] || awk -v a="${line% *}" -v b="$(cut -d' ' -f1 "$slot.best")" 'BEGIN{exit !(a<b)}'; then
    echo "$line" >"$slot.best"
  fi
}

sources=$(workload_sources tool_bench.sh "$top")
printf '%-14s %8s %9s %11s %9s %11s %13s %12s\n' workload native none cachegrind ccsim "cg MiB" "ccsim MiB" ccsim/cg
for src in $sources; do
  name=$(basename "$src" .c)
  gcc -O2 -g -fopenmp "$src" -o "$name"
  # The four ways of running it take turns, $REPEAT rounds, so that a change of the machine's load
  # during the benchmark falls on all of them alike; each keeps its fastest run.
  rm -f ./*.best
  for _ in $(seq "$REPEAT"); do
    run_timed native "./$name" "$SCALE"
    run_timed none valgrind --tool=none "./$name" "$SCALE"
    run_timed cg valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=/dev/null "./$name" "$SCALE"
    run_timed cc "$top/build/vg-in-place" --tool=ccsim $ccsim_options --ccsim-out-file=ccsim.out "./$name" "$SCALE"
  done
  n=$(cat native.best) none=$(cat none.best) cg=$(cat cg.best) cc=$(cat cc.best)
  awk -v name="$name" -v n="${n% *}" -v none="${none% *}" -v cg="${cg% *}" -v cc="${cc% *}" \
      -v cgm="${cg#* }" -v ccm="${cc#* }" 'BEGIN {
    if (n < 0.01) n = 0.01
    printf "%-14s %7.2fs %8.1fx %10.1fx %8.1fx %11.0f %13.0f %12.2f\n", name, n, none/n, cg/n, cc/n, cgm/1024, ccm/1024, cc/cg
  }'
done
