#!/bin/sh
# check-dist.sh: checks the release tarball as a user on a clean machine meets it: `make distcheck`
# makes ccsim-<version>.tar.gz, unpacks it, configures it out of a read-only source tree, builds it,
# runs the whole `make check` there, installs into a scratch prefix (the tool too), uninstalls, and
# checks that `make distclean` leaves nothing behind. Slow (a full build and test run, 20 to 40 minutes
# on 2 cores), so it is not part of `make check`; run it before a release. With --quick it stops after
# dist + unpack + configure + make (a few minutes). Uses ./build (scripts/build.sh makes it).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/scripts/build.sh"
cd "$top/build"
jobs=${CCSIM_JOBS:-2}
if [ "${1:-}" = "--quick" ]; then
  make dist >dist.out 2>&1 || { tail -n 30 dist.out >&2; echo "check-dist.sh: make dist failed" >&2; exit 1; }
  tarball=$(ls -t ccsim-*.tar.gz | head -n 1)
  scratch=$(mktemp -d "${TMPDIR:-/tmp}/ccsim-dist.XXXXXX")
  trap 'chmod -R u+w "$scratch"; rm -rf "$scratch"' EXIT
  tar xzf "$tarball" -C "$scratch"
  source_dir=$(ls -d "$scratch"/ccsim-*)
  chmod -R a-w "$source_dir"
  mkdir "$scratch/build"
  cd "$scratch/build"
  "$source_dir/configure" >configure.out 2>&1 || { cat configure.out >&2; echo "check-dist.sh: configure of $tarball failed" >&2; exit 1; }
  make -j"$jobs" >make.out 2>&1 || { tail -n 40 make.out >&2; echo "check-dist.sh: make of $tarball failed" >&2; exit 1; }
  echo "check-dist.sh: $tarball unpacks, configures and builds (--quick: tests not run)"
else
  make -j"$jobs" distcheck >distcheck.out 2>&1 ||
    { tail -n 60 distcheck.out >&2; echo "check-dist.sh: make distcheck failed (full log: build/distcheck.out)" >&2; exit 1; }
  grep -A1 'archives ready for distribution' distcheck.out
fi
