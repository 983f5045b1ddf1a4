#!/bin/sh
# tool_bench.sh: how much ccsim slows programs down, against baselines measured in the same run.
# For each workload (perf/workloads/*.c, OpenMP, 4 threads): native time, then --tool=none, Cachegrind
# (--cache-sim=yes) and ccsim, each the best of $REPEAT runs; prints each slowdown over native, peak
# memory, and the ratio ccsim/Cachegrind (issue targets: native order <= 1.0, interleaved/piped <= 1.2).
# Usage: [REPEAT=n] [SCALE=n] perf/tool_bench.sh [ccsim options...]   e.g. perf/tool_bench.sh --sim-mode=native
# SCALE (default 1) multiplies each workload's work: at 1 the runs last about a second and Valgrind's
# start-up (reading debug information) is a large part of every time; at 8 the ratios approach the
# steady state of the simulation itself.
# Needs a built tree (scripts/build.sh).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
REPEAT=${REPEAT:-3}
SCALE=${SCALE:-1}
for setting in "REPEAT=$REPEAT" "SCALE=$SCALE"; do
  case "${setting#*=}" in
    '' | *[!0-9]* | 0) echo "tool_bench.sh: ${setting%%=*} must be a whole number of at least 1, not '${setting#*=}'." >&2; exit 2 ;;
  esac
done
export OMP_NUM_THREADS=4
work="$top/build/perf-tool"
mkdir -p "$work"
cd "$work"
ccsim_options="--L1=32768,8,64 --L2=1048576,16,64 --LLC=none $*"

# best_of CMD...: prints "seconds peak_kib" of the fastest of $REPEAT runs.
best_of() {
  best=""
  for _ in $(seq "$REPEAT"); do
    /usr/bin/time -f "%e %M" -o time.out "$@" >/dev/null 2>run.err || { cat run.err >&2; exit 1; }
    line=$(tail -n 1 time.out)
    if [ -z "$best" ] || awk -v a="${line% *}" -v b="${best% *}" 'BEGIN{exit !(a<b)}'; then best=$line; fi
  done
  echo "$best"
}

printf '%-14s %8s %9s %11s %9s %11s %13s %12s\n' workload native none cachegrind ccsim "cg MiB" "ccsim MiB" ccsim/cg
for src in "$top"/perf/workloads/*.c; do
  name=$(basename "$src" .c)
  gcc -O2 -g -fopenmp "$src" -o "$name"
  n=$(best_of "./$name" "$SCALE")
  none=$(best_of valgrind --tool=none "./$name" "$SCALE")
  cg=$(best_of valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=/dev/null "./$name" "$SCALE")
  cc=$(best_of "$top/build/vg-in-place" --tool=ccsim $ccsim_options --ccsim-out-file=ccsim.out "./$name" "$SCALE")
  awk -v name="$name" -v n="${n% *}" -v none="${none% *}" -v cg="${cg% *}" -v cc="${cc% *}" \
      -v cgm="${cg#* }" -v ccm="${cc#* }" 'BEGIN {
    if (n < 0.01) n = 0.01
    printf "%-14s %7.2fs %8.1fx %10.1fx %8.1fx %11.0f %13.0f %12.2f\n", name, n, none/n, cg/n, cc/n, cgm/1024, ccm/1024, cc/cg
  }'
done
