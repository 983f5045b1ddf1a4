#!/bin/sh
# sim_shard_bench.sh: what one line-shard worker costs (issue 26, "scaling on paper"). With S line shards,
# each worker reads the whole stream, replays it and simulates its own lines alone
# (docs/parallel-simulation.md); the debug option --sim-worker-shard=K/S makes the one worker of
# --sim-threads=1 the worker of shard K, so its CPU time (which it prints at its end) is what each of S
# shard workers would take. For each workload (perf/workloads/*.c, OpenMP, 4 threads), the worker of the
# whole machine (S = 1) and every shard K of S = 2, 4 and 8 take turns, $REPEAT rounds, ccsim with its
# defaults (data objects included, interleaved) and the options given. Prints per S the median over the
# rounds of each shard worker's CPU time, their largest (the slowest shard bounds the wall time) and mean,
# the largest over W_1, the share s of the worker that splits as the model W_S = W_1 (1 - s) + W_1 s / S
# reads it from the mean (s = (1 - mean/W_1) / (1 - 1/S)), and the program's process CPU time P (what
# /usr/bin/time counts: the worker is no child of it). perf/README.md turns these into wall times.
# Usage: [REPEAT=n] [SCALE=n] [WORKLOADS="name..."] [SHARDS="2 4 8"] perf/sim_shard_bench.sh [ccsim options...]
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
REPEAT=${REPEAT:-3}
SCALE=${SCALE:-2}
SHARDS=${SHARDS:-2 4 8}
. "$top/perf/bench_settings.sh"
check_counts sim_shard_bench.sh "REPEAT=$REPEAT" "SCALE=$SCALE"
for shards in $SHARDS; do check_counts sim_shard_bench.sh "SHARDS=$shards"; done
if [ ! -x "$top/build/vg-in-place" ]; then
  echo "sim_shard_bench.sh: $top has no build (no build/vg-in-place); run scripts/build.sh first." >&2
  exit 2
fi
enter_work_directory "$top" perf-sim-shard
ccsim_options="$bench_ccsim_options $*"

# run_shard SHARD: one run with the worker of SHARD ("K/S"); appends "worker_cpu program_cpu" to the
# shard's .runs file.
run_shard() {
  /usr/bin/time -f "%U %S" -o time.out "$top/build/vg-in-place" --tool=ccsim $ccsim_options --sim-threads=1 \
    --sim-worker-shard="$1" --ccsim-out-file=/dev/null "./$name" "$SCALE" >/dev/null 2>run.err ||
    { cat run.err >&2; exit 1; }
  worker=$(sed -n 's/.*its CPU time \([0-9.]*\) s.*/\1/p' run.err)
  [ -n "$worker" ] || { echo "sim_shard_bench.sh: the worker did not say its CPU time:" >&2; cat run.err >&2; exit 1; }
  tail -n 1 time.out | awk -v w="$worker" '{printf "%.3f %.2f\n", w, $1 + $2}' >>"$(echo "$1" | tr / _).runs"
}

# median FILE COLUMN
median() { sort -n -k"$2" "$1" | awk -v c="$2" '{ v[NR] = $c } END { print v[int((NR + 1) / 2)] }'; }

sources=$(workload_sources sim_shard_bench.sh "$top")
printf '%-14s %-3s %-9s %-9s %-9s %-10s %-6s %s\n' workload S "W_S max" "W_S mean" "max/W_1" "s (mean)" P "per shard"
for src in $sources; do
  name=$(basename "$src" .c)
  gcc -O2 -g -fopenmp "$src" -o "$name"
  rm -f ./*.runs
  for _ in $(seq "$REPEAT"); do
    run_shard 0/1
    for shards in $SHARDS; do
      k=0
      while [ "$k" -lt "$shards" ]; do
        run_shard "$k/$shards"
        k=$((k + 1))
      done
    done
  done
  whole=$(median 0_1.runs 1)
  printf '%-14s %-3s %-9s %-9s %-9s %-10s %-6s %s\n' "$name" 1 "$whole" "$whole" 1.00 - "$(median 0_1.runs 2)" "$whole"
  for shards in $SHARDS; do
    k=0
    per_shard=""
    while [ "$k" -lt "$shards" ]; do
      per_shard="$per_shard $(median "${k}_$shards.runs" 1)"
      k=$((k + 1))
    done
    echo "$per_shard" | awk -v w="$whole" -v s="$shards" -v n="$name" -v p="$(median "0_$shards.runs" 2)" '{
      max = 0; sum = 0
      for (i = 1; i <= NF; ++i) { sum += $i; if ($i > max) max = $i }
      mean = sum / NF
      printf "%-14s %-3s %-9.3f %-9.3f %-9.2f %-10.2f %-6s %s\n", n, s, max, mean, max / w, (1 - mean / w) / (1 - 1 / s), p, $0
    }'
  done
done
