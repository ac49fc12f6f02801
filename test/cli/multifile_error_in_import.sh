#!/usr/bin/env bash
# Diagnostics inside an imported file point at that file's path:line:col
# (with its source line and caret), with a note at the use in the kernel
# file; syntax errors of an imported file are reported at its positions too;
# a module reached by a relative import (`from ..util import f` in
# pkg/sub/mod.py) is named pkg/util.py, not pkg/sub/../util.py.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

mkdir -p lib
cat >lib/shapes.py <<'PY'
import warp as wp


@wp.struct
class Box:
    size: wp.vec3
    bad: wp.nothing


@wp.func
def volume(s: wp.vec3) -> float:
    v = s[0] * s[1] * s[2]
    return v + undefined_thing
PY
cat >k.py <<'PY'
import warp as wp
import shapes


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[wp.tid()] = shapes.volume(wp.vec3(1.0, 2.0, 3.0))
PY
rc=0
"$warpc" -I lib k.py -o k.o --no-cuda 2>err || rc=$?
[ "$rc" = 1 ] || fail "exit $rc, want 1: $(cat err)"
grep -q "^lib/shapes.py:13:16: error: name 'undefined_thing' is not defined$" err || fail "func error: $(cat err)"
grep -q "^        return v + undefined_thing$" err || fail "source line of lib/shapes.py missing: $(cat err)"
grep -q "^k.py:7:21: note: in the call of 'volume' here$" err || fail "note at the call: $(cat err)"
grep -q "^lib/shapes.py:7:10: error: 'nothing' is not a type warpc knows" err || fail "struct error: $(cat err)"
[ ! -e k.o ] && [ ! -e k.h ] || fail "output written"

cat >lib/broken.py <<'PY'
import warp as wp

@wp.func
def f(x: float)
    return x
PY
cat >k2.py <<'PY'
import warp as wp
import broken
PY
rc=0
"$warpc" -I lib k2.py -o k2.o --no-cuda 2>err || rc=$?
[ "$rc" = 1 ] || fail "syntax error: exit $rc, want 1: $(cat err)"
grep -q "^lib/broken.py:4:16: error:" err || fail "syntax error position: $(cat err)"

mkdir -p pkg/sub
: >pkg/__init__.py
: >pkg/sub/__init__.py
cat >pkg/util.py <<'PY'
import warp as wp


@wp.func
def f(x: float) -> float:
    return x + missing_name
PY
cat >pkg/sub/mod.py <<'PY'
import warp as wp

from ..util import f


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[wp.tid()] = f(1.0)
PY
rc=0
"$warpc" pkg/sub/mod.py -o m.o --no-cuda 2>err || rc=$?
[ "$rc" = 1 ] || fail "relative import: exit $rc, want 1: $(cat err)"
grep -q "^pkg/util.py:6:16: error: name 'missing_name' is not defined$" err ||
  fail "relative import path: $(cat err)"
echo ok
