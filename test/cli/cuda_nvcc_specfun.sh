#!/usr/bin/env bash
# nvcc runs with libstdc++'s special functions left out of <cmath>
# (-D_GLIBCXX_BITS_SPECFUN_H, lib/emit/device.c: 9% of nvcc's time on Warp's
# example_raymarch, bench/compile/README.md), and the PTX is the same as
# with them: for the samples' kernels (forward and backward, tapes, structs,
# hash grids, meshes) and a @wp.func_native snippet.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
kernel k.py
fake_cuda "$tmp/cuda"
WARPC_CUDA_PATH=$tmp/cuda "$warpc" k.py -o k.o 2>err || fail "fake toolkit: $(cat err)"
grep -qx -- '-D_GLIBCXX_BITS_SPECFUN_H' "$tmp/cuda/log" ||
  fail "nvcc runs with the special functions: $(grep -A12 '^== nvcc' "$tmp/cuda/log")"

bin=$(dirname "$(command -v nvcc 2>/dev/null || echo /usr/local/cuda/bin/nvcc)")
[ -x "$bin/nvcc" ] || { echo "ok (no CUDA toolkit: fake only)"; exit 0; }
export WARPC_CUDA_PATH=${bin%/bin}
cat >native.py <<'PY'
import warp as wp

@wp.func_native("return sinf(x) * 2.0f;")
def twice_sin(x: float) -> float: ...

@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = twice_sin(a[i])
PY
for src in "$root"/samples/{capture,hashgrid,mesh,particles}/kernels.py native.py; do
  "$warpc" --emit=ptx --cuda-arch sm_75 "$src" -o a.ptx || fail "$src"
  "$warpc" --emit=ptx --cuda-arch sm_75 -Xnvcc -U_GLIBCXX_BITS_SPECFUN_H "$src" -o b.ptx ||
    fail "$src, with the special functions"
  cmp -s a.ptx b.ptx || fail "$src: the PTX differs with the special functions: $(diff a.ptx b.ptx | head)"
done
echo ok
