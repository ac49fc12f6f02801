#!/usr/bin/env bash
# Factories, enums and defaults through imports: funcs and structs made by
# factory calls of the same name in the main file and in an imported module
# get distinct, module-tagged C names (wpc_<len><module tag><NAME>_<def>,
# MODULE_<module tag><NAME>); a kernel made by a factory imported from
# another module keeps the launcher MODULE_NAME; errors in a factory-made
# func of an imported module are reported in that file; enum misuse
# through a module (u.Mode.NONE, u.Mode, a constant holding a member) is
# reported at the use.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

mkdir -p lib
cat >lib/util.py <<'PY'
import enum

import warp as wp


class Mode(enum.IntEnum):
    SLOW = 0
    FAST = 1


FASTEST = Mode.FAST


def make_shift(k: float):
    @wp.func
    def shift(x: float):
        return x + k

    return shift


def make_pair(dtype):
    @wp.struct
    class Pair:
        a: dtype
        b: float

    return Pair


def make_fill(v: float):
    @wp.kernel
    def fill(a: wp.array(dtype=float)):
        a[wp.tid()] = v

    return fill


def make_bad(k: float):
    @wp.func
    def bad(x: float):
        return x + k + missing_name

    return bad


sh = make_shift(1.0)
P = make_pair(wp.float64)
broken = make_bad(2.0)
PY
cat >k.py <<'PY'
import warp as wp
import util as u
from util import make_pair, make_shift

sh = make_shift(5.0)
P = make_pair(wp.float32)
fill7 = u.make_fill(7.0)


@wp.kernel
def k(a: wp.array(dtype=float), d: wp.array(dtype=wp.float64)):
    i = wp.tid()
    p = P()
    p.a = sh(a[i])
    q = u.P()
    q.a = wp.float64(u.sh(a[i]))
    a[i] = p.a + float(u.Mode.FAST)
    d[i] = q.a
PY
"$warpc" -I lib k.py --emit=c -o k.c --no-cuda 2>err || fail "compile: $(cat err)"
for n in wpc_2sh_shift wpc_7util_sh_shift k_P k_util_P k_fill7; do
  grep -q "\b$n\b" k.c || fail "no C name $n"
done
"$warpc" -I lib k.py -o k.o --no-cuda 2>err || fail "object: $(cat err)"
grep -q "k_fill7" k.h || fail "no launcher k_fill7 in k.h"

cat >k2.py <<'PY'
import warp as wp
import util as u


@wp.kernel
def k(a: wp.array(dtype=float), m: wp.array(dtype=int)):
    i = wp.tid()
    a[i] = u.broken(a[i])
    m[i] = u.Mode.NONE
    m[i] = u.Mode
    m[i] = u.FASTEST
PY
rc=0
"$warpc" -I lib k2.py -o k2.o --no-cuda 2>err || rc=$?
[ "$rc" = 1 ] || fail "exit $rc, want 1: $(cat err)"
grep -q "^lib/util.py:42:24: error: name 'missing_name' is not defined$" err ||
  fail "error in the factory-made func: $(cat err)"
grep -q "^k2.py:8:12: note: in the call of 'bad' here$" err || fail "note at the call: $(cat err)"
grep -q "^k2.py:9:12: error: 'Mode' has no member 'NONE'$" err || fail "no member: $(cat err)"
grep -q "^k2.py:10:12: error: 'Mode' is an enum class" err || fail "class: $(cat err)"
grep -q "^k2.py:11:12: error: 'FASTEST' (a module-level name) holds an IntEnum/IntFlag member" err ||
  fail "member constant: $(cat err)"
[ ! -e k2.o ] && [ ! -e k2.h ] || fail "output written"
echo "PASS multifile_factories"
