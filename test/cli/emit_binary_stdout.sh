#!/usr/bin/env bash
# --emit=cubin and --emit=fatbin with '-o -' write the binary to standard
# output, as --emit=ptx does and as gcc -c -o - writes an object (it said
# "--emit=cubin needs -o FILE"); byte for byte what -o FILE writes.  Without
# -o they stay a usage error (no binary on a terminal by default), with a
# message that says why and what to give.  A fake CUDA toolkit.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

kernel k.py
fake_cuda "$tmp/cuda"
export WARPC_CUDA_PATH=$tmp/cuda
for kind in cubin fatbin; do
  "$warpc" --cuda-arch sm_75 --emit=$kind k.py -o ref.$kind 2>err || fail "--emit=$kind -o FILE: $(cat err)"
  "$warpc" --cuda-arch sm_75 --emit=$kind k.py -o - >out 2>err || fail "--emit=$kind -o -: $(cat err)"
  [ -s out ] && cmp -s out ref.$kind || fail "--emit=$kind -o -: standard output differs from -o FILE"
  [ ! -e ./- ] || fail "--emit=$kind -o -: wrote a file named '-'"
  rc=0
  "$warpc" --cuda-arch sm_75 --emit=$kind k.py >out 2>err || rc=$?
  [ "$rc" = 2 ] || fail "--emit=$kind without -o: exit $rc, want 2"
  [ "$(cat err)" = "warpc: error: --emit=$kind writes binary data: give -o FILE, or -o - for standard output" ] ||
    fail "--emit=$kind without -o: message: $(cat err)"
  [ ! -s out ] || fail "--emit=$kind without -o: wrote to standard output"
done
[ -z "$(ls -A "$TMPDIR")" ] || fail "left in TMPDIR: $(ls -A "$TMPDIR")"
echo ok
