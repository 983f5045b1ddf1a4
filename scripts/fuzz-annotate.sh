#!/bin/sh
# fuzz-annotate.sh: builds ccsim/annotate/parsing/fuzz_parser.cc, the libFuzzer target of ccsim-annotate's
# profile reader, with clang++ and AddressSanitizer + UndefinedBehaviorSanitizer, and runs it.
#
# usage: scripts/fuzz-annotate.sh [SECONDS]     (default 180)
# Works in build-fuzz/ at the top of the tree: the binary, the growing corpus (corpus/), and any input
# that crashed (crash-*, leak-*, timeout-*), which libFuzzer also names on its last lines. The seed
# inputs are the hand-written profiles of tests/annotate/profiles/. Not part of make check.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-180}
case $seconds in
  ''|*[!0-9]*) echo "fuzz-annotate.sh: the run time must be a number of seconds, not '$seconds'" >&2; exit 2 ;;
esac
command -v clang++ >/dev/null 2>&1 || {
  echo "fuzz-annotate.sh: clang++ is needed (libFuzzer comes with it): install the Debian package clang" >&2
  exit 1
}
work=$top/build-fuzz
mkdir -p "$work/corpus"

# The library sources without main.cc and options.cc (the fuzz target has its own entry point and sets
# its options directly, so Boost.Program_options is not needed).
sources=$(find "$top"/ccsim/annotate -name "*.cc" ! -name main.cc ! -name options.cc | sort)
echo "fuzz-annotate.sh: building $work/fuzz_parser"
# shellcheck disable=SC2086
clang++ -std=c++17 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -I"$top" $sources -o "$work/fuzz_parser"

# Keywords and fields of docs/output-format.md, so that mutations reach past the header quickly.
cat > "$work/profile.dict" <<'DICT'
"ccsim-profile-version: 1\x0A"
"creator: "
"pid: "
"command: "
"sim-mode: interleaved\x0A"
"threads: "
"line-size: 64\x0A"
"cache: L1 32768 8 64\x0A"
"cache: L2 none\x0A"
"cache: LLC none\x0A"
"miss-classes: yes\x0A"
"trace-stack: no\x0A"
"events: "
"skipped: "
"replay: early-flushes "
"file: "
"fn: "
"obj: "
"ref: "
"counts: "
"region: "
"evictor: "
"invalidator: "
"object: "
"object-counts: "
"object-ref: "
"line-detail: "
"summary: "
" R "
" W "
"0x"
"global"
"heap"
"L1"
"reads"
"writes"
DICT

echo "fuzz-annotate.sh: running for $seconds seconds"
cd "$work"
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1} \
  ./fuzz_parser -max_total_time="$seconds" -max_len=8192 -timeout=10 -dict=profile.dict \
  -print_final_stats=1 corpus "$top/tests/annotate/profiles"
