#!/usr/bin/env bash
# A $TMPDIR where warpc cannot make its private directory (missing, or a
# regular file) is named in the message, with the reason: "cannot create a
# temporary directory in 'DIR': No such file or directory" (it said only
# "cannot create a temporary directory: ..."), exit 2, no output - for the
# object, an in-place output (a FIFO, whose content is made there first)
# and device code.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

kernel k.py
fake_cuda "$tmp/cuda"
: >"$tmp/file"
mkfifo fifo
check() { # DIR REASON WHAT ARGS...
  local dir=$1 why=$2 what=$3 rc=0
  shift 3
  TMPDIR=$dir "$warpc" "$@" >out 2>err || rc=$?
  [ "$rc" = 2 ] || fail "$what, TMPDIR=$dir: exit $rc, want 2"
  [ "$(cat err)" = "warpc: error: cannot create a temporary directory in '$dir': $why" ] ||
    fail "$what, TMPDIR=$dir: message: $(cat err)"
  [ "$(ls -A | tr '\n' ' ')" = "err fifo k.py out " ] && [ ! -s out ] ||
    fail "$what: left: $(ls -A | tr '\n' ' ')"
}
for t in "$tmp/none:No such file or directory" "$tmp/file:Not a directory"; do
  dir=${t%%:*} why=${t#*:}
  check "$dir" "$why" "object" --no-cuda k.py -o k.o
  check "$dir" "$why" "object to a FIFO" --no-cuda k.py -o fifo -H k.h
  WARPC_CUDA_PATH=$tmp/cuda check "$dir" "$why" "--emit=ptx" --cuda-arch sm_75 --emit=ptx k.py -o k.ptx
done
echo ok
