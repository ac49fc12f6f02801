#!/usr/bin/env bash
# Which kernels get a backward launcher: every kernel by default; not with
# @wp.kernel(enable_backward=False), wp.set_module_options({"enable_backward":
# False}) (a kernel may turn it back on), or --no-adjoint (nothing).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
cat > a.py <<'PY'
import warp as wp

@wp.kernel
def plain(x: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = x[i] * 2.0

@wp.kernel(enable_backward=False)
def off(x: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = x[i] * 2.0
PY
"$warpc" --emit=header --no-cuda a.py > a.h
grep -q 'a_plain_backward(' a.h || fail "no backward launcher for a plain kernel"
grep -q 'a_off_backward(' a.h && fail "backward launcher despite enable_backward=False"
"$warpc" --emit=header --no-cuda --no-adjoint a.py > n.h
grep -q '_backward(' n.h && fail "--no-adjoint still declares backward launchers"
cat > m.py <<'PY'
import warp as wp
wp.set_module_options({"enable_backward": False})

@wp.kernel
def default(x: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = x[i] + 1.0

@wp.kernel(enable_backward=True)
def again(x: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = x[i] + 1.0
PY
"$warpc" --emit=header --no-cuda m.py > m.h
grep -q 'm_default_backward(' m.h && fail "module option enable_backward=False ignored"
grep -q 'm_again_backward(' m.h || fail "kernel option enable_backward=True ignored"
"$warpc" --emit=header --no-cuda --no-adjoint m.py | grep -q '_backward(' && fail "--no-adjoint loses to a kernel option"
echo ok
