#!/usr/bin/env bash
# --emit=KIND (and --emit KIND) with an unknown KIND is exit 2, naming the kind and the valid
# ones; nothing is written.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

printf 'import warp as wp\n\n@wp.kernel\ndef k(x: wp.array(dtype=float)):\n    x[wp.tid()] = 1.0\n' >k.py
for kind in bogus "" OBJ objx; do
  rc=0
  "$warpc" "--emit=$kind" k.py -o out.x >out 2>err || rc=$?
  [ "$rc" = 2 ] || fail "--emit=$kind: exit $rc, want 2"
  grep -q "^warpc: error: unknown --emit kind '$kind'" err || fail "--emit=$kind: message: $(cat err)"
  grep -q 'obj, ast, ir, c, cu, ptx, cubin, fatbin, header' err || fail "--emit=$kind: message does not list the kinds"
  [ ! -s out ] || fail "--emit=$kind: wrote to stdout"
  [ "$(ls -A)" = "$(printf 'err\nk.py\nout')" ] || fail "--emit=$kind: created files: $(ls -A)"
done
rc=0
"$warpc" --emit bogus k.py -o out.x >out 2>err || rc=$?
[ "$rc" = 2 ] && grep -q "unknown --emit kind 'bogus'" err || fail "--emit bogus: exit $rc: $(cat err)"
rc=0
"$warpc" k.py --emit >out 2>err || rc=$?
[ "$rc" = 2 ] && grep -q "option '--emit' needs an argument" err || fail "--emit at the end: exit $rc: $(cat err)"
# the kind as the next argument, as with -o
"$warpc" --no-cuda --emit ir k.py -o k.ir 2>err || fail "--emit ir: $(cat err)"
grep -q '^; module k' k.ir || fail "--emit ir did not write the IR: $(head -3 k.ir)"
echo ok
