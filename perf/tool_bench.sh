#!/bin/sh
# tool_bench.sh: how much ccsim slows programs down, against baselines measured in the same run.
# For each workload (perf/workloads/*.c, OpenMP, 4 threads): native time, then --tool=none, Cachegrind
# (--cache-sim=yes) and ccsim, taking turns, each the best of $REPEAT runs (CPU time); prints each slowdown over native, peak
# memory, and the ratio ccsim/Cachegrind (issue 17's targets: native order <= 0.8 on hit-dominated
# workloads, <= 1.0 on hash_table; interleaved and piped <= 1.5). Then, from ccsim's profile of each
# workload, its coherence events: a workload where most accesses are one (false_sharing's ping-pong) is
# judged by its cost per coherence event, which Cachegrind, modelling no coherence, has no counterpart of.
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
enter_work_directory "$top" perf-tool
ccsim_options="$bench_ccsim_options $*"

# run_timed SLOT CMD...: runs CMD once; keeps in SLOT.best the fastest "seconds peak_kib" seen so far.
run_timed() {
  slot=$1
  shift
  line=$(cpu_time_and_peak "$@")
  if [ ! -f "$slot.best" ] || awk -v a="${line% *}" -v b="$(cut -d' ' -f1 "$slot.best")" 'BEGIN{exit !(a<b)}'; then
    echo "$line" >"$slot.best"
  fi
}

# coherence_events NAME NONE_SECONDS CACHEGRIND_SECONDS CCSIM_SECONDS PROFILE: one line of the coherence
# table: the accesses simulated (reads + writes) and the coherence misses (true + false) of PROFILE's
# summary, their share, and when that share is at least one half, ccsim's cost beyond Valgrind's own
# (CCSIM_SECONDS - NONE_SECONDS) per coherence miss in nanoseconds ("-" otherwise: the time is then
# mostly the rest), next to Cachegrind's cost beyond Valgrind's own per data access.
coherence_events() {
  awk -v name="$1" -v none="$2" -v cg="$3" -v cc="$4" '
    $1 == "events:" { for (i = 2; i <= NF; i++) column[$i] = i }
    $1 == "summary:" {
      accesses = $(column["reads"]) + $(column["writes"])
      misses = $(column["coherence_miss_true"]) + $(column["coherence_miss_false"])
    }
    END {
      if (accesses == 0) { printf "%-14s no accesses in its profile\n", name; exit }
      share = misses / accesses
      cost = share >= 0.5 ? sprintf("%.1f", (cc - none) * 1e9 / misses) : "-"
      printf "%-14s %14d %14d %8.1f%% %12s %15.1f\n", name, accesses, misses, 100 * share, cost,
             (cg - none) * 1e9 / accesses
    }' "$5"
}

sources=$(workload_sources tool_bench.sh "$top")
rm -f coherence.lines
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
  coherence_events "$name" "${none% *}" "${cg% *}" "${cc% *}" ccsim.out >>coherence.lines
done

# The coherence events of each workload, from its last ccsim profile.
echo
echo "coherence events (from ccsim's profile): the ns each costs is ccsim's time beyond --tool=none's"
echo "over the coherence misses, for the workloads where at least half the accesses are one"
printf '%-14s %14s %14s %9s %12s %15s\n' workload accesses "coh. misses" share "ns/coh.miss" "cg ns/access"
cat coherence.lines
