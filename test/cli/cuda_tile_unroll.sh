#!/usr/bin/env bash
# Every CUDA thread runs a whole tile operation; cicc used to unroll the loop
# over a big tile completely (a sum over a 400x16 tile was 6400 loads and
# adds in the PTX, and 27 s of cicc for a module of Warp's tile tests).
# Beyond WP_TILE_UNROLL_MAX_ELEMS (64) elements the loops stay loops; a small
# tile's loops may still be unrolled.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
command -v nvcc >/dev/null || [ -x /usr/local/cuda/bin/nvcc ] ||
  { [ "${CI:-}" = true ] && fail "no nvcc in CI"; echo "SKIP: no nvcc"; exit 0; }
cat > big.py <<'PY'
import warp as wp

@wp.kernel
def sum_axis0(x: wp.array2d(dtype=float), y: wp.array(dtype=float)):
    a = wp.tile_load(x, shape=(400, 16))
    wp.tile_store(y, wp.tile_sum(a, axis=0))

@wp.kernel
def small_sum(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    a = wp.tile_load(x, shape=(8,))
    wp.tile_store(y, wp.tile_sum(a))
PY
"$warpc" big.py --emit=cu -o big.cu || fail "warpc --emit=cu failed"
grep -q '#define WP_TLOOP _Pragma("unroll 1")' big.cu ||
  fail "the 400x16 tile's function does not turn unrolling off"
grep -q '#define WP_TLOOP$' big.cu || fail "the 8-element tile's function does not leave unrolling on"
"$warpc" big.py --emit=ptx --cuda-arch sm_75 -o big.ptx || fail "warpc --emit=ptx failed"
adds=$(awk '/\.entry .*sum_axis0.*cuda_forward/{f=1} /\.entry .*small_sum/{f=0} f && /add\.f32/' big.ptx | wc -l)
[ "$adds" -gt 0 ] || fail "no sum_axis0 forward entry with adds in the PTX"
[ "$adds" -lt 200 ] || fail "sum_axis0's forward PTX has $adds add.f32 instructions (the 6400-element loop unrolled)"
echo ok
