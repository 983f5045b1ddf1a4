#!/bin/sh
# build.sh: configures (once) and builds ccsim in ./build, out of the source tree. Prints the build's
# output only when it fails.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
if [ ! -x configure ] || [ configure.ac -nt configure ]; then autoreconf -fi >/dev/null 2>&1; fi
mkdir -p build
cd build
if [ ! -f Makefile ]; then
  ../configure --enable-debug="${CCSIM_DEBUG:-no}" >configure.out 2>&1 || { cat configure.out >&2; exit 1; }
fi
make -j"$(nproc)" >make.out 2>&1 || { tail -n 60 make.out >&2; echo "build.sh: the build failed (full log: build/make.out)" >&2; exit 1; }
