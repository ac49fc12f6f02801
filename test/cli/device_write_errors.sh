#!/usr/bin/env bash
# Device code written to a full standard output (/dev/full, opened by the
# shell) is an error that says why: "cannot write to standard output: No
# space left on device", not a bare "write error" (the copy of a PTX larger
# than stdio's buffer bypassed it, and the errno was lost).  With a fake
# CUDA toolkit whose outputs are 64 KiB and 1 KiB; PTX, cubin, fatbin.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

[ -c /dev/full ] || skip "no /dev/full"
kernel k.py
fake_cuda "$tmp/cuda"
export WARPC_CUDA_PATH=$tmp/cuda
for pad in 64 1; do
  for kind in ptx cubin fatbin; do
    rc=0
    FAKE_CUDA_PAD=$pad "$warpc" --cuda-arch sm_75 --emit=$kind k.py -o - >/dev/full 2>err || rc=$?
    [ "$rc" = 2 ] || fail "--emit=$kind -o - >/dev/full ($pad KiB): exit $rc, want 2"
    [ "$(cat err)" = "warpc: error: cannot write to standard output: No space left on device" ] ||
      fail "--emit=$kind -o - >/dev/full ($pad KiB): message: $(cat err)"
    # and to a pipe, all of it
    n=$(FAKE_CUDA_PAD=$pad "$warpc" --cuda-arch sm_75 --emit=$kind k.py -o - | wc -c)
    [ "$n" -gt $((pad * 1024)) ] || fail "--emit=$kind -o - | ($pad KiB): $n bytes"
  done
done
[ -z "$(ls -A "$TMPDIR")" ] || fail "left in TMPDIR: $(ls -A "$TMPDIR")"
echo ok
