#!/usr/bin/env bash
# -fsyntax-only checks the input as a compile does (parse, lowering,
# autodiff) and writes nothing: exit 0 with no file and no output for a good
# module, even with no C compiler or CUDA toolkit to run; exit 1 with the
# diagnostic for a bad one; an output option with it is a usage error (2).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
kernel k.py
bad_kernel bad.py
"$warpc" -fsyntax-only --cc /nonexistent/cc k.py >out 2>err || fail "good module: exit $?: $(cat err)"
[ ! -s out ] && [ ! -s err ] || fail "good module: printed: $(cat out err)"
[ "$(ls -A)" = "$(printf 'bad.py\nerr\nk.py\nout')" ] || fail "good module: wrote files: $(ls -A)"
[ -z "$(ls -A "$TMPDIR")" ] || fail "good module: left temporary files: $(ls -A "$TMPDIR")"
rc=0
"$warpc" -fsyntax-only bad.py 2>err || rc=$?
[ "$rc" = 1 ] || fail "bad module: exit $rc"
grep -q "^bad.py:5:[0-9]*: error: name 'undefined_name' is not defined" err || fail "bad module: $(cat err)"
for opt in "-o k.o" "-H k.h" "-MD" "--emit=ir" "--emit=obj"; do
  rc=0
  # shellcheck disable=SC2086
  "$warpc" -fsyntax-only $opt k.py 2>err || rc=$?
  [ "$rc" = 2 ] && grep -q "^warpc: error: -fsyntax-only writes nothing" err ||
    fail "-fsyntax-only $opt: exit $rc: $(cat err)"
done
[ ! -e k.o ] && [ ! -e k.h ] && [ ! -e k.d ] || fail "an output was written"
echo ok
