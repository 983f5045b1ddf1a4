#!/bin/sh
# install-deps.sh: installs the Debian 12 packages ccsim needs to build and test (run as root, or with sudo
# available). Safe to run again: apt-get skips what is there.
set -eu
packages="build-essential autoconf automake pkg-config valgrind libc6-dbg
  libboost-graph-dev libboost-program-options-dev nlohmann-json3-dev
  libgtest-dev libbenchmark-dev graphviz clang libomp-14-dev time chromium
  groff-base man-db zstd libzstd-dev"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo=sudo; else
    echo "install-deps.sh: run as root (or install sudo) so apt-get can install: $packages" >&2; exit 1
  fi
fi
missing=""
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "install-deps.sh: installing$missing"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
