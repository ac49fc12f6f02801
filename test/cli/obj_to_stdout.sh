#!/usr/bin/env bash
# '-o -' means stdout only for text (--emit other than obj).  For an object
# it is a usage error (exit 2); warpc must not write files named '-'/'-.h'.
set -eu
root=${WARPC_ROOT:-$PWD}
warpc=$root/build/bin/warpc
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C
fail() { echo "FAIL: $*" >&2; exit 1; }
[ -x "$warpc" ] || fail "$warpc is missing (run make)"

cd "$tmp"
printf 'import warp as wp\n\n@wp.kernel\ndef k(x: wp.array(dtype=float)):\n    x[wp.tid()] = 1.0\n' >k.py
rc=0
"$warpc" k.py -o - >out 2>err || rc=$?
[ ! -e ./- ] && [ ! -e ./-.h ] || fail "'warpc k.py -o -' wrote files named '-' and '-.h' (exit $rc)"
[ "$rc" = 2 ] || fail "'warpc k.py -o -': exit $rc, want 2"
grep -q '^warpc: error: ' err || fail "'warpc k.py -o -': no 'warpc: error:' message"
echo ok
