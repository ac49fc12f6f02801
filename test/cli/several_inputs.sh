#!/usr/bin/env bash
# Several input files in one call, as gcc -c takes them: each gives its own
# object and header (and depfile with -MD) beside it; a failing one does not
# stop the others, and the exit status is the worst; an option that names
# one output (-o, -H, -MF, -MT, --module, --emit) is a usage error with them.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
mkdir sub
kernel a.py
kernel sub/b.py
bad_kernel bad.py
rc=0
"$warpc" --no-cuda -MD a.py bad.py sub/b.py 2>err || rc=$?
[ "$rc" = 1 ] || fail "exit $rc, want 1 (bad.py failed): $(cat err)"
grep -q "^bad.py:5:[0-9]*: error: " err || fail "bad.py's error is missing: $(cat err)"
for f in a sub/b; do
  [ -s "$f.o" ] && [ -s "$f.h" ] && [ -s "$f.d" ] || fail "$f.py: outputs missing: $(ls . sub)"
done
grep -q '^wp_status b_k(' sub/b.h || fail "sub/b.py: module is not 'b'"
[ ! -e bad.o ] && [ ! -e bad.h ] || fail "bad.py wrote an output"
"$warpc" -fsyntax-only a.py sub/b.py || fail "-fsyntax-only with two inputs: exit $?"
for opt in "-o x.o" "-H x.h" "-MF x.d" "-MT t" "--module m" "--emit=ir" "--emit=obj"; do
  rc=0
  # shellcheck disable=SC2086
  "$warpc" --no-cuda $opt a.py sub/b.py 2>err || rc=$?
  [ "$rc" = 2 ] && grep -q "names one output; it cannot be given with several input files" err ||
    fail "$opt with two inputs: exit $rc: $(cat err)"
done
rc=0
"$warpc" --no-cuda - a.py <a.py 2>err || rc=$?
[ "$rc" = 2 ] && grep -q "'-' (standard input) cannot be combined with other input files" err ||
  fail "- with another input: exit $rc: $(cat err)"
echo ok
