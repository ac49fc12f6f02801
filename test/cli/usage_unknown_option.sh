#!/usr/bin/env bash
# Unknown options, options missing their argument, -o with two input files and a
# bad --module name are usage errors: exit 2, a message naming the culprit,
# no output files.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

cat >k.py <<'PY'
import warp as wp

@wp.kernel
def k(x: wp.array(dtype=float)):
    x[wp.tid()] = 1.0
PY
check() { # want-substring args...
  local want=$1 rc=0
  shift
  "$warpc" "$@" >out 2>err || rc=$?
  [ "$rc" = 2 ] || fail "warpc $*: exit $rc, want 2"
  grep -q '^warpc: error: ' err || fail "warpc $*: no 'warpc: error:' on stderr"
  grep -qF -- "$want" err || fail "warpc $*: stderr does not mention '$want': $(cat err)"
  [ ! -s out ] || fail "warpc $*: wrote to stdout"
  [ ! -e k.o ] && [ ! -e k.h ] || fail "warpc $*: wrote k.o/k.h"
}
check "'--frobnicate'" --frobnicate k.py
check "'-x'" k.py -x
check "'-O4'" -O4 k.py
check "'-o'" k.py -o
check "'--module'" k.py --module
check "cannot be given with several input files" -o x.o k.py k.py
check "'1abc'" --module 1abc k.py
check "'my-mod'" --module=my-mod k.py
echo ok
