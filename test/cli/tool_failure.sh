#!/usr/bin/env bash
# When the C compiler cannot be run or fails (--cc / $WARPC_CC), warpc exits
# 2, says so, and leaves no output and no temporary file behind.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

printf 'import warp as wp\n\n@wp.kernel\ndef k(x: wp.array(dtype=float)):\n    x[wp.tid()] = 1.0\n' >k.py
check() { # what env...
  local what=$1 rc=0
  shift
  env "$@" "$warpc" k.py -o k.o >out 2>err || rc=$?
  [ "$rc" = 2 ] || fail "$what: exit $rc, want 2"
  grep -q '^warpc: error: ' err || fail "$what: no 'warpc: error:' message"
  [ "$(ls -A | tr '\n' ' ')" = "err k.py out " ] || fail "$what: left files: $(ls -A | tr '\n' ' ')"
  [ -z "$(ls -A ../tmpdir)" ] || fail "$what: left files in TMPDIR: $(ls -A ../tmpdir)"
}
check "WARPC_CC=false" WARPC_CC=false
check "WARPC_CC=missing" WARPC_CC=/nonexistent/cc
grep -q "cannot run '/nonexistent/cc'" err || fail "missing compiler: message does not name it: $(cat err)"
# --cc overrides $WARPC_CC
rc=0
WARPC_CC=/nonexistent/cc "$warpc" --cc "$(command -v clang)" k.py -o k.o 2>err || rc=$?
[ "$rc" = 0 ] && [ -f k.o ] || fail "--cc clang did not override WARPC_CC: $(cat err)"
echo ok
