#!/bin/sh
# version_test.sh: both programs name ccsim's version, the one configure.ac's AC_INIT gives:
# `ccsim-annotate --version` prints "ccsim-annotate (ccsim) VERSION", `valgrind --tool=ccsim
# --ccsim-version PROGRAM` prints "ccsim-VERSION" (like `valgrind --version`) without running PROGRAM,
# and the tool's -v preamble starts with "ccsim-VERSION, ". Run by `make check` from the build directory.
set -eu
srcdir=${srcdir:-.}
fail() { echo "version_test.sh: $*" >&2; exit 1; }
# The version as AC_INIT spells it: AC_INIT([ccsim], [0.1.0], ...).
version=$(sed -n 's/^AC_INIT(\[ccsim\], \[\([^]]*\)\].*/\1/p' "$srcdir/configure.ac")
[ -n "$version" ] || fail "no version found in AC_INIT of $srcdir/configure.ac"
[ "$version" = "${CCSIM_VERSION:-$version}" ] || fail "configure.ac says $version, the build $CCSIM_VERSION: rerun autoreconf"

out=$(ccsim/annotate/ccsim-annotate --version) || fail "ccsim-annotate --version failed"
[ "$out" = "ccsim-annotate (ccsim) $version" ] || fail "ccsim-annotate --version printed '$out'"

scratch=tests/packaging/scratch-version
rm -rf "$scratch" && mkdir -p "$scratch"
# A program that would leave a file if it ran.
out=$(./vg-in-place --tool=ccsim --ccsim-version /usr/bin/touch "$scratch/ran" 2>"$scratch/stderr") ||
  fail "--ccsim-version failed: $(cat "$scratch/stderr")"
[ "$out" = "ccsim-$version" ] || fail "--ccsim-version printed '$out'"
[ ! -e "$scratch/ran" ] || fail "--ccsim-version ran the program"

./vg-in-place --tool=ccsim -v --ccsim-out-file="$scratch/ccsim.out" /bin/true 2>"$scratch/stderr" >/dev/null ||
  fail "valgrind --tool=ccsim -v /bin/true failed: $(cat "$scratch/stderr")"
grep -q "^==[0-9]*== ccsim-$version, a cache-coherence profiler for multithreaded programs\$" "$scratch/stderr" ||
  fail "the -v preamble does not name ccsim-$version: $(head -n 3 "$scratch/stderr")"
rm -rf "$scratch"
