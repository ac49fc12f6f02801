#!/usr/bin/env bash
# A tool killed by a signal (a crash of clang, nvcc or ptxas) is said once,
# as what it is: "'TOOL' was killed by signal 11 (Segmentation fault)", not
# followed by "'TOOL' failed to start" or "could not run the C compiler"
# (it started); exit 2, no output.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

kernel k.py
fake_cuda "$tmp/cuda"
export WARPC_CUDA_PATH=$tmp/cuda
printf '#!/bin/sh\nkill -SEGV $$\n' >crash
chmod +x crash
check() { # what, then warpc's arguments
  local what=$1 rc=0
  shift
  "$warpc" "$@" k.py -o k.o 2>err || rc=$?
  [ "$rc" = 2 ] || fail "$what: exit $rc, want 2: $(cat err)"
  [ ! -e k.o ] || fail "$what: k.o left"
  ! grep -q 'failed to start\|could not run' err || fail "$what: a tool that ran is said not to have started: $(cat err)"
}
killed() { # what, tool, then warpc's arguments
  local what=$1 tool=$2
  shift 2
  check "$what" "$@"
  grep -q "'.*$tool' was killed by signal 11" err || fail "$what: the signal is not said: $(cat err)"
}
# the C compiler, alone and beside the CUDA tools
killed "cc --no-cuda" crash --no-cuda --cc ./crash
killed "cc" crash --cc ./crash
for tool in nvcc ptxas; do
  cp "$tmp/cuda/bin/$tool" "$tmp/cuda/$tool.ok"
  cp crash "$tmp/cuda/bin/$tool"
  killed "$tool" "$tool"
  killed "$tool, one arch" "$tool" --cuda-arch sm_75
  cp "$tmp/cuda/$tool.ok" "$tmp/cuda/bin/$tool"
done
echo ok
