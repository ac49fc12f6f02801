#!/usr/bin/env bash
# `+=` / `-=` on an indexed component of a struct's matrix or vector field
# (s.m[1, 0] += x, s.m[1] -= r, a[i].v[1] += x): warp-lang 1.10.1 ignores the
# matrix forms and rejects the vector ones; warpc applies them and says so.
# Attribute components (s.v.x += x), `*=`, plain assignment and locals that
# are not structs get no warning.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
cat > k.py <<'PY'
import warp as wp

@wp.struct
class S:
    m: wp.mat22
    v: wp.vec3

@wp.kernel
def k(a: wp.array(dtype=S), out: wp.array(dtype=float)):
    i = wp.tid()
    s = S()
    s.m[1, 0] += 1.0
    s.m[1] -= wp.vec2(1.0, 2.0)
    a[i].v[1] += 2.0
    s.v.x += 1.0
    s.m[0, 1] *= 2.0
    s.v[2] = s.v[2] + 1.0
    m = wp.mat22()
    m[1, 0] += 1.0
    out[i] = s.m[1, 0] + s.v[0] + m[1, 0]
PY
"$warpc" --no-cuda k.py -o k.o 2>err || fail "exit $?: $(cat err)"
[ -f k.o ] || fail "no object"
grep -q "^k.py:12:5: warning: warp-lang 1.10.1 ignores '+=' on an indexed component of a struct's matrix field" err || fail "no matrix += warning: $(cat err)"
grep -q "^k.py:13:5: warning: warp-lang 1.10.1 ignores '-=' on an indexed component of a struct's matrix field" err || fail "no matrix row -= warning: $(cat err)"
grep -q "^k.py:14:5: warning: warp-lang 1.10.1 rejects '+=' on an indexed component of a struct's vector field" err || fail "no vector += warning: $(cat err)"
[ "$(grep -c 'warning:' err)" = 3 ] || fail "unexpected warnings: $(cat err)"
echo ok
