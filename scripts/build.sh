#!/bin/sh
# build.sh: configures (once) and builds ccsim in ./build, out of the source tree.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
[ -x configure ] && [ configure -nt configure.ac ] || autoreconf -fi >/dev/null
mkdir -p build
cd build
[ -f Makefile ] || ../configure --enable-debug=${CCSIM_DEBUG:-no} >/dev/null
make -j"$(nproc)" >/dev/null
