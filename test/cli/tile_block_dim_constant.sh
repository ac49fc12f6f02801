#!/usr/bin/env bash
# wp.set_module_options({"block_dim": N}) with N a module constant
# (BLOCK = 64, wp.constant(64)) or a constant expression (32 * 2), as Warp
# users write it (warp-lang runs set_module_options as Python, so any
# value of an int works), and with dict(block_dim=64): the CUDA code's
# block width is 64.  warpc rejected the first three ("'block_dim' must be
# an integer from 1 to 1024") and silently ignored the last (CUDA code for
# 256).  A value that is not a constant int is still an error.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
kernel_body='


@wp.kernel
def k(x: wp.array(dtype=float)):
    i, lane = wp.tid()
    x[i] = wp.untile(wp.tile(float(lane)))
'
n=0
while IFS= read -r form; do
  n=$((n + 1))
  printf 'import warp as wp\n\n%b%s' "$form" "$kernel_body" >m$n.py
  "$warpc" --emit=cu m$n.py -o m$n.cu 2>err || fail "$form: exit $?: $(cat err)"
  [ ! -s err ] || fail "$form: diagnostics: $(cat err)"
  grep -q 'tile(dtype=float32, shape=(64,))' m$n.cu || fail "$form: the CUDA code's block width is not 64"
  ! grep -q 'shape=(256,)' m$n.cu || fail "$form: the CUDA code has a (256,) tile"
done <<'FORMS'
BLOCK = 64\nwp.set_module_options({"block_dim": BLOCK})
BLOCK = wp.constant(64)\nwp.set_module_options({"block_dim": BLOCK})
wp.set_module_options({"block_dim": 32 * 2})
wp.set_module_options(dict(block_dim=64))
FORMS
# not an int constant: an error at the value
printf 'import warp as wp\n\nwp.set_module_options({"block_dim": 64.0})%s' "$kernel_body" >bad.py
rc=0
"$warpc" --no-cuda bad.py -o bad.o 2>err || rc=$?
[ "$rc" = 1 ] && grep -q "^bad.py:3:37: error: 'block_dim' must be an integer from 1 to 1024" err ||
  fail "block_dim 64.0: exit $rc: $(cat err)"
echo ok
