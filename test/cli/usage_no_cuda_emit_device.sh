#!/usr/bin/env bash
# --no-cuda with --emit=ptx, cubin or fatbin (device code, which needs the
# CUDA toolkit that --no-cuda turns off) is a usage error in either order:
# exit 2, a message naming both, no output, no tool run (it used to run
# nvcc anyway).  --emit=cu (CUDA C text, no toolkit) stays allowed.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

kernel k.py
fake_cuda "$tmp/cuda"
export WARPC_CUDA_PATH=$tmp/cuda
for kind in ptx cubin fatbin; do
  for args in "--no-cuda --emit=$kind" "--emit=$kind --no-cuda"; do
    rc=0
    # shellcheck disable=SC2086
    "$warpc" $args k.py -o k.out >out 2>err || rc=$?
    [ "$rc" = 2 ] || fail "$args: exit $rc, want 2"
    grep -q "^warpc: error: --no-cuda contradicts --emit=$kind\$" err || fail "$args: message: $(cat err)"
    [ ! -e k.out ] && [ ! -s out ] || fail "$args: output written"
    [ ! -s "$tmp/cuda/log" ] || fail "$args: a CUDA tool ran: $(head -3 "$tmp/cuda/log")"
  done
done
"$warpc" --no-cuda --emit=cu k.py -o k.cu 2>err || fail "--no-cuda --emit=cu: $(cat err)"
grep -q 'k_k' k.cu || fail "--no-cuda --emit=cu: no CUDA C"
echo ok
