#!/usr/bin/env bash
# A @wp.func_native snippet that is valid C but not valid CUDA C++ (a void *
# initializing a float *: C converts it, C++ does not) is an error in the
# input, as a snippet that is not valid C is (cli.native_snippet_invalid):
# nvcc's message points into the Python file, warpc says that the snippet
# is not valid CUDA C++, exits 1 (not 2, as for a failure of its own or of
# the toolkit) and writes no object.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

bin=$(dirname "$(command -v nvcc 2>/dev/null || echo /usr/local/cuda/bin/nvcc)")
[ -x "$bin/nvcc" ] || skip "no CUDA toolkit"
export WARPC_CUDA_PATH=${bin%/bin}

cat >bad.py <<'PY'
import warp as wp

snippet = """
    float *p = (void *)0;
    return x * 2.0f;
"""

@wp.func_native(snippet)
def twice(x: float) -> float: ...

@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = twice(a[i])
PY
"$warpc" --no-cuda bad.py -o bad.o 2>err || fail "valid C: $(cat err)"
rm -f bad.o bad.h
for j in 1 4; do
  rc=0
  "$warpc" -j $j --cuda-arch sm_75 bad.py -o bad.o 2>err || rc=$?
  [ $rc -eq 1 ] || fail "-j $j: not valid C++: exit $rc, want 1: $(cat err)"
  grep -q '^bad\.py.4.*error' err || fail "-j $j: no message at bad.py:4: $(cat err)"
  grep -q 'snippet is not valid' err || fail "-j $j: no warpc message about the snippet: $(cat err)"
  [ ! -e bad.o ] || fail "-j $j: an object was written"
done
echo ok
