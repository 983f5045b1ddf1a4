#!/bin/sh
# compare_profiles.sh: does a change (made for speed) change what is simulated? Runs every end-to-end test
# program (tests/programs as the new tree built them: the same binaries for both builds), or those named
# in $PROGRAMS, under the base tree's ccsim and the new tree's, $RUNS times each, and compares the whole
# profiles but for the lines that name the process (`pid:`) and the count of runtime accesses skipped
# (`skipped: runtime`, which follows the real time a waiting thread spins). One line per program:
#   same     every run of both builds gave one profile
#   varies   the profiles differ between runs of one build, and a base run and a new run agree: the
#            program's own timing, not the change (with RUNS=1 this cannot be told from "differs")
#   unsure N the profiles differ between runs of one build, and no base run agrees with a new run: run
#            it again with more RUNS (N: lines of the first runs' diff)
#   differs N each build gave one profile every time, and the two differ (N lines of diff): for the
#            change to explain. The profiles are kept in the work directory the script names.
#   failed   a run did not write a profile (its stderr is kept)
# Usage: [RUNS=n] [PROGRAMS="name..."] perf/compare_profiles.sh BASE_TREE NEW_TREE [ccsim options...]
#   BASE_TREE, NEW_TREE: source trees built with scripts/build.sh, e.g. a `git worktree add --detach
#   ../base <commit>` of the commit before the change; in NEW_TREE the test programs built too
#   (`cd build && make check TESTS=`).
#   RUNS (default 2): runs per program and build.
# Exits 1 when a program differs or a run failed. Each build's tool and preload are copied into a library
# directory of its own at a path of the same length (the stock Valgrind files linked), and the programs
# run with a fixed environment: the preload's path is in the program's environment (LD_PRELOAD) and in
# /proc/self/maps, which libomp reads at start-up, so paths of different lengths would move the
# program's stack and data.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/perf/bench_settings.sh"
check_tree_arguments compare_profiles.sh "[RUNS=n] [PROGRAMS=\"name...\"]" "$@"
if [ ! -x "$2/build/tests/programs/sweep" ]; then
  echo "compare_profiles.sh: $2 has no test programs; run (cd build && make check TESTS=) there first." >&2
  exit 2
fi
base=$(cd "$1" && pwd)
new=$(cd "$2" && pwd)
shift 2
RUNS=${RUNS:-2}
check_counts compare_profiles.sh "RUNS=$RUNS"
programs_dir="$new/build/tests/programs"
programs=${PROGRAMS:-$(find "$programs_dir" -maxdepth 1 -type f -perm -u+x -printf '%f\n' | sort)}
for program in $programs; do
  if [ ! -x "$programs_dir/$program" ]; then
    echo "compare_profiles.sh: PROGRAMS names $program, which is no test program in $programs_dir." >&2
    exit 2
  fi
done
work=$(mktemp -d /tmp/ccsim-profiles.XXXXXX)
echo "compare_profiles.sh: profiles in $work"

# lib_dir WHICH TREE: $work/WHICH/lib with TREE's tool and preload copied (not linked: /proc/self/maps
# names a mapped file by its real path) and every other file of its vg-lib linked.
lib_dir() {
  dir="$work/$1/lib"
  mkdir -p "$dir"
  for file in "$2"/build/vg-lib/*; do
    name=$(basename "$file")
    case "$name" in
      ccsim-* | vgpreload_ccsim-*) cp -L "$file" "$dir/$name" ;;
      *) ln -s "$(readlink -f "$file")" "$dir/$name" ;;
    esac
  done
}
lib_dir a "$base"
lib_dir b "$new"

# run_profile WHICH PROGRAM RUN [ccsim options...]: one run's profile, without the lines that name the
# process, in $work/PROGRAM.WHICH.RUN.profile; false when the run wrote none. A program that ends by a
# signal (a client crash) still has its profile.
run_profile() {
  build=$1 name=$2
  out="$work/$2.$1.$3"
  shift 3
  # The subshell's own stderr too: it tells of a program killed by a signal (the `|| true` inside keeps
  # the subshell waiting for it, so that the message goes there, not to this script's output).
  (cd "$work" && env -i PATH=/usr/bin:/bin OMP_NUM_THREADS=4 OMP_WAIT_POLICY=passive \
    VALGRIND_LIB="$work/$build/lib" timeout 300 valgrind --tool=ccsim "$@" --ccsim-out-file="$out.out" \
    "$programs_dir/$name" >"$out.stdout" || true) 2>"$out.stderr"
  [ -s "$out.out" ] && grep -v '^pid:\|^skipped: runtime' "$out.out" >"$out.profile"
}

# distinct FILE...: how many different contents the files have.
distinct() { for f in "$@"; do md5sum <"$f"; done | sort -u | wc -l; }

same=0
varies=0
unsure=0
differs=0
failed=0
for program in $programs; do
  ok=yes
  for run in $(seq "$RUNS"); do
    for which in a b; do
      run_profile "$which" "$program" "$run" "$@" || ok=no
    done
  done
  if [ "$ok" = no ]; then
    echo "failed   $program (stderr kept in $work)"
    failed=$((failed + 1))
    continue
  fi
  both=$(distinct "$work/$program".[ab].*.profile)
  in_base=$(distinct "$work/$program".a.*.profile)
  in_new=$(distinct "$work/$program".b.*.profile)
  agree=no
  for a in "$work/$program".a.*.profile; do
    for b in "$work/$program".b.*.profile; do
      if cmp -s "$a" "$b"; then agree=yes; fi
    done
  done
  lines=$(diff "$work/$program.a.1.profile" "$work/$program.b.1.profile" | grep -c '^[<>]' || true)
  if [ "$both" -eq 1 ]; then
    echo "same     $program"
    same=$((same + 1))
  elif [ "$agree" = yes ]; then
    echo "varies   $program"
    varies=$((varies + 1))
  elif [ "$in_base" -eq 1 ] && [ "$in_new" -eq 1 ]; then
    echo "differs  $program $lines"
    differs=$((differs + 1))
  else
    echo "unsure   $program $lines"
    unsure=$((unsure + 1))
  fi
done
echo "compare_profiles.sh: $same same, $varies varying between runs of one build, $unsure unsure," \
  "$differs different, $failed failed ($work)"
[ "$differs" -eq 0 ] && [ "$failed" -eq 0 ]
