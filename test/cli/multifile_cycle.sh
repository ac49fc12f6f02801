#!/usr/bin/env bash
# Import cycles end: a imports b, b imports a and the kernel file, the kernel
# file imports a; every file is read once (the depfile lists each once) and
# names resolve across the cycle.  A cycle of constants is an error, not a
# hang.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

cat >k.py <<'PY'
import warp as wp
import a


@wp.kernel
def k(out: wp.array(dtype=int)):
    out[wp.tid()] = a.fa(1) + a.N
PY
cat >a.py <<'PY'
import warp as wp
import b
import k
from a import N as SELF_N  # a module importing itself
N = b.M + 1


@wp.func
def fa(x: int) -> int:
    return b.fb(x) + SELF_N
PY
cat >b.py <<'PY'
import warp as wp
import a
from . import b as me
M = 3


@wp.func
def fb(x: int) -> int:
    return x * 10 + a.N + me.M
PY
timeout 20 "$warpc" k.py -MD -o k.o --no-cuda 2>err || fail "cycle: exit $?: $(cat err)"
printf '%s\n' 'k.o: k.py \' ' a.py \' ' b.py' >want
diff want k.d >/dev/null || fail "depfile: $(diff want k.d)"
# fa(1) = fb(1) + 4 = (10 + 4 + 3) + 4 = 21; + N = 25
timeout 20 "$warpc" k.py --emit=ir -O2 >ir || fail "--emit=ir"
grep -q 'call @fa' ir || fail "no call of fa: $(cat ir)"
grep -q 'const 4' ir || fail "N is not 4: $(cat ir)"

cat >c1.py <<'PY'
import warp as wp
import c2
X = c2.Y + 1
PY
cat >c2.py <<'PY'
import c1
Y = c1.X + 1
PY
cat >kc.py <<'PY'
import warp as wp
from c1 import X


@wp.kernel
def k(out: wp.array(dtype=int)):
    out[wp.tid()] = X
PY
rc=0
timeout 20 "$warpc" kc.py -o kc.o --no-cuda 2>err || rc=$?
[ "$rc" = 1 ] || fail "constant cycle: exit $rc, want 1: $(cat err)"
grep -q "error: module-level value is not a compile-time constant" err || fail "constant cycle: $(cat err)"
echo ok
