#!/usr/bin/env bash
# warpc with no input file is a usage error: exit 2, "warpc: error:" on
# stderr, nothing on stdout, nothing written.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

mkdir "$tmp/cwd"
for args in "" "-O2" "-o out.o" "--emit=c"; do
  rc=0
  (cd "$tmp/cwd" && "$warpc" $args >"$tmp/out" 2>"$tmp/err") || rc=$?
  [ "$rc" = 2 ] || fail "warpc $args: exit $rc, want 2"
  grep -q '^warpc: error: ' "$tmp/err" || fail "warpc $args: no 'warpc: error:' on stderr: $(cat "$tmp/err")"
  grep -q 'no input file' "$tmp/err" || fail "warpc $args: message does not say 'no input file'"
  [ ! -s "$tmp/out" ] || fail "warpc $args: wrote to stdout"
  [ -z "$(ls -A "$tmp/cwd")" ] || fail "warpc $args: created $(ls -A "$tmp/cwd")"
done
echo ok
