#!/usr/bin/env bash
# A depfile that cannot be written (-MF into a missing directory) fails the
# run (exit 2) and leaves no output behind, as every other failure: the
# object, the header, the --emit text file and no temporary files.  A depfile
# for text on standard output without -MF/-MT is refused before any text is
# printed.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

cat >k.py <<'PY'
import warp as wp
import helper


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[wp.tid()] = helper.f(1.0)
PY
cat >helper.py <<'PY'
import warp as wp


@wp.func
def f(x: float):
    return x + 1.0
PY

set +e
"$warpc" --no-cuda k.py -o k.o -MF missing/k.d 2>err.txt
rc=$?
set -e
[ $rc -eq 2 ] || fail "unwritable depfile: exit $rc, expected 2"
grep -q "cannot write 'missing/k.d'" err.txt || fail "no message: $(cat err.txt)"
[ ! -e k.o ] && [ ! -e k.h ] || fail "outputs left behind: $(ls)"

set +e
"$warpc" --no-cuda --emit=c k.py -o k.c -MF missing/k.d 2>err.txt
rc=$?
set -e
[ $rc -eq 2 ] || fail "unwritable depfile (--emit=c): exit $rc, expected 2"
[ ! -e k.c ] || fail "k.c left behind"

set +e
"$warpc" --no-cuda --emit=c k.py -MD >out.txt 2>err.txt
rc=$?
set -e
[ $rc -eq 2 ] || fail "stdout depfile without -MF/-MT: exit $rc, expected 2"
[ ! -s out.txt ] || fail "text printed before the depfile error"

[ "$(ls -A)" = "$(printf 'err.txt\nhelper.py\nk.py\nout.txt')" ] ||
  fail "unexpected files: $(ls -A)"

# and the ordinary case still writes all three
"$warpc" --no-cuda k.py -o k.o -MD -MP
[ -s k.o ] && [ -s k.h ] && grep -q '^k.o: k.py' k.d || fail "k.o/k.h/k.d missing"
echo "PASS depfile_unwritable"
