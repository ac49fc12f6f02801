#!/usr/bin/env bash
# A @wp.func_native snippet that is not valid C is an error in the input:
# the C compiler's messages point into the Python file (the #line
# directives), warpc exits 1 (it exited 2, as for a failure of its own) and
# writes no object.  A valid snippet still compiles; without the #line
# directives (-g0) the error cannot be placed in the snippet and stays
# exit 2.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

native() { # FILE BODY
  cat >"$1" <<PY
import warp as wp

snippet = """
    $2
"""

@wp.func_native(snippet)
def twice(x: float) -> float: ...

@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = twice(a[i])
PY
}

native bad.py 'return static_cast<float>(x) * 2.0f;'
rc=0
"$warpc" --no-cuda bad.py -o bad.o 2>err || rc=$?
[ $rc -eq 1 ] || fail "C++ cast in a snippet: exit $rc, want 1: $(cat err)"
grep -q '^bad\.py:4:.*error:' err || fail "no message at bad.py:4: $(cat err)"
grep -q 'snippet is not valid C' err || fail "no warpc message: $(cat err)"
[ ! -e bad.o ] || fail "an object was written"

rc=0
"$warpc" --no-cuda -g0 bad.py -o bad.o 2>err || rc=$?
[ $rc -eq 2 ] || fail "-g0: exit $rc, want 2: $(cat err)"

native good.py 'return x * 2.0f;'
"$warpc" --no-cuda good.py -o good.o 2>err || fail "valid snippet: $(cat err)"
nm good.o | grep -q ' T good_k$' || fail "no launcher in the object"
echo ok
