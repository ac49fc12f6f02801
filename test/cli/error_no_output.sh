#!/usr/bin/env bash
# A file with errors in it: exit 1, every error reported as
# FILE:LINE:COL: error: MESSAGE, and no output written - no OUT.o, no OUT.h,
# no temporary file beside them or in $TMPDIR.  An OUT.o/OUT.h left by an
# earlier good compile is not touched (not replaced by a partial file).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

cat >bad.py <<'PY'
import warp as wp


@wp.kernel
def k(x: wp.array(dtype=float)):
    i = wp.tid()
    v = wp.vec3(1.0, 2.0, 3.0)
    x[i] = v + 1.0
    x[i] = undefined_name
PY
cat >syntax.py <<'PY'
import warp as wp


@wp.kernel
def k(x: wp.array(dtype=float)):
    i = wp.tid(
PY
listing() { ls -A | grep -Ev '^(bad|syntax)\.py$|^(err|out)$' | tr '\n' ' ' || true; }

for f in bad syntax; do
  for args in "" "-o $f.o" "-o $f.o -H api.h" "--emit=c" "--emit=c -o $f.c" "--emit=header -o $f.h" "--emit=ir"; do
    rc=0
    "$warpc" $f.py $args >out 2>err || rc=$?
    [ "$rc" = 1 ] || fail "warpc $f.py $args: exit $rc, want 1 (stderr: $(cat err))"
    grep -Eq "^$f\.py:[0-9]+:[0-9]+: error: " err || fail "warpc $f.py $args: no 'FILE:LINE:COL: error:' line: $(cat err)"
    [ ! -s out ] || fail "warpc $f.py $args: printed to stdout"
    [ -z "$(listing)" ] || fail "warpc $f.py $args: left files behind: $(listing)"
    [ -z "$(ls -A ../tmpdir)" ] || fail "warpc $f.py $args: left files in TMPDIR: $(ls -A ../tmpdir)"
  done
done

# both errors of bad.py are reported, at their positions
"$warpc" bad.py 2>err || true
grep -q "^bad\.py:8:12: error: cannot add 'vec3f' and 'float32'" err || fail "first error not at bad.py:8:12: $(cat err)"
grep -q "^bad\.py:9:12: error: .*undefined_name" err || fail "second error not at bad.py:9:12: $(cat err)"

# an older good output stays as it was
cp bad.py good.py
sed -i '7,9d' good.py
printf '    x[i] = 3.0\n' >>good.py
"$warpc" good.py -o old.o -H old.h
cp old.o old.o.saved
cp old.h old.h.saved
rc=0
"$warpc" bad.py -o old.o -H old.h 2>/dev/null || rc=$?
[ "$rc" = 1 ] || fail "bad.py over old outputs: exit $rc, want 1"
cmp -s old.o old.o.saved || fail "a failed compile changed the existing old.o"
cmp -s old.h old.h.saved || fail "a failed compile changed the existing old.h"
rm old.o old.h old.o.saved old.h.saved good.py
[ -z "$(listing)" ] || fail "left files behind: $(listing)"
echo ok
