#!/usr/bin/env bash
# Several wp.tile(x) of one kernel, each within warpc's 48 KiB of shared
# memory at --block-dim 1024 (two vec4d tiles: 32 KiB each), compile for
# CUDA: warp-lang compiles such a kernel (its tile(x) is a register tile),
# and the buffers where the block's values meet are used one after the
# other (each call ends with a barrier), so they need not add up past
# ptxas's limit (warpc failed with "ptxas error: ... uses too much shared
# data (0x18000 bytes, 0xc000 max)", exit 2).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
ptxas=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
[ -x "$ptxas" ] || { [ "${CI:-}" = true ] && fail "no ptxas in CI"; skip "no ptxas"; }
cat >k.py <<'PY'
import warp as wp


@wp.kernel
def k(m: wp.array(dtype=wp.vec4d), out: wp.array(dtype=wp.vec4d)):
    i, lane = wp.tid()
    x = m[i] * wp.float64(1.0)
    t = wp.tile(x)
    u = wp.tile(x * wp.float64(2.0))
    w = wp.tile(x * wp.float64(3.0))
    out[i] = wp.untile(t + u + w)
PY
for arch in sm_75 sm_90; do
  rc=0
  "$warpc" --block-dim 1024 --cuda-arch "$arch" k.py -o k.o 2>err || rc=$?
  [ "$rc" = 0 ] && [ -s k.o ] || fail "$arch: exit $rc: $(cat err)"
done
echo ok
