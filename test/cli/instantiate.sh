#!/usr/bin/env bash
# warpc --instantiate 'K(T, ...)' compiles generic kernel K for the given
# types (positional, or by parameter name; warp's type names without `wp.`,
# the file's structs and aliases), in addition to the file's wp.overload
# declarations; each instance has its launcher MODULE_K_<generic types>.
# A generic kernel with no instance is not compiled (a warning says so).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

cat >g.py <<'PY'
from typing import Any
import warp as wp

real = wp.float64

@wp.kernel
def scale(a: wp.array(dtype=Any), s: Any):
    i = wp.tid()
    a[i] = a[i] * s

wp.overload(scale, [wp.array(dtype=wp.float32), wp.float32])

@wp.kernel
def fill(a: wp.array2d(dtype=wp.Float), v: float):
    i, j = wp.tid()
    a[i, j] = a.dtype(v)
PY

"$warpc" g.py -o a.o --no-cuda 2>err.txt || fail "plain compile failed: $(cat err.txt)"
grep -q "warning: generic kernel 'fill' has no instance and is not compiled" err.txt ||
  fail "no warning for the generic kernel without instances: $(cat err.txt)"
grep -q 'wp_status g_scale_float32_float32(' a.h || fail "a.h lacks g_scale_float32_float32"
grep -q 'g_fill' a.h && fail "a.h has a launcher of the uninstantiated template"

"$warpc" g.py -o b.o --no-cuda \
  --instantiate 'scale(array(float64), float64)' \
  --instantiate 'scale(wp.array(dtype=wp.int32), wp.int32)' \
  --instantiate 'scale(array(dtype=float32), float32)' \
  --instantiate 'fill(a=array2d(real), v=float32)' \
  --instantiate='fill(array2d(float16), float)' 2>err.txt || fail "--instantiate compile failed: $(cat err.txt)"
[ -s err.txt ] && fail "unexpected diagnostics: $(cat err.txt)"
for l in g_scale_float32_float32 g_scale_float64_float64 g_scale_int32_int32 g_fill_float64 g_fill_float16; do
  grep -q "wp_status $l(" b.h || fail "b.h lacks $l"
  nm b.o | grep -q " T $l\$" || fail "b.o lacks the symbol $l"
done
[ "$(grep -c 'wp_status g_scale_float32_float32(' b.h)" = 1 ] || fail "a duplicate instance was compiled twice"
grep -q 'Instance of this generic kernel for (array(dtype=float64, ndim=2), float32)' b.h ||
  fail "b.h does not say which instance g_fill_float64 is"

# more instances than warpc once kept (64; the rest were dropped silently):
# vectors of length 1 to 64 and six scalars, 70 launchers
{
  printf 'import warp as wp\nfrom typing import Any\n\n'
  for n in $(seq 1 64); do printf 'v%d = wp.types.vector(length=%d, dtype=float)\n' $n $n; done
  printf '\n\n@wp.kernel\ndef twice(a: wp.array(dtype=Any)):\n    i = wp.tid()\n    a[i] = a[i] + a[i]\n'
} >v.py
args=()
for n in $(seq 1 64); do args+=(--instantiate "twice(array(v$n))"); done
for s in float32 float64 int8 int16 int32 int64; do args+=(--instantiate "twice(array($s))"); done
"$warpc" v.py -o v.o -H v.h --no-cuda "${args[@]}" 2>err.txt || fail "70 instances: $(cat err.txt)"
[ "$(grep -c '^wp_status v_twice_[a-z0-9]*(' v.h)" = 70 ] || fail "not 70 launchers: $(grep -c '^wp_status v_twice' v.h)"
grep -q '^wp_status v_twice_int64(' v.h || fail "the 70th instance is missing"

# mistakes: each an error, no output
bad() {
  rm -f c.o c.h
  if "$warpc" g.py -o c.o --no-cuda --instantiate "$1" 2>err.txt; then fail "--instantiate '$1' was accepted"; fi
  grep -q -- "$2" err.txt || fail "--instantiate '$1': expected '$2', got: $(cat err.txt)"
  [ ! -e c.o ] && [ ! -e c.h ] || fail "--instantiate '$1' left output"
}
bad 'nokernel(float32)' "'nokernel' is not a @wp.kernel of this file"
bad 'scale(array(vec3), float32, int32)' "kernel 'scale' has 2 parameters; this overload gives 3 types"
bad 'scale(array(float32))' "no type given for the generic parameter 's' of kernel 'scale'"
bad 'fill(array2d(int32), float32)' "'array(dtype=int32, ndim=2)' does not match the annotation 'wp.array2d(dtype=wp.Float)' of parameter 'a'"
bad 'fill(array2d(float32), v=float32, b=int32)' "kernel 'fill' has no parameter 'b'"
bad 'scale(array(Any), float32)' "argument 'a' cannot be generic"
bad 'scale float32' "--instantiate:1:1: error: invalid syntax"
bad 'scale' "--instantiate takes a kernel name and its parameter types"
bad 'scale(array(float32), nosuchtype)' "unknown type 'nosuchtype'"
echo ok
