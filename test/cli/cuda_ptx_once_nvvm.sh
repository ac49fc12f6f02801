#!/usr/bin/env bash
# nvcc -ptx once (wp_cuda_arch_neutral) holds within one of nvcc's device
# compilers only: CUDA 13's nvcc compiles compute_100 and later with
# another NVVM ("Based on NVVM 20.0.0", compute_75..compute_90 "NVVM
# 7.0.1"), whose PTX differs from the older one's in far more than
# .target.  With --cuda-arch sm_75,sm_100 the object's compute_100 PTX (and
# the sm_100 cubin made from it) must be what nvcc makes for compute_100,
# as warpc --emit=ptx --cuda-arch sm_100 makes it.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

bin=$(dirname "$(command -v nvcc 2>/dev/null || echo /usr/local/cuda/bin/nvcc)")
[ -x "$bin/nvcc" ] || skip "no CUDA toolkit"
cuobjdump=$root/build/deps/bin/cuobjdump
[ -x "$cuobjdump" ] || cuobjdump=$bin/cuobjdump
[ -x "$cuobjdump" ] || skip "no cuobjdump (scripts/deps.sh test installs it)"
"$bin/nvcc" --list-gpu-arch 2>/dev/null | grep -qx compute_100 ||
  skip "nvcc has no compute_100"

cat >k.py <<'PY'
import warp as wp

@wp.kernel
def k(a: wp.array(dtype=wp.float16), out: wp.array(dtype=float)):
    i = wp.tid()
    wp.atomic_add(out, 0, float(a[i]) * 2.0)
PY
# PTX without its comments and extra blanks (fatbinary drops them)
bare() {
  sed -e 's://.*$::' -e 's/[[:space:]][[:space:]]*/ /g' -e 's/^ //' -e 's/ $//' "$1" |
    grep -v '^$'
}
"$warpc" --cuda-arch sm_75,sm_100 k.py -o k.o || fail "k.py"
"$warpc" --emit=ptx --cuda-arch sm_100 k.py -o k100.ptx || fail "--emit=ptx"
mkdir x && (cd x && "$cuobjdump" -xptx all ../k.o >/dev/null) || fail "cuobjdump -xptx"
p100=$(grep -lx '.target sm_100' x/*.ptx) || fail "no compute_100 PTX in k.o"
[ "$(bare "$p100")" = "$(bare k100.ptx)" ] ||
  fail "the object's compute_100 PTX is not nvcc's for compute_100: $(diff <(bare "$p100") <(bare k100.ptx) | head -5)"
echo ok
