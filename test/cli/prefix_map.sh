#!/usr/bin/env bash
# --prefix-map OLD=NEW (repeatable, the last matching one wins, as gcc's
# -ffile-prefix-map): every source path warpc records (header comments,
# #line directives, so the object's line table, its compilation directory
# and PTX .file entries) names NEW for OLD, OLD relative or absolute and
# matching whole components; NEW empty makes the rest relative; malformed
# maps are usage errors.  Diagnostics and depfiles keep the paths as given.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

mkdir -p src/pkg
kernel src/pkg/k.py
"$warpc" --no-cuda --prefix-map "$tmp/work/src=/proj" src/pkg/k.py -o k.o -MD 2>err ||
  fail "compile: $(cat err)"
grep -q 'from /proj/pkg/k.py:' k.h || fail "header: $(head -1 k.h)"
grep -q "(/proj/pkg/k.py:4)" k.h || fail "header kernel comment: $(grep Kernel k.h)"
readelf --debug-dump=info k.o | grep -q 'DW_AT_comp_dir.*: /proj/pkg$' ||
  fail "compilation directory: $(readelf --debug-dump=info k.o | grep comp_dir)"
! grep -a -q "$tmp" k.o k.h || fail "the object or header names $tmp"
grep -q 'src/pkg/k.py' k.d || fail "the depfile must keep the path as given: $(cat k.d)"
# relative OLD, the last match wins, a partial component does not match
"$warpc" --emit=c --prefix-map src=/a --prefix-map src/pkg=/b src/pkg/k.py | grep -q '#line [0-9]* "/b/k.py"' ||
  fail "the last matching map does not win"
"$warpc" --emit=c --prefix-map src/pk=/c src/pkg/k.py | grep -q '#line [0-9]* "k.py"' ||
  fail "a map matched part of a component"
"$warpc" --emit=c "--prefix-map=$tmp/work/src=" src/pkg/k.py | grep -q '#line [0-9]* "pkg/k.py"' ||
  fail "an empty NEW does not make the rest relative"
# diagnostics keep the path as given
bad_kernel src/pkg/bad.py
"$warpc" --no-cuda --prefix-map src=/proj src/pkg/bad.py -o bad.o 2>err && fail "bad.py compiled"
grep -q '^src/pkg/bad.py:5:' err || fail "diagnostic path: $(cat err)"
for m in noequals =/x; do
  rc=0
  "$warpc" --no-cuda --prefix-map "$m" src/pkg/k.py -o m.o 2>err || rc=$?
  [ "$rc" = 2 ] || fail "--prefix-map '$m': exit $rc, want 2"
  grep -q 'OLD=NEW' err || fail "--prefix-map '$m': $(cat err)"
  [ ! -e m.o ] || fail "--prefix-map '$m' left an object"
done
if command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ]; then
  "$warpc" --emit=ptx --cuda-arch=sm_75 --prefix-map src=/proj src/pkg/k.py >k.ptx 2>err ||
    fail "ptx: $(cat err)"
  grep -q '\.file.*"/proj/pkg/k.py"' k.ptx || fail "PTX .file: $(grep '\.file' k.ptx)"
  ! grep -q "$tmp" k.ptx || fail "the PTX names $tmp"
fi
echo ok
