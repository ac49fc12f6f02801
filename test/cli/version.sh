#!/usr/bin/env bash
# warpc --version prints "warpc X.Y.Z" (the VERSION file) on stdout and exits 0.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

rc=0
"$warpc" --version >"$tmp/out" 2>"$tmp/err" || rc=$?
[ "$rc" = 0 ] || fail "--version exited $rc, want 0"
[ ! -s "$tmp/err" ] || fail "--version wrote to stderr: $(cat "$tmp/err")"
grep -Eqx 'warpc [0-9]+\.[0-9]+\.[0-9]+' "$tmp/out" || fail "--version printed '$(cat "$tmp/out")', want 'warpc X.Y.Z'"
[ "$(wc -l <"$tmp/out")" = 1 ] || fail "--version printed more than one line"
want="warpc $(cat "$root/VERSION")"
[ "$(cat "$tmp/out")" = "$want" ] || fail "--version printed '$(cat "$tmp/out")', VERSION says '$want'"
echo ok
