#!/usr/bin/env bash
# The repeatable options have no fixed limit (there were 16 or 64): 100 -I
# directories, 40 -MT targets, 21 --instantiate, 70 -Xnvcc and 70 -Xptxas
# arguments (one of 3,000 characters, past the old 2,048) all take effect;
# --cuda-arch takes every arch from sm_50 to sm_200 at once (151, each
# given twice: duplicates count once).  The tools are a fake CUDA toolkit
# that logs its arguments.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

kernel k.py
fake_cuda "$tmp/cuda"
export WARPC_CUDA_PATH=$tmp/cuda

# -I: the module is in the 100th directory
args=()
for i in $(seq 100); do
  mkdir "inc$i"
  args+=(-I "inc$i")
done
printf 'import warp as wp\n\n@wp.func\ndef f(x: float):\n    return x + 1.0\n' >inc100/helper.py
printf 'import warp as wp\nimport helper\n\n@wp.kernel\ndef k(x: wp.array(dtype=float)):\n    x[wp.tid()] = helper.f(1.0)\n' >m.py
"$warpc" --no-cuda "${args[@]}" m.py -o m.o 2>err || fail "100 -I: $(cat err)"
[ -s m.o ] || fail "100 -I: no object"

# -MT: 40 targets, in order
args=()
want=
for i in $(seq 40); do
  args+=(-MT "t$i")
  want="$want t$i"
done
"$warpc" --no-cuda "${args[@]}" k.py -o k.o -MF k.d 2>err || fail "40 -MT: $(cat err)"
[ "$(head -1 k.d)" = "${want# }: k.py" ] || fail "40 -MT: depfile: $(head -1 k.d)"

# --instantiate: 21 instances
cat >g.py <<'PY'
from typing import Any
import warp as wp


@wp.kernel
def fill(a: wp.array(dtype=Any), v: Any):
    a[wp.tid()] = v
PY
args=()
n=0
for t in float16 float32 float64 int8 int16 int32 int64 uint8 uint16 uint32 \
  uint64 vec2 vec3 vec4 vec2d vec3d vec4d mat22 mat33 mat44 quat; do
  args+=(--instantiate "fill(array($t), $t)")
  n=$((n + 1))
done
"$warpc" --no-cuda "${args[@]}" g.py -o g.o 2>err || fail "$n --instantiate: $(cat err)"
fwd=$(grep '^wp_status g_fill_' g.h | grep -vc '_backward(' || true)
[ "$fwd" = "$n" ] || fail "$n --instantiate: $fwd forward launchers in g.h"

# -Xnvcc / -Xptxas: 70 each, one of 3,000 characters, all passed whole
longarg=-D$(printf 'x%.0s' $(seq 3000))
args=(-Xnvcc "$longarg" -Xptxas "$longarg")
for i in $(seq 69); do args+=(-Xnvcc "-DN$i" -Xptxas "-P$i"); done
: >"$tmp/cuda/log"
"$warpc" --cuda-arch sm_75 "${args[@]}" k.py -o kc.o 2>err || fail "-Xnvcc/-Xptxas: $(cat err)"
[ "$(grep -c '^-DN[0-9]*$' "$tmp/cuda/log")" = 69 ] ||
  fail "-Xnvcc: $(grep -c '^-DN[0-9]*$' "$tmp/cuda/log") of 69 arguments reached nvcc"
[ "$(grep -c '^-P[0-9]*$' "$tmp/cuda/log")" = 69 ] ||
  fail "-Xptxas: $(grep -c '^-P[0-9]*$' "$tmp/cuda/log") of 69 arguments reached ptxas"
[ "$(grep -cx -- "$longarg" "$tmp/cuda/log")" = 2 ] ||
  fail "the 3,000-character argument was not passed whole to nvcc and ptxas"

# --cuda-arch: 50..200, each twice
list=
for a in $(seq 50 200) $(seq 50 200); do list="$list,sm_$a"; done
: >"$tmp/cuda/log"
"$warpc" --cuda-arch "${list#,}" k.py -o ka.o 2>err || fail "151 archs: $(cat err)"
[ "$(grep -c '^== ptxas$' "$tmp/cuda/log")" = 151 ] ||
  fail "151 archs: $(grep -c '^== ptxas$' "$tmp/cuda/log") ptxas runs"
[ "$(grep -c '^--image3=kind=elf,sm=' "$tmp/cuda/log")" = 151 ] ||
  fail "151 archs: fatbinary did not get 151 cubins"
rc=0
"$warpc" --cuda-arch sm_201 k.py -o kb.o 2>err || rc=$?
[ "$rc" = 2 ] && grep -q "bad CUDA arch 'sm_201'" err || fail "sm_201: exit $rc: $(cat err)"
echo ok
