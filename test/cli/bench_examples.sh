#!/usr/bin/env bash
# bench/examples (README there): the drivers build, wave and fluid stepped
# twice by warpc's kernels end bit-identical to warp-lang stepping the
# examples (run.py compares; the timing is not checked), and the drivers'
# command-line and input errors are reported (exit 2 usage, 4 a missing or
# short input file).  sph and dem take seconds per step in warp-lang, so
# their comparison is left to `make -C bench/examples run`; here they are
# built and their errors checked.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

python3 -c 'import warp' 2>/dev/null || skip "warp-lang is not installed"
[ -f "$root/build/lib/libwarprt.a" ] || fail "build/lib/libwarprt.a is missing (run make)"
B="$tmp/b"
make -s -C "$root/bench/examples" B="$B" WARPC="$warpc" WARPC_FLAGS= >make.log 2>&1 ||
  fail "make -C bench/examples: $(tail -5 make.log)"
for d in wave fluid sph dem; do [ -x "$B/$d" ] || fail "$B/$d was not built"; done
python3 "$root/bench/examples/run.py" --steps 2 --reps 1 --build-dir "$B" wave fluid >run.txt 2>run.err ||
  fail "run.py exited $?: $(cat run.txt run.err | tail -8)"
n=$(grep -cE '^(wave|fluid) .*same \(max abs diff 0\)' run.txt)
[ "$n" = 2 ] || fail "expected wave and fluid bit-identical to warp-lang: $(cat run.txt)"

mkdir out in
rc=0; "$B/dem" 1 out >err.txt 2>&1 || rc=$?
[ $rc = 2 ] && grep -q "usage: .* STEPS OUTDIR INDIR" err.txt || fail "dem without INDIR: $(cat err.txt)"
rc=0; "$B/wave" 0 out >err.txt 2>&1 || rc=$?
[ $rc = 2 ] || fail "wave with 0 steps: $(cat err.txt)"
rc=0; "$B/dem" 1 out in >err.txt 2>&1 || rc=$?
[ $rc = 4 ] && grep -q "in/init_x.bin: missing" err.txt || fail "dem without init_x.bin: $(cat err.txt)"
head -c 1000 /dev/zero >in/init_x.bin
rc=0; "$B/dem" 1 out in >err.txt 2>&1 || rc=$?
[ $rc = 4 ] && grep -q "not 786432 bytes" err.txt || fail "dem with a short init_x.bin: $(cat err.txt)"
echo ok
