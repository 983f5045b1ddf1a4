#!/bin/sh
# test.sh: installs what the build needs (Debian 12, apt-get), builds ccsim in ./build and runs every test
# (`make check`: core unit tests, replay tests, annotator tests, end-to-end runs under Valgrind).
# Ends with one line "N passed, N failed" counting individual test cases.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/scripts/install-deps.sh"
"$top/scripts/build.sh"
cd "$top/build"
status=0
make -j"$(nproc)" check >make-check.out 2>&1 || status=$?
grep -E '^(PASS|FAIL|XFAIL|XPASS|ERROR|SKIP):' make-check.out || true
if [ "$status" -ne 0 ]; then
  echo "test.sh: make check failed; the end of its output and the failing logs follow" >&2
  tail -n 30 make-check.out >&2
  for trs in $(find . -name '*.trs'); do
    if grep -q ':test-result: \(FAIL\|ERROR\)' "$trs"; then
      log=${trs%.trs}.log
      echo "==== $log" >&2
      grep -E '^\[  FAILED  \]|Failure|error|Expected|Which is|Value of|actual' "$log" | head -n 60 >&2 || tail -n 40 "$log" >&2
    fi
  done
fi
# Count test cases: GoogleTest logs report their own; any other test counts as one.
passed=0
failed=0
for trs in $(find . -name '*.trs'); do
  log=${trs%.trs}.log
  if grep -q '^\[==========\]' "$log" 2>/dev/null; then
    p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) tests\{0,1\}\..*/\1/p' "$log" | tail -n 1)
    f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) tests\{0,1\}, listed below.*/\1/p' "$log" | tail -n 1)
    passed=$((passed + ${p:-0}))
    failed=$((failed + ${f:-0}))
    if [ -z "$p$f" ]; then failed=$((failed + 1)); fi
  elif grep -q ':test-result: PASS' "$trs"; then
    passed=$((passed + 1))
  elif grep -q ':test-result: SKIP' "$trs"; then
    :
  else
    failed=$((failed + 1))
  fi
done
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
echo "$passed passed, $failed failed"
exit "$status"
