#!/bin/sh
# html_browser_test.sh: the HTML report of the bundled example (docs/examples/histogram.c, built as
# tests/programs/histogram the way scripts/demo.sh builds it) loaded in a real browser, headless
# Chromium. Checks the page as the browser rendered it (the DOM after parsing and scripts): the finding
# and its class, the byte map of a shared line, the invalidator graph's SVG with the line that writes,
# and that the screenshot is a real picture. Skipped (exit 77) only when chromium is not installed.
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
"$build/ccsim/annotate/ccsim-annotate" --html=report -I "$source_dir/docs/examples" ccsim.out.histogram \
  || fail "ccsim-annotate --html failed"
[ -f report/index.html ] || fail "report/index.html was not written"

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

# The screenshot: a PNG of 1280 x 2000 pixels, with far more in it than a blank page (a white 1280 x 2000
# PNG is about 12 KB; the report's text, byte maps and tables make it hundreds).
[ -f report.png ] || fail "no screenshot"
[ "$(head -c 8 report.png | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fail "report.png is not a PNG"
size=$(wc -c <report.png)
[ "$size" -gt 50000 ] || fail "report.png has $size bytes: the page looks empty"
echo "html_browser_test.sh: the report of the example renders in $chromium; screenshot $work/report.png ($size bytes)"
