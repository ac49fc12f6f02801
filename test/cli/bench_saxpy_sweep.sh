#!/usr/bin/env bash
# bench/saxpy_sweep builds from a clean build directory with bench/bench.mk
# (another bench's kernels.py, -fopenmp) and runs: a short sweep (2^16 and
# 2^17 floats, one batch) checks warpc's results identical to the C loop's
# and prints its table, which bench/targets.py reads; --own-arrays runs.
# The timings are not checked (a benchmark).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
make -s -C "$root/bench/saxpy_sweep" B="$PWD/b" >make.log 2>&1 || fail "build: $(cat make.log)"
! grep -q warning make.log || fail "build warnings: $(cat make.log)"
"$PWD/b/saxpy_sweep_warpc" --batches 1 --max-log2 17 >out.txt 2>err.txt ||
  fail "run: exit $?: $(cat err.txt out.txt)"
grep -q '^2\^17 ' out.txt && grep -q '^# worst warpc/C' out.txt || fail "table: $(cat out.txt)"
# bench/targets.py reads both worst ratios from the table's last line
python3 - "$root/bench" out.txt <<'PY' || fail "targets.py cannot read the table: $(cat out.txt)"
import sys
sys.path.insert(0, sys.argv[1])
import targets
rows = targets.parse_sweep(open(sys.argv[2]).read())
sys.exit(0 if len(rows) == 2 and all(r["measured"] != "-" for r in rows) else 1)
PY
# C timed on its own arrays
"$PWD/b/saxpy_sweep_warpc" --batches 1 --max-log2 16 --own-arrays >out.txt 2>err.txt ||
  fail "run --own-arrays: exit $?: $(cat err.txt out.txt)"
grep -q '^2\^16 ' out.txt || fail "table (--own-arrays): $(cat out.txt)"
"$PWD/b/saxpy_sweep_warpc" --max-log2 27 >/dev/null 2>err.txt && fail "--max-log2 27 accepted"
grep -q '12 <= --min-log2 <= --max-log2 <= 26' err.txt || fail "usage message: $(cat err.txt)"
"$PWD/b/saxpy_sweep_warpc" --min-log2 11 >/dev/null 2>err.txt && fail "--min-log2 11 accepted"
"$PWD/b/saxpy_sweep_warpc" --min-log2 18 --max-log2 17 >/dev/null 2>err.txt &&
  fail "--min-log2 above --max-log2 accepted"
# a smaller size than 2^16 (launches under the pool's threshold)
"$PWD/b/saxpy_sweep_warpc" --batches 1 --min-log2 12 --max-log2 12 >out.txt 2>err.txt ||
  fail "run --min-log2 12: exit $?: $(cat err.txt out.txt)"
grep -q '^2\^12 ' out.txt || fail "table (--min-log2 12): $(cat out.txt)"
echo ok
