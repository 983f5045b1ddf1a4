#!/bin/sh
# demo.sh: installs what ccsim needs (Debian 12, apt-get), builds it, runs it on the bundled example
# (docs/examples/histogram.c: four OpenMP threads counting into adjacent rows, a false-sharing bug) and
# shows what ccsim found (the findings open the output: the object, the kind of sharing, what it costs and
# how to fix it), then the same program with padded rows, and the difference the fix makes.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/scripts/install-deps.sh"
"$top/scripts/build.sh"
work="$top/build/demo"
rm -rf "$work" && mkdir -p "$work" && cd "$work"
gcc -g -O1 -fopenmp "$top/docs/examples/histogram.c" -o histogram
gcc -g -O1 -fopenmp -DPADDED "$top/docs/examples/histogram.c" -o histogram-padded
annotate="$top/build/ccsim/annotate/ccsim-annotate"
echo "== valgrind --tool=ccsim ./histogram 4"
"$top/build/vg-in-place" --tool=ccsim --ccsim-out-file=ccsim.out.histogram ./histogram 4
echo
echo "== ccsim-annotate ccsim.out.histogram"
"$annotate" ccsim.out.histogram
echo
echo "== the fix the finding suggests: each thread's row padded to a cache line (-DPADDED)"
"$top/build/vg-in-place" --tool=ccsim --ccsim-out-file=ccsim.out.padded ./histogram-padded 4 >/dev/null
"$annotate" --view=findings ccsim.out.padded
echo
echo "== ccsim-annotate --diff ccsim.out.histogram ccsim.out.padded (what the fix changed)"
"$annotate" --diff ccsim.out.histogram ccsim.out.padded
echo
echo "== ccsim-annotate --html=report ccsim.out.histogram (the same findings as one offline page)"
"$annotate" --html=report -I "$top/docs/examples" ccsim.out.histogram
echo "open $work/report/index.html in a browser"
echo
echo "Profiles are in $work; 'ccsim-annotate --help' lists the other views (graphs, JSON, diff)."
