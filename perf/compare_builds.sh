#!/bin/sh
# compare_builds.sh: is one build of ccsim faster than another? On a noisy machine only runs that take
# turns can tell: for each workload, Cachegrind, the base build and the new build run one after the other,
# ROUNDS times, and the script prints each one's mean and best CPU time (user + system), the ratios
# new/base and new/Cachegrind of the means, and the same two ratios of the medians.
# Usage: [ROUNDS=n] [SCALE=n] [WORKLOADS="name..."] perf/compare_builds.sh BASE_TREE NEW_TREE [ccsim options...]
#   BASE_TREE, NEW_TREE: source trees built with scripts/build.sh (each has build/vg-in-place); e.g. a
#   `git worktree add --detach ../base <commit>` of the commit before a change, and this tree.
#   ROUNDS (default 3), SCALE (default 4: each workload's work multiplied, so that Valgrind's start-up,
#   the same for every run, weighs less), ccsim options e.g. --sim-mode=interleaved.
#   With --sim-threads=N the columns are the program's process alone (the workers are no children of it),
#   and a line "its workers" follows each workload's: the workers' CPU time as the runs printed it.
#   A line "runs with early replays" follows a workload some of whose ccsim runs hit the --max-buffer cap:
#   those simulated another order (less work, as a rule) than the faithful runs, so the ratios mix them.
#   NEW_OPTIONS: ccsim options for the new build only (an option the base build does not know, e.g.
#   NEW_OPTIONS=--path-sites=0 to time a feature switched off).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/perf/bench_settings.sh"
check_tree_arguments compare_builds.sh "[ROUNDS=n] [SCALE=n]" "$@"
base=$(cd "$1" && pwd)
new=$(cd "$2" && pwd)
shift 2
ROUNDS=${ROUNDS:-3}
SCALE=${SCALE:-4}
check_counts compare_builds.sh "ROUNDS=$ROUNDS" "SCALE=$SCALE"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
ccsim_options="$bench_ccsim_options $*"
new_options=${NEW_OPTIONS:-}

# run_timed SLOT CMD...: runs CMD once and appends its CPU seconds to SLOT.times, and the simulation
# workers' CPU seconds, when it printed them (--sim-threads), to SLOT.workers.times.
run_timed() {
  slot=$1
  shift
  line=$(cpu_time_and_peak "$@")
  echo "${line% *}" >>"$slot.times"
  workers=$(worker_cpu_seconds run.err)
  if [ -n "$workers" ]; then echo "$workers" >>"$slot.workers.times"; fi
}
# summary SLOT: "mean best median" of SLOT.times.
summary() {
  sort -n "$1.times" | awk '{t[NR] = $1; s += $1} END {
    m = NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
    printf "%.2f %.2f %.2f\n", s / NR, t[1], m
  }'
}

sources=$(workload_sources compare_builds.sh "$top")
printf '%-14s %13s %13s %13s %9s %9s %11s %11s\n' workload "cg mean/best" "base" "new" new/base new/cg \
  "med new/base" "med new/cg"
for src in $sources; do
  name=$(basename "$src" .c)
  gcc -O2 -g -fopenmp "$src" -o "$name"
  rm -f ./*.times ./*.made ./*.early
  for _ in $(seq "$ROUNDS"); do
    run_timed cg valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=/dev/null "./$name" "$SCALE"
    run_timed base "$base/build/vg-in-place" --tool=ccsim $ccsim_options --ccsim-out-file=ccsim.out "./$name" "$SCALE"
    note_early_replays base run.err
    run_timed new "$new/build/vg-in-place" --tool=ccsim $ccsim_options $new_options --ccsim-out-file=ccsim.out "./$name" "$SCALE"
    note_early_replays new run.err
  done
  cg=$(summary cg) b=$(summary base) n=$(summary new)
  awk -v name="$name" -v cg="$cg" -v b="$b" -v n="$n" 'BEGIN {
    split(cg, c, " "); split(b, x, " "); split(n, y, " ")
    printf "%-14s %6.2f/%-6.2f %6.2f/%-6.2f %6.2f/%-6.2f %9.2f %9.2f %11.2f %11.2f\n", name, c[1], c[2], x[1], x[2],
           y[1], y[2], y[1] / x[1], y[1] / c[1], y[3] / x[3], y[3] / c[3]
  }'
  if [ -s base.workers.times ] && [ -s new.workers.times ]; then
    b=$(summary base.workers) n=$(summary new.workers)
    awk -v b="$b" -v n="$n" 'BEGIN {
      split(b, x, " "); split(n, y, " ")
      printf "%-14s %13s %6.2f/%-6.2f %6.2f/%-6.2f %9.2f %9s %11.2f\n", "  its workers", "", x[1], x[2], y[1], y[2],
             y[1] / x[1], "", y[3] / x[3]
    }'
  fi
  early_replay_line base new
done
