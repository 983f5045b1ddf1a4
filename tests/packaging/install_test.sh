#!/bin/sh
# install_test.sh: `make install DESTDIR=...` puts everything where a user (and Valgrind) looks for it:
# ccsim-annotate and ccsim-sim in bindir, the tool and its preload in the tool directory, ccsim.h as
# <valgrind/ccsim.h> under includedir, the man pages under mandir/man1, the documents under docdir (the directory the
# tool's --help names); a client compiles against the installed header with only -I<prefix>/include and
# runs; and `make uninstall` takes every file away again. Run by `make check` from the build directory.
set -eu
fail() { echo "install_test.sh: $*" >&2; exit 1; }
scratch=$(pwd)/tests/packaging/scratch-install
rm -rf "$scratch" && mkdir -p "$scratch"
root=$scratch/root
# Not the make check's own jobserver: a separate make, as a user would type it.
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL ${MAKE:-make} install DESTDIR="$root" >"$scratch/install.log" 2>&1 ||
  fail "make install DESTDIR=$root failed: $(tail -n 20 "$scratch/install.log")"

platform=amd64-linux
for file in "$CCSIM_BINDIR/ccsim-annotate" "$CCSIM_BINDIR/ccsim-sim" "$CCSIM_TOOLDIR/ccsim-$platform" "$CCSIM_TOOLDIR/vgpreload_ccsim-$platform.so" \
  "$CCSIM_INCLUDEDIR/valgrind/ccsim.h" "$CCSIM_MANDIR/man1/ccsim.1" "$CCSIM_MANDIR/man1/ccsim-annotate.1" \
  "$CCSIM_MANDIR/man1/ccsim-sim.1" "$CCSIM_DOCDIR/docs/traces.md" "$CCSIM_DOCDIR/README.md" "$CCSIM_DOCDIR/docs/model.md" "$CCSIM_DOCDIR/docs/synchronization.md" \
  "$CCSIM_DOCDIR/docs/data-objects.md" "$CCSIM_DOCDIR/docs/output-format.md" "$CCSIM_DOCDIR/docs/annotate.md" \
  "$CCSIM_DOCDIR/docs/building.md" "$CCSIM_DOCDIR/docs/examples/histogram.c" "$CCSIM_DOCDIR/perf/README.md"; do
  [ -f "$root$file" ] || fail "make install did not install $file"
done

# The installed programs are the built ones: the installed ccsim-annotate names the version, the
# installed man page renders.
out=$("$root$CCSIM_BINDIR/ccsim-annotate" --version)
[ "$out" = "ccsim-annotate (ccsim) $CCSIM_VERSION" ] || fail "the installed ccsim-annotate --version printed '$out'"
out=$("$root$CCSIM_BINDIR/ccsim-sim" --version)
[ "$out" = "ccsim-sim (ccsim) $CCSIM_VERSION" ] || fail "the installed ccsim-sim --version printed '$out'"
MANWIDTH=80 LC_ALL=C man -l "$root$CCSIM_MANDIR/man1/ccsim.1" >/dev/null 2>"$scratch/man.err" && [ ! -s "$scratch/man.err" ] ||
  fail "the installed ccsim.1 does not render cleanly: $(cat "$scratch/man.err")"

# The tool's --help points at the installed documents.
./vg-in-place --tool=ccsim --help 2>/dev/null | grep -qF "the documents $CCSIM_DOCDIR" ||
  fail "valgrind --tool=ccsim --help does not name $CCSIM_DOCDIR"

# A user's client, compiled as with /usr/include: only -I<prefix>/include (the DESTDIR copy of it).
${CC:-cc} -Wall -Werror -I"$root$CCSIM_INCLUDEDIR" -o "$scratch/client_request" "${srcdir:-.}/tests/packaging/client_request.c" \
  2>"$scratch/cc.err" || fail "a client does not compile against the installed <valgrind/ccsim.h>: $(cat "$scratch/cc.err")"
"$scratch/client_request" || fail "the client built against the installed header failed"
# And under the tool, its requests are understood (an unknown one would make Valgrind warn).
./vg-in-place --tool=ccsim --ccsim-out-file="$scratch/ccsim.out" "$scratch/client_request" 2>"$scratch/vg.err" ||
  fail "the client failed under ccsim: $(cat "$scratch/vg.err")"
! grep -q "unhandled client request" "$scratch/vg.err" || fail "ccsim did not know a request of the installed header"

env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL ${MAKE:-make} uninstall DESTDIR="$root" >"$scratch/uninstall.log" 2>&1 ||
  fail "make uninstall DESTDIR=$root failed: $(tail -n 20 "$scratch/uninstall.log")"
left=$(find "$root" -type f)
[ -z "$left" ] || fail "make uninstall left files: $left"
rm -rf "$scratch"
