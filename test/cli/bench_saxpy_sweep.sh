#!/usr/bin/env bash
# bench/saxpy_sweep builds from a clean build directory with bench/bench.mk
# (another bench's kernels.py, -fopenmp) and runs: a short sweep (2^16 and
# 2^17 floats, one batch) checks warpc's results identical to the C loop's
# and prints its table.  The timings are not checked (a benchmark).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
make -s -C "$root/bench/saxpy_sweep" B="$PWD/b" >make.log 2>&1 || fail "build: $(cat make.log)"
! grep -q warning make.log || fail "build warnings: $(cat make.log)"
"$PWD/b/saxpy_sweep_warpc" --batches 1 --max-log2 17 >out.txt 2>err.txt ||
  fail "run: exit $?: $(cat err.txt out.txt)"
grep -q '^2\^17 ' out.txt && grep -q '^# worst warpc/C' out.txt || fail "table: $(cat out.txt)"
"$PWD/b/saxpy_sweep_warpc" --max-log2 27 >/dev/null 2>err.txt && fail "--max-log2 27 accepted"
grep -q 'max-log2 16..26' err.txt || fail "usage message: $(cat err.txt)"
echo ok
