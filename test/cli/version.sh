#!/usr/bin/env bash
# warpc --version prints "warpc X.Y.Z (warp-lang A.B.C)" (the VERSION and
# WARP_VERSION files: the Warp release whose language warpc follows) on
# stdout and exits 0.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

rc=0
"$warpc" --version >"$tmp/out" 2>"$tmp/err" || rc=$?
[ "$rc" = 0 ] || fail "--version exited $rc, want 0"
[ ! -s "$tmp/err" ] || fail "--version wrote to stderr: $(cat "$tmp/err")"
grep -Eqx 'warpc [0-9]+\.[0-9]+\.[0-9]+ \(warp-lang [0-9]+\.[0-9]+\.[0-9]+\)' "$tmp/out" ||
  fail "--version printed '$(cat "$tmp/out")', want 'warpc X.Y.Z (warp-lang A.B.C)'"
[ "$(wc -l <"$tmp/out")" = 1 ] || fail "--version printed more than one line"
want="warpc $(cat "$root/VERSION") (warp-lang $(cat "$root/WARP_VERSION"))"
[ "$(cat "$tmp/out")" = "$want" ] || fail "--version printed '$(cat "$tmp/out")', VERSION says '$want'"
echo ok
