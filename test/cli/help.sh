#!/usr/bin/env bash
# warpc --help and -h print the usage on stdout (mentioning --emit, -o, -H,
# --module) and exit 0, even with other arguments around.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

for flag in --help -h; do
  rc=0
  "$warpc" $flag >"$tmp/out" 2>"$tmp/err" || rc=$?
  [ "$rc" = 0 ] || fail "$flag exited $rc, want 0"
  [ ! -s "$tmp/err" ] || fail "$flag wrote to stderr"
  grep -q '^usage: warpc' "$tmp/out" || fail "$flag: no 'usage: warpc' line"
  for opt in --emit -o -H --module --cc --version; do
    grep -q -- "$opt" "$tmp/out" || fail "$flag does not mention $opt"
  done
done
# --help wins over a missing input file
rc=0
"$warpc" --help "$tmp/does-not-exist.py" >/dev/null 2>&1 || rc=$?
[ "$rc" = 0 ] || fail "--help with an input file exited $rc, want 0"
echo ok
