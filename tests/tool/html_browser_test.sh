#!/bin/sh
# html_browser_test.sh: the HTML report of the bundled example (docs/examples/histogram.c, built as
# tests/programs/histogram the way scripts/demo.sh builds it) loaded in a real browser, headless
# Chromium. Checks the page as the browser rendered it (the DOM after parsing and scripts): the finding
# and its class, the byte map of a shared line, the invalidator graph's SVG with the line that writes,
# the block strips, that the screenshot is a real picture; that the page, the --diff page, the cache sets
# page and the phases page (with its timeline chart) fit a 1280-pixel window without scrolling sideways (the width the browser measures); that the page says what
# the text says (skipped accesses, coherence traffic, the runtime's group), highlights the hot source line
# and draws the diff as tables; that --html says where the page is; and that ccsim's own preload is in no
# output.
# Skipped (exit 77) only when chromium is not installed.
# Run by `make check` from the build directory; the report and screenshot stay in
# tests/tool/scratch/html_browser/.
set -eu
fail() {
  echo "html_browser_test.sh: FAIL: $*" >&2
  exit 1
}
chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ]; then
  echo "html_browser_test.sh: SKIP: chromium is not installed (scripts/install-deps.sh installs Debian's chromium)"
  exit 77
fi
build=$(pwd)
source_dir=$(cd "${srcdir:-.}" && pwd)
example="$source_dir/docs/examples/histogram.c"
work="$build/tests/tool/scratch/html_browser"
rm -rf "$work" && mkdir -p "$work" && cd "$work"

"$build/vg-in-place" --tool=ccsim --ccsim-out-file=ccsim.out.histogram "$build/tests/programs/histogram" 4 \
  >run.out 2>&1 || fail "ccsim failed on the example: $(tail -n 5 run.out)"
annotate="$build/ccsim/annotate/ccsim-annotate"
"$annotate" --html=report -I "$source_dir/docs/examples" ccsim.out.histogram >html.out \
  || fail "ccsim-annotate --html failed"
[ -f report/index.html ] || fail "report/index.html was not written"
[ "$(cat html.out)" = "ccsim-annotate: the report is $work/report/index.html" ] ||
  fail "--html did not say where the page is: $(cat html.out)"
"$annotate" --diff --html=diff ccsim.out.histogram ccsim.out.histogram >/dev/null ||
  fail "ccsim-annotate --diff --html failed"

# Chromium's own diagnostics (no D-Bus in a container, ...) go to chromium.err; only its output counts.
browse() {
  timeout 30 "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars "$@" \
    "file://$work/report/index.html" 2>>chromium.err
}
browse --dump-dom >dom.html || fail "chromium could not load the report (chromium.err)"
# The sorting script, run by the browser: a copy of the page that clicks the lines table's first heading
# (reads) twice, which sorts by reads ascending.
sed 's|</body>|<script>var reads = document.querySelector("#lines + table thead th"); reads.click(); reads.click();</script></body>|' \
  report/index.html >report/sorted.html
timeout 30 "$chromium" --headless --no-sandbox --disable-gpu --dump-dom "file://$work/report/sorted.html" \
  >sorted.html 2>>chromium.err || fail "chromium could not load the sorted copy of the report"
browse --window-size=1280,2000 --screenshot="$work/report.png" >/dev/null || fail "chromium took no screenshot"

# The width of each page as the browser lays it out in a window 1280 pixels wide: a copy of the page
# whose script writes the document's scroll width into the DOM. Wider than the window: the page
# scrolls sideways (a byte map's notes or a long path pushing it out).
scroll_width() {  # scroll_width PAGE: the scroll width of PAGE/index.html at 1280 pixels
  sed 's|</body>|<script>document.body.dataset.scrollWidth = document.documentElement.scrollWidth;</script></body>|' \
    "$1/index.html" >"$1/measured.html"
  timeout 30 "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,2000 --dump-dom \
    "file://$work/$1/measured.html" 2>>chromium.err | grep -o 'data-scroll-width="[0-9]*"' | grep -o '[0-9][0-9]*'
}
# The cache sets section (docs/annotate.md, "Cache sets and the working set"): a buffer strided by 4,096
# bytes in a 4 KiB 2-way L1 of 32 sets (tests/programs/strided_buffer.c) puts its 8 lines in set 0 only.
"$build/vg-in-place" --tool=ccsim --L1=4096,2,64 --L2=none --LLC=none --miss-classes=yes --working-set=yes \
  --ccsim-out-file=ccsim.out.strided "$build/tests/programs/strided_buffer" 4096 >strided.out 2>&1 ||
  fail "ccsim failed on strided_buffer: $(tail -n 5 strided.out)"
"$annotate" --html=sets ccsim.out.strided >/dev/null || fail "ccsim-annotate --html failed on the sets profile"
timeout 30 "$chromium" --headless --no-sandbox --disable-gpu --dump-dom "file://$work/sets/index.html" \
  >sets.html 2>>chromium.err || fail "chromium could not load the sets page"
grep -qF 'strided: its 8 lines fall in 1 of L1&#39;s 32 sets (1/32)' sets.html ||
  grep -qF "strided: its 8 lines fall in 1 of L1's 32 sets (1/32)" sets.html ||
  fail "the rendered sets page lacks the crowded-sets finding of strided"
# The phases section (docs/annotate.md, "Phases"): omp_two_loops (tests/programs/omp_two_loops.c) runs two
# parallel loops 100 times, so two barriers close 100 epochs each; --timeline=1000 draws its chart.
"$build/vg-in-place" --tool=ccsim --phases=yes --timeline=1000 --ccsim-out-file=ccsim.out.phases \
  "$build/tests/programs/omp_two_loops" >phases.out 2>&1 || fail "ccsim failed on omp_two_loops: $(tail -n 5 phases.out)"
"$annotate" --html=phases ccsim.out.phases >/dev/null || fail "ccsim-annotate --html failed on the phases profile"
timeout 30 "$chromium" --headless --no-sandbox --disable-gpu --dump-dom "file://$work/phases/index.html" \
  >phases.html 2>>chromium.err || fail "chromium could not load the phases page"
grep -qF '<h2 id="phases">Phases: objects per parallel loop</h2>' phases.html || fail "the phases page has no Phases section"
[ "$(grep -c '<h3>100 epochs closed by ' phases.html)" -ge 2 ] || fail "the phases page lacks the two loops' barriers"
grep -qF '<svg class="timeline"' phases.html || fail "the phases page draws no timeline"
grep -q '<polyline fill="none" stroke-width="2" stroke="#1f77b4" points="[0-9]' phases.html ||
  fail "the timeline has no line of its busiest object"
for page in report diff sets phases; do
  width=$(scroll_width $page)
  [ -n "$width" ] || fail "chromium measured no width of $page/index.html"
  [ "$width" -le 1280 ] || fail "$page/index.html is $width pixels wide at a 1280-pixel window: it scrolls sideways"
done
timeout 30 "$chromium" --headless --no-sandbox --disable-gpu --dump-dom "file://$work/diff/index.html" \
  >diff.html 2>>chromium.err || fail "chromium could not load the diff page"

expect() {  # expect WHAT TEXT: the rendered page contains TEXT
  grep -qF -- "$2" dom.html || fail "the rendered page lacks $1: $2"
}
# Four threads each count into their own 32-byte row (4 longs) of per_thread_counts, aligned to 64:
# rows 0 and 1 share the first line, rows 2 and 3 the second. Every increment writes bytes another
# thread's row shares a line with and nobody else touches: false sharing, inside the parallel region.
expect "the finding" '1. per_thread_counts (global, 2,048 B): <span class="class">false sharing in parallel regions</span>'
expect "the advice" '<p class="fix">fix: '
# The byte map: in each shared line one thread writes bytes 0-31 (its row), the other 32-63.
expect "the first row's bytes" 'writes bytes 0-31 of the line; its stores removed'
expect "the second row's bytes" 'writes bytes 32-63 of the line; its stores removed'
# The block histograms: a strip per object, per_thread_counts's among them (--block-histograms, default 20).
expect "the block strips" '<h2 id="blocks">Blocks of data objects</h2>'
expect "per_thread_counts's strip" '<h3>per_thread_counts (global, 2,048 B)</h3>'
expect "a strip" '<div class="strip">'
# The invalidator graph, rendered as inline SVG: the increment's line is a node.
line=$(grep -n 'mine->count\[values\[i\] % BUCKETS\]++' "$example" | cut -d: -f1)
[ -n "$line" ] || fail "the increment is not found in $example"
sed -n '/<div class="graph" id="invalidators">/,/<\/svg>/p' dom.html >invalidators.svg
grep -q "<svg" invalidators.svg || fail "the invalidator graph has no SVG"
grep -q ">histogram.c:$line</text>" invalidators.svg || fail "the invalidator graph has no node histogram.c:$line"
grep -q ">per_thread_counts</text>" invalidators.svg || fail "the invalidator graph has no node of per_thread_counts"
# The lines table: by invalidations received the increment's line (200,000 reads) comes before the
# line that fills `values` (27 in the source: writes only); sorted by reads ascending, the other way round.
fill=$(grep -n 'values\[i\] = ' "$example" | cut -d: -f1)
lines_order() {  # the source lines of the lines table's rows in file $1, in the order shown
  sed -n '/<h2 id="lines">/,/<h2 id="functions">/p' "$1" | grep -o "histogram.c:[0-9]*" | tr '\n' ' '
}
[ "$(lines_order dom.html)" = "histogram.c:$line histogram.c:$fill " ] || fail "lines table order: $(lines_order dom.html)"
[ "$(lines_order sorted.html)" = "histogram.c:$fill histogram.c:$line " ] ||
  fail "after sorting by reads ascending the lines table reads: $(lines_order sorted.html)"

# What the text says, the page says: the text overview's skipped accesses, its coherence-traffic sentence and
# its runtime groups, word for word.
"$annotate" -I "$source_dir/docs/examples" ccsim.out.histogram >text.out || fail "ccsim-annotate failed"
skipped=$(sed -n 's/^Skipped: *//p' text.out)
[ -n "$skipped" ] || fail "the text has no Skipped: line"
expect "the skipped accesses" "<dt>Skipped</dt><dd>$skipped</dd>"
traffic=$(grep '^Coherence traffic' text.out)
[ -n "$traffic" ] || fail "the text has no coherence-traffic sentence"
expect "the coherence-traffic sentence" "$traffic"
grep -o '(runtime: [^)]*)' text.out | sort -u >runtime_groups.txt
[ -s runtime_groups.txt ] || fail "the text has no runtime group"
while read -r group; do expect "the runtime group" "$group"; done <runtime_groups.txt
# The hot source lines are highlighted: those the lines table ranks above the threshold, the increment
# (199,998 invalidations received) and the line that fills `values` (3,126 L1 misses), and no other.
hot=$(grep -o '<tr class="hot[^"]*">.\{0,600\}</tr>' dom.html |
  grep -o '<td class="number">[0-9]*</td><td class="code">' | grep -o '[0-9][0-9]*' | tr '\n' ' ')
[ "$hot" = "$fill $line " ] || fail "highlighted source lines: $hot (expected $fill $line)"
# The diff's changes are tables, not a text dump.
grep -q '<h2 id="change-lines">Change per line</h2>' diff.html || fail "the diff page has no change per line"
grep -q '<table class="plain">' diff.html || fail "the diff page draws no change table"
! grep -q '<pre>' diff.html || fail "the diff page still dumps text in a <pre>"

# ccsim's own preload is no part of the program: no page, export or listing names it.
"$annotate" --json ccsim.out.histogram >report.json || fail "ccsim-annotate --json failed"
"$annotate" --export=callgrind ccsim.out.histogram >callgrind.out || fail "ccsim-annotate --export failed"
"$annotate" --runtime=show --threshold=0 --top=100000 --view=lines,functions,objects ccsim.out.histogram \
  >runtime_shown.out || fail "ccsim-annotate --runtime=show failed"
for output in report/index.html diff/index.html report.json callgrind.out runtime_shown.out; do
  ! grep -q vgpreload_ccsim "$output" ||
    fail "$output names ccsim's preload: $(grep -m1 -o '[^ ]*vgpreload_ccsim[^ ]*' "$output")"
done

# The screenshot: a PNG of 1280 x 2000 pixels, with far more in it than a blank page (a white 1280 x 2000
# PNG is about 12 KB; the report's text, byte maps and tables make it hundreds).
[ -f report.png ] || fail "no screenshot"
[ "$(head -c 8 report.png | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fail "report.png is not a PNG"
size=$(wc -c <report.png)
[ "$size" -gt 50000 ] || fail "report.png has $size bytes: the page looks empty"
echo "html_browser_test.sh: the report of the example renders in $chromium; screenshot $work/report.png ($size bytes)"
