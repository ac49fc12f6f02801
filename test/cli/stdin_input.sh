#!/usr/bin/env bash
# "-" as the input reads the module from standard input: diagnostics name it
# <stdin>, the module is "stdin" (--module names another), imports are found
# from the current directory, a depfile lists the imports only; an object
# needs -o (usage error, exit 2, otherwise).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
printf 'import warp as wp\n\n@wp.func\ndef f(x: float):\n    return x + 1.0\n' >helper.py
src='import warp as wp
import helper

@wp.kernel
def k(x: wp.array(dtype=float)):
    x[wp.tid()] = helper.f(1.0)
'
printf '%s' "$src" | "$warpc" --no-cuda - -o s.o -MD 2>err || fail "stdin: $(cat err)"
[ -s s.o ] && grep -q '^wp_status stdin_k(' s.h || fail "stdin: no object or no stdin_k launcher"
[ "$(cat s.d)" = "s.o: helper.py" ] || fail "stdin: depfile: $(cat s.d)"
printf '%s' "$src" | "$warpc" --no-cuda --module m - -o m.o 2>err || fail "--module: $(cat err)"
grep -q '^wp_status m_k(' m.h || fail "--module with stdin: no m_k"
printf '%s' "$src" | "$warpc" --emit=ir - >ir 2>err || fail "--emit=ir: $(cat err)"
grep -q '^; module stdin' ir || fail "--emit=ir: $(head -2 ir)"

rc=0
printf 'import warp as wp\n@wp.kernel\ndef k(x: wp.array(dtype=float)):\n    x[0] = nope\n' |
  "$warpc" -fsyntax-only - 2>err || rc=$?
[ "$rc" = 1 ] && grep -q "^<stdin>:4:12: error: name 'nope' is not defined" err ||
  fail "a bad module on stdin: exit $rc: $(cat err)"
rc=0
printf '%s' "$src" | "$warpc" --no-cuda - 2>err || rc=$?
[ "$rc" = 2 ] && grep -q "the input is standard input: give -o FILE" err ||
  fail "stdin without -o: exit $rc: $(cat err)"
echo ok
