#!/usr/bin/env bash
# -v prints every external command (the C compiler's command line) on
# stderr, and nothing on stdout; without -v nothing is printed.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

cd "$tmp"
printf 'import warp as wp\n\n@wp.kernel\ndef k(x: wp.array(dtype=float)):\n    x[wp.tid()] = 1.0\n' >k.py
unset WARPC_CC
"$warpc" -v -O3 k.py -o k.o >out 2>err
[ ! -s out ] || fail "-v printed to stdout"
grep -Eq '^clang -c .*-O3 .* -o [^ ]+$' err || fail "-v: no 'clang -c ... -O3 ... -o TMP' line: $(cat err)"
grep -q -- '-std=c11' err || fail "-v: the clang line lacks -std=c11"
# the compiler named by $WARPC_CC is the one shown and run
cat >mycc <<SH
#!/bin/sh
echo ran >"$tmp/mycc.ran"
exec clang "\$@"
SH
chmod +x mycc
WARPC_CC=$tmp/mycc "$warpc" -v k.py -o k2.o 2>err2
grep -q "^$tmp/mycc -c " err2 || fail "-v with WARPC_CC: wrong command line: $(cat err2)"
[ -f mycc.ran ] || fail "WARPC_CC compiler was not run"
"$warpc" k.py -o k3.o >out3 2>err3
[ ! -s out3 ] && [ ! -s err3 ] || fail "without -v something was printed"
echo ok
