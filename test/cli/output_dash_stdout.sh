#!/usr/bin/env bash
# '-H -' and '-MF -' write the header and the depfile to standard output, as
# gcc does for -MF - (and as -o - does for text); they used to create a file
# named '-'.  Two outputs on standard output are a usage error (exit 2).
# What goes to standard output is written at the end, when everything else
# has succeeded: nothing after a failed compile, and a write error on it
# (/dev/full, opened by the shell) is an error that leaves no object.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

kernel k.py
no_dash() { [ ! -e ./- ] || fail "$1: wrote a file named '-'"; }

"$warpc" --no-cuda k.py -o ref.o -H ref.h 2>err || fail "reference: $(cat err)"
"$warpc" --no-cuda k.py -o k.o -H - >out 2>err || fail "-H -: $(cat err)"
no_dash "-H -"
cmp -s out ref.h || fail "-H -: standard output is not the header: $(head -3 out)"
[ -s k.o ] && [ ! -e k.h ] || fail "-H -: the object is missing or a k.h was written"
rm -f k.o

"$warpc" --no-cuda k.py -o k.o -MF - >out 2>err || fail "-MF -: $(cat err)"
no_dash "-MF -"
[ "$(cat out)" = "k.o: k.py" ] || fail "-MF -: standard output: $(cat out)"
[ -s k.o ] && [ -s k.h ] && [ ! -e k.d ] || fail "-MF -: outputs: $(ls)"
rm -f k.o k.h

"$warpc" --no-cuda --emit=c k.py -o k.c -MF - -MT t >out 2>err || fail "--emit=c -MF -: $(cat err)"
no_dash "--emit=c -MF -"
[ "$(cat out)" = "t: k.py" ] || fail "--emit=c -MF -: standard output: $(cat out)"
grep -q k_k k.c || fail "--emit=c -MF -: no C"
rm -f k.c

usage() { # MESSAGE ARGS...: a usage error, nothing written
  local msg=$1 rc=0
  shift
  "$warpc" --no-cuda "$@" k.py >out 2>err || rc=$?
  [ "$rc" = 2 ] || fail "$*: exit $rc, want 2"
  grep -q "^warpc: error: $msg\$" err || fail "$*: message: $(cat err)"
  [ ! -s out ] || fail "$*: wrote to standard output"
  [ "$(ls -A | tr '\n' ' ')" = "err k.py out ref.h ref.o " ] || fail "$*: left: $(ls -A)"
}
usage "the output and the header cannot both be written to standard output" -o - -H -
usage "the output and the depfile cannot both be written to standard output" --emit=ir -MF -
usage "the output and the depfile cannot both be written to standard output" --emit=ir -o - -MF - -MT t
usage "the header and the depfile cannot both be written to standard output" -o k.o -H - -MF -

# a failed compile writes nothing to standard output
bad_kernel bad.py
rc=0
"$warpc" --no-cuda bad.py -o bad.o -H - -MF bad.d >out 2>err || rc=$?
[ "$rc" = 1 ] && [ ! -s out ] || fail "failed compile with -H -: exit $rc, stdout: $(head -c 100 out)"
[ ! -e bad.o ] && [ ! -e bad.d ] || fail "failed compile with -H -: outputs written"
rm -f bad.py

if [ -c /dev/full ]; then
  for opt in -H -MF; do
    rc=0
    "$warpc" --no-cuda k.py -o k.o $opt - >/dev/full 2>err || rc=$?
    [ "$rc" = 2 ] || fail "$opt - >/dev/full: exit $rc, want 2"
    [ "$(cat err)" = "warpc: error: cannot write to standard output: No space left on device" ] ||
      fail "$opt - >/dev/full: message: $(cat err)"
    [ ! -e k.o ] && [ ! -e k.h ] || fail "$opt - >/dev/full: the object was written"
    no_dash "$opt - >/dev/full"
  done
fi
[ -z "$(ls -A "$TMPDIR")" ] || fail "left in TMPDIR: $(ls -A "$TMPDIR")"
echo ok
