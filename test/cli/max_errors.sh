#!/usr/bin/env bash
# -fmax-errors=N: N errors are reported, then "too many errors emitted"
# (default 50); 0 reports every error, as in gcc; a value that is not a
# non-negative integer is a usage error.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
{
  printf 'import warp as wp\n\n\n@wp.kernel\ndef k(a: wp.array(dtype=float)):\n'
  for i in $(seq 60); do printf '    a[0] = undefined_%d\n' "$i"; done
} >m.py
count() { # OPTION...: "ERRORS FATALS" of warpc -fsyntax-only on m.py
  rc=0
  "$warpc" -fsyntax-only "$@" m.py 2>err || rc=$?
  [ "$rc" = 1 ] || fail "$*: exit $rc: $(head -3 err)"
  echo "$(grep -c ': error: ' err) $(grep -c 'fatal error: too many errors emitted, stopping now' err)"
}
[ "$(count)" = "50 1" ] || fail "default: $(count)"
[ "$(count -fmax-errors=3)" = "3 1" ] || fail "-fmax-errors=3: $(count -fmax-errors=3)"
[ "$(count -fmax-errors=0)" = "60 0" ] || fail "-fmax-errors=0: $(count -fmax-errors=0)"
[ "$(count -fmax-errors=60)" = "60 0" ] || fail "-fmax-errors=60: $(count -fmax-errors=60)"
grep -q "^m.py:65:12: error: name 'undefined_60' is not defined" err || fail "last error: $(tail -3 err)"
for v in x '' -1 +2 3k; do
  rc=0
  "$warpc" -fsyntax-only "-fmax-errors=$v" m.py 2>err || rc=$?
  [ "$rc" = 2 ] && grep -q "argument to '-fmax-errors=' should be a non-negative integer (not '$v')" err ||
    fail "-fmax-errors=$v: exit $rc: $(cat err)"
done
echo ok
