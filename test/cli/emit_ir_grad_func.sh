#!/usr/bin/env bash
# --emit=ir of a kernel calling wp.grad(f): the gradient func's body holds
# the adjoint-only opcodes (path_push, local_get, ...), each printed by its
# name.  It crashed on an opcode without one (found by fuzz_frontend; the
# input is its minimized one, with a branch added: a straight-line gradient
# keeps no tape, so path_push and path_pop need blocks that join).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

cat >"$tmp/k.py" <<'PY'
import warp as wp
@wp.func
def f(x:float,y:float):
    s=(x)
    if y>0.0:
        s=y
    return s
@wp.kernel
def m(a:wp.array(dtype=float),b:wp.array(float),):
    i=wp.tid()
    wp.grad(f)(a[i],b[i])
PY
rc=0
"$warpc" --emit=ir "$tmp/k.py" >"$tmp/out.ir" 2>"$tmp/err" || rc=$?
[ "$rc" -eq 0 ] || fail "--emit=ir exited $rc: $(cat "$tmp/err")"
for op in path_push path_pop local_get; do
  grep -q " $op\b" "$tmp/out.ir" || fail "no '$op' in the IR: $(cat "$tmp/out.ir")"
done
if grep -q '(null)' "$tmp/out.ir"; then fail "an unnamed opcode in the IR"; fi
echo "PASS"
