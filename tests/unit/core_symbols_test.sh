#!/bin/sh
# core_symbols_test.sh: the simulator core links into a Valgrind tool, where there is no libc and no
# libstdc++; only memcpy, memmove and memset (coregrind defines them) and libgcc's helpers are there.
# This checks libccsimcore-toolflags.a (the core compiled with the tool's flags) for any other symbol it
# needs from outside itself. Run by `make check` from the build directory.
set -eu
lib=libccsimcore-toolflags.a
if [ ! -f "$lib" ]; then
  echo "core_symbols_test.sh: $lib is missing; run make in the build directory first." >&2
  exit 1
fi
defined=$(nm --defined-only "$lib" | awk 'NF == 3 { print $3 }' | sort -u)
needed=$(nm -u "$lib" | awk '{ print $2 }' | sort -u)
foreign=$(printf '%s\n' "$needed" | while read -r symbol; do
  [ -n "$symbol" ] || continue
  case "$symbol" in memcpy | memmove | memset | __popcountdi2) continue ;; esac
  printf '%s\n' "$defined" | grep -qxF "$symbol" || printf '%s\n' "$symbol"
done)
if [ -n "$foreign" ]; then
  echo "core_symbols_test.sh: the core needs symbols a Valgrind tool does not have:" >&2
  printf '  %s\n' $foreign >&2
  exit 1
fi
echo "core_symbols_test.sh: the core needs nothing outside itself but memcpy/memmove/memset and libgcc."
