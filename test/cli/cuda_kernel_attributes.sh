#!/usr/bin/env bash
# The CUDA attributes of warp-lang 1.19's @wp.kernel options reach every
# entry point (forward, backward and their 1-D companions) as Warp emits
# them: launch_bounds (int, 1- and 2-tuples), cuda_max_registers
# (__maxnreg__, CUDA >= 12.4), cluster_dim (__cluster_dims__ on sm_90+
# only), enable_cuda_smem_spilling (CUDA >= 13 pragma); the CUDA code
# compiles for sm_75 and sm_90.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
cat > k.py <<'PY'
import warp as wp

@wp.kernel(launch_bounds=(64, 2))
def pair(a: wp.array(dtype=float)):
    a[wp.tid()] = 1.0

@wp.kernel(launch_bounds=[96])
def single(a: wp.array(dtype=float)):
    a[wp.tid()] = 1.0

@wp.kernel(launch_bounds=256, cluster_dim=4, enable_cuda_smem_spilling=True)
def clustered(a: wp.array(dtype=float)):
    a[wp.tid()] = 1.0

@wp.kernel(cuda_max_registers=40)
def regs(a: wp.array(dtype=float)):
    a[wp.tid()] = 1.0
PY
"$warpc" --emit=cu --cuda-arch sm_90 k.py -o k.cu || fail "warpc --emit=cu failed"
[ "$(grep -c '__launch_bounds__(64, 2) __global__ void k_pair_cuda_' k.cu)" = 4 ] || fail "pair: $(grep pair_cuda k.cu)"
[ "$(grep -c '__launch_bounds__(96) __global__ void k_single_cuda_' k.cu)" = 4 ] || fail "single: $(grep single_cuda k.cu)"
[ "$(grep -c '^__cluster_dims__(4, 1, 1)$' k.cu)" = 4 ] || fail "no __cluster_dims__(4, 1, 1)"
[ "$(grep -c '^__maxnreg__(40)$' k.cu)" = 4 ] || fail "no __maxnreg__(40)"
[ "$(grep -c 'enable_smem_spilling' k.cu)" = 4 ] || fail "no smem spilling pragma"
command -v nvcc >/dev/null || command -v /usr/local/cuda/bin/nvcc >/dev/null || { echo "SKIP: no nvcc"; exit 0; }
"$warpc" --cuda-arch sm_75,sm_90 k.py -o k.o || fail "CUDA compile failed"
# the sm_90 cubin holds the clusters: it is assembled from the compute_90
# PTX (it came from compute_75's, where __CUDA_ARCH__ >= 900 is false)
cuobjdump=$WARPC_ROOT/build/deps/bin/cuobjdump
if [ -x "$cuobjdump" ]; then
  "$cuobjdump" -xelf all k.o >/dev/null 2>&1 || fail "cuobjdump -xelf"
  n=$("$cuobjdump" -elf ./*sm_90.cubin | grep -c EIATTR_CTA_PER_CLUSTER || true)
  [ "$n" -ge 1 ] || fail "the sm_90 cubin has no cluster attribute"
  n=$("$cuobjdump" -elf ./*sm_75.cubin | grep -c EIATTR_CTA_PER_CLUSTER || true)
  [ "$n" = 0 ] || fail "the sm_75 cubin has cluster attributes"
fi
echo ok
