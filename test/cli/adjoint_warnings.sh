#!/usr/bin/env bash
# Differentiable kernels whose gradient cannot be right get a warning at the
# line (and still compile): `*=`/`/=` on an array element, and reading an
# array element after writing it in the same kernel.  With
# enable_backward=False there is nothing to warn about.
set -eu
warpc="$WARPC_ROOT/build/bin/warpc"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT; cd "$tmp"
fail() { echo "FAIL: $*"; exit 1; }
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

@wp.kernel
def integrate(x: wp.array(dtype=float), v: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = x[i] + v[i] * 0.1
PY
"$warpc" --no-cuda k.py -o k.o 2>err || fail "exit $?: $(cat err)"
[ -f k.o ] || fail "no object"
grep -q "^k.py:6:5: warning: '\*=' on an array element" err || fail "no *= warning: $(cat err)"
grep -q "^k.py:12:12: warning: 'w' is read after being written" err || fail "no reload warning: $(cat err)"
[ "$(grep -c 'warning:' err)" = 2 ] || fail "unexpected warnings: $(cat err)"
echo ok
