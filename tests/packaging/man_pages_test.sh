#!/bin/sh
# man_pages_test.sh: the built man pages ccsim(1), ccsim-annotate(1) and ccsim-sim(1) render without a
# single groff warning (-ww: all of them; man -l as a user reads them, with its own warnings on stderr), and
# each names every option its program's --help lists. Run by `make check` from the build directory.
set -eu
fail() { echo "man_pages_test.sh: $*" >&2; exit 1; }
scratch=tests/packaging/scratch-man
rm -rf "$scratch" && mkdir -p "$scratch"

for page in man/ccsim.1 man/ccsim-annotate.1 man/ccsim-sim.1; do
  [ -f "$page" ] || fail "$page was not built"
  groff -man -ww -z "$page" 2>"$scratch/groff.err" || fail "groff failed on $page: $(cat "$scratch/groff.err")"
  [ ! -s "$scratch/groff.err" ] || fail "groff warns on $page: $(cat "$scratch/groff.err")"
  # man(1) as the user runs it, in plain ASCII (hyphens stay '-').
  MANWIDTH=100 LC_ALL=C man -l "$page" >"$scratch/$(basename "$page").txt" 2>"$scratch/man.err" ||
    fail "man -l $page failed: $(cat "$scratch/man.err")"
  [ ! -s "$scratch/man.err" ] || fail "man -l $page warns: $(cat "$scratch/man.err")"
  [ -s "$scratch/$(basename "$page").txt" ] || fail "man -l $page printed nothing"
  grep -q '@[A-Za-z]*@' "$page" && fail "$page still holds an @-word: $(grep -o '@[A-Za-z]*@' "$page" | head -n 1)"
done

# Every option of a --help text (the words starting with -- at the start of an option line), and each
# one-letter option, must appear in the rendered page.
check_options() {
  help=$1 rendered=$2 options=$(grep -oE '^ +(-[A-Za-z] \[ )?--[A-Za-z0-9-]+' "$1" | grep -oE -- '--?[A-Za-z0-9-]+' | sort -u)
  [ -n "$options" ] || fail "no options found in $help"
  for option in $options; do
    grep -qE -- "(^|[^A-Za-z0-9-])$option([^A-Za-z0-9-]|\$)" "$rendered" || fail "$option (in $help) is not in the man page"
  done
}
ccsim/annotate/ccsim-annotate --help >"$scratch/annotate-help.txt"
check_options "$scratch/annotate-help.txt" "$scratch/ccsim-annotate.1.txt"
ccsim/sim/ccsim-sim --help >"$scratch/sim-help.txt"
check_options "$scratch/sim-help.txt" "$scratch/ccsim-sim.1.txt"
# The tool's own options: the block of Valgrind's --help after "user options for ccsim:".
./vg-in-place --tool=ccsim --help 2>&1 | sed -n '/user options for ccsim:/,/^ *Extra options read/p' \
  >"$scratch/tool-help.txt"
check_options "$scratch/tool-help.txt" "$scratch/ccsim.1.txt"
# The version in each page's title line is the one built.
for page in ccsim ccsim-annotate ccsim-sim; do
  tail -n 1 "$scratch/$page.1.txt" | grep -q "ccsim $CCSIM_VERSION" || fail "$page.1 does not name version $CCSIM_VERSION"
done
rm -rf "$scratch"
