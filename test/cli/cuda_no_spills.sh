#!/usr/bin/env bash
# The sample kernels assemble for sm_75 and sm_90 without errors and without
# spill stores (ptxas -v).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
ptxas=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
[ -x "$ptxas" ] || { [ "${CI:-}" = true ] && fail "no ptxas in CI"; echo "SKIP: no ptxas"; exit 0; }
for k in "$WARPC_ROOT"/samples/*/kernels.py; do
  inc=() # samples/multifile imports modules from its helpers/ (-I helpers)
  [ -d "$(dirname "$k")/helpers" ] && inc=(-I "$(dirname "$k")/helpers")
  for arch in 75 90; do
    "$warpc" "${inc[@]}" --emit=ptx --cuda-arch "sm_$arch" "$k" -o k.ptx
    "$ptxas" -v -arch="sm_$arch" k.ptx -o k.cubin 2>info || fail "ptxas failed on $k: $(cat info)"
    grep -q 'spill stores' info || fail "no ptxas -v report for $k"
    if grep 'spill stores' info | grep -vq ' 0 bytes spill stores'; then
      fail "spill stores in $k for sm_$arch: $(grep spill info)"
    fi
  done
done
echo ok
