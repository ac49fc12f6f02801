#!/usr/bin/env bash
# Compiling the same file twice gives byte-identical outputs (object, header,
# generated C): the same command run twice, and the same compile with
# another $TMPDIR (reproducible builds).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

cd "$tmp"
mkdir a b t1 t2
cp "$root/test/e2e/cases/saxpy.py" k.py
diffs() { diff <(strings -a "$1") <(strings -a "$2") | grep '^[<>]' | tr '\n' ' ' || true; }
"$warpc" k.py -o a/k.o
cp a/k.o a/k.o.first
"$warpc" k.py -o a/k.o
cmp a/k.o.first a/k.o >cmp.out 2>&1 ||
  fail "the same command run twice gives different objects ($(cat cmp.out)); strings that differ: $(diffs a/k.o.first a/k.o)"
TMPDIR=$tmp/t1 "$warpc" k.py -o a/k.o
TMPDIR=$tmp/t2 "$warpc" k.py -o b/k.o
cmp -s a/k.h b/k.h || fail "the headers of two compiles differ"
"$warpc" --emit=c k.py >a.c
"$warpc" --emit=c k.py >b.c
cmp -s a.c b.c || fail "the generated C of two compiles differs"
cmp a/k.o b/k.o >cmp.out 2>&1 ||
  fail "objects compiled with different TMPDIRs differ ($(cat cmp.out)); strings that differ: $(diffs a/k.o b/k.o)"
echo ok
