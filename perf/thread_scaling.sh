#!/bin/sh
# thread_scaling.sh: does ccsim's cost per access grow with the number of threads? (issue 17's target:
# at 64 threads within 1.3x of 4 threads, same total work.) Runs perf/workloads/thread_scaling.c, whose
# total accesses and total data are the same for any thread count, with 4 and with 64 OpenMP threads,
# under ccsim in each --sim-mode and under --tool=none (Valgrind alone, for reference), and prints the
# cost per access of each and the ratio 64 threads / 4 threads.
#
# The cost per access is the difference of two runs' CPU time (user + system) over the difference of
# their accesses: the program at SCALE + 1 and at 1 (the baseline), same threads, same options. So
# Valgrind's start-up, the creation of the threads, their first (cold) passes and writing the profile,
# all of which grow with the thread count but not with the work, cancel out; what is left is the steady
# state of simulating the accesses and the barriers between them (the regions, one per 1.5 Mi accesses).
# The baseline is the same program rather than --tool=none because the start-up under ccsim (a
# processor's caches allocated per thread) is not Valgrind's alone.
#
# Every configuration runs once per round, REPEAT rounds (default 3), in turn, so that a change of the
# machine's load falls on all alike; a configuration's per-round differences give its best and median.
# Usage: [REPEAT=n] [SCALE=n] [VARIANTS="private shared"] [MODES="native interleaved piped"]
#        perf/thread_scaling.sh [ccsim options...]
#   SCALE (default 4): the measured work, SCALE x 12 Mi accesses (8 regions of 1.5 Mi each per SCALE);
#   VARIANTS: private (each thread its own lines), shared (read sharing of one chunk plus a counter per
#   thread packed 8 to a line: false sharing); MODES: the --sim-mode values to measure.
# Needs a built tree (scripts/build.sh).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
REPEAT=${REPEAT:-3}
SCALE=${SCALE:-4}
VARIANTS=${VARIANTS:-private shared}
MODES=${MODES:-native interleaved piped}
. "$top/perf/bench_settings.sh"
check_counts thread_scaling.sh "REPEAT=$REPEAT" "SCALE=$SCALE"
for variant in $VARIANTS; do
  case $variant in
    private | shared) ;;
    *) echo "thread_scaling.sh: VARIANTS names '$variant'; the variants are private and shared." >&2; exit 2 ;;
  esac
done
for mode in $MODES; do
  case $mode in
    native | interleaved | piped) ;;
    *) echo "thread_scaling.sh: MODES names '$mode'; the modes are native, interleaved and piped." >&2; exit 2 ;;
  esac
done
enter_work_directory "$top" perf-thread-scaling
ccsim_options="$bench_ccsim_options $*"
# Accesses of the measured work: 8 units per SCALE, 256 passes x 2048 elements x 3 accesses per unit.
accesses=$((SCALE * 8 * 256 * 2048 * 3))

# run_pair SLOT THREADS VARIANT CMD...: runs CMD with the workload at SCALE + 1 and at 1, THREADS OpenMP
# threads, and appends the difference of their CPU seconds to SLOT.times.
run_pair() {
  slot=$1 threads=$2 variant=$3
  shift 3
  big=$(cpu_time_and_peak env OMP_NUM_THREADS="$threads" "$@" ./thread_scaling $((SCALE + 1)) "$variant")
  base=$(cpu_time_and_peak env OMP_NUM_THREADS="$threads" "$@" ./thread_scaling 1 "$variant")
  awk -v big="${big% *}" -v base="${base% *}" 'BEGIN {printf "%.2f\n", big - base}' >>"$slot.times"
}
# summary SLOT: "best median" of SLOT.times.
summary() {
  sort -n "$1.times" | awk '{t[NR] = $1} END {
    printf "%.2f %.2f\n", t[1], NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
  }'
}

gcc -O2 -g -fopenmp -fno-tree-vectorize "$top/perf/workloads/thread_scaling.c" -o thread_scaling
rm -f ./*.times
for _ in $(seq "$REPEAT"); do
  for variant in $VARIANTS; do
    for threads in 4 64; do
      run_pair "$variant.none.$threads" "$threads" "$variant" valgrind --tool=none
      for mode in $MODES; do
        run_pair "$variant.$mode.$threads" "$threads" "$variant" "$top/build/vg-in-place" --tool=ccsim $ccsim_options \
          --sim-mode="$mode" --ccsim-out-file=ccsim.out
      done
    done
  done
done

echo "CPU seconds of $accesses accesses (the run at SCALE $((SCALE + 1)) less the run at 1), best/median of $REPEAT"
printf '%-8s %-17s %13s %13s %10s %10s %12s %12s\n' variant tool "4 threads" "64 threads" "ns 4" "ns 64" \
  "64/4 best" "64/4 median"
for variant in $VARIANTS; do
  for mode in none $MODES; do
    four=$(summary "$variant.$mode.4") sixty_four=$(summary "$variant.$mode.64")
    awk -v variant="$variant" -v mode="$mode" -v f="$four" -v s="$sixty_four" -v n="$accesses" 'BEGIN {
      split(f, x, " "); split(s, y, " ")
      name = mode == "none" ? "none" : "ccsim " mode
      r1 = x[1] > 0 ? sprintf("%.2f", y[1] / x[1]) : "-"
      r2 = x[2] > 0 ? sprintf("%.2f", y[2] / x[2]) : "-"
      printf "%-8s %-17s %6.2f/%-6.2f %6.2f/%-6.2f %10.1f %10.1f %12s %12s\n", variant, name, x[1], x[2], y[1], y[2],
             x[1] * 1e9 / n, y[1] * 1e9 / n, r1, r2
    }'
  done
done
