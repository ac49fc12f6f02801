#!/usr/bin/env bash
# An input file that does not exist (or cannot be read) is exit 2 with
# "warpc: error: cannot read 'PATH': <reason>", and nothing is written.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

rc=0
"$warpc" nothere.py >out 2>err || rc=$?
[ "$rc" = 2 ] || fail "missing input: exit $rc, want 2"
grep -q "^warpc: error: cannot read 'nothere.py': No such file or directory" err ||
  fail "missing input: unexpected message: $(cat err)"
[ ! -s out ] || fail "missing input: wrote to stdout"
[ "$(ls -A)" = "$(printf 'err\nout')" ] || fail "missing input: created files: $(ls -A)"
echo ok
