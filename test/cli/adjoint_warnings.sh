#!/usr/bin/env bash
# Differentiable kernels whose gradient cannot be right get a warning at the
# line (and still compile): `*=`/`/=` on an array element, and reading an
# array element after writing it in the same kernel (also the tenth array
# written, and after a call of a func lowered in between: warpc once
# tracked 8 arrays and forgot them at a func).  With enable_backward=False
# there is nothing to warn about.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
cat > k.py <<'PY'
import warp as wp

@wp.kernel
def scale(y: wp.array(dtype=float), s: wp.array(dtype=float)):
    i = wp.tid()
    y[i] *= s[i]

@wp.kernel
def reload(a: wp.array(dtype=float), w: wp.array(dtype=float)):
    i = wp.tid()
    w[i] = a[i] * 2.0
    w[i] = w[i] * a[i]

@wp.kernel(enable_backward=False)
def quiet(y: wp.array(dtype=float), s: wp.array(dtype=float)):
    i = wp.tid()
    y[i] /= s[i]
    y[i] = y[i] + 1.0

@wp.func
def twice(x: float):
    return x * 2.0

@wp.kernel
def many(a0: wp.array(dtype=float), a1: wp.array(dtype=float), a2: wp.array(dtype=float),
         a3: wp.array(dtype=float), a4: wp.array(dtype=float), a5: wp.array(dtype=float),
         a6: wp.array(dtype=float), a7: wp.array(dtype=float), a8: wp.array(dtype=float),
         a9: wp.array(dtype=float)):
    i = wp.tid()
    a0[i] = 1.0
    a1[i] = 1.0
    a2[i] = 1.0
    a3[i] = 1.0
    a4[i] = 1.0
    a5[i] = 1.0
    a6[i] = 1.0
    a7[i] = 1.0
    a8[i] = 1.0
    a9[i] = 1.0
    a0[i] = a9[i]

@wp.kernel
def after_call(w: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    w[i] = 1.0
    y[i] = twice(2.0) + w[i]

@wp.kernel
def integrate(x: wp.array(dtype=float), v: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = x[i] + v[i] * 0.1
PY
"$warpc" --no-cuda k.py -o k.o 2>err || fail "exit $?: $(cat err)"
[ -f k.o ] || fail "no object"
grep -q "^k.py:6:5: warning: '\*=' on an array element" err || fail "no *= warning: $(cat err)"
grep -q "^k.py:12:12: warning: 'w' is read after being written" err || fail "no reload warning: $(cat err)"
grep -q "^k.py:40:13: warning: 'a9' is read after being written" err || fail "no reload warning for the tenth array: $(cat err)"
grep -q "^k.py:46:25: warning: 'w' is read after being written" err || fail "no reload warning after a call: $(cat err)"
[ "$(grep -c 'warning:' err)" = 4 ] || fail "unexpected warnings: $(cat err)"
echo ok
