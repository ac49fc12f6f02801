#!/usr/bin/env bash
# '-o -' means stdout only for text (--emit other than obj).  For an object
# it is a usage error (exit 2); warpc must not write files named '-'/'-.h'.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

printf 'import warp as wp\n\n@wp.kernel\ndef k(x: wp.array(dtype=float)):\n    x[wp.tid()] = 1.0\n' >k.py
rc=0
"$warpc" k.py -o - >out 2>err || rc=$?
[ ! -e ./- ] && [ ! -e ./-.h ] || fail "'warpc k.py -o -' wrote files named '-' and '-.h' (exit $rc)"
[ "$rc" = 2 ] || fail "'warpc k.py -o -': exit $rc, want 2"
grep -q '^warpc: error: ' err || fail "'warpc k.py -o -': no 'warpc: error:' message"
echo ok
