#!/usr/bin/env bash
# The object's debugging information is line tables only (clang's
# -gline-tables-only): each instruction maps to its line of the Python file
# (the generated C's #line directives), as backtraces, profilers and
# debuggers' `list` need, without a DWARF entry for every SSA value.  Full
# -g made clang describe every value of a kernel: a 5,000-line kernel took
# 200 s and 22 GB of memory to compile, against 25 s and 340 MB now.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

cat >k.py <<'PY'
import warp as wp

@wp.kernel
def scale(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    x = a[i] * 2.0
    y = wp.sin(x) + x
    out[i] = y * y
PY
"$warpc" --no-cuda k.py -o k.o 2>err || fail "compile: $(cat err)"
readelf --debug-dump=decodedline k.o >lines 2>&1 || fail "readelf: $(cat lines)"
grep -q 'k\.py' lines || fail "no line table entry maps to k.py"
# (lines 6 and 8: the load and the store; line 7's sin is the prelude's
# inlined code, and its add merges with its neighbours once the loop is
# vectorized: with the restrict loop, no instruction keeps line 7)
for l in 6 8; do
  grep -Eq "k\.py +$l " lines || fail "no instruction maps to k.py line $l: $(grep k.py lines | head)"
done
readelf --debug-dump=info k.o >info 2>&1 || fail "readelf: $(cat info)"
grep -q DW_TAG_compile_unit info || fail "no debugging information"
! grep -q 'DW_TAG_variable\|DW_TAG_formal_parameter' info ||
  fail "the object describes variables: $(grep -c DW_TAG_variable info) DW_TAG_variable entries (full -g)"
# -g0 leaves out the #line directives: the lines are the generated C's.
"$warpc" --no-cuda -g0 k.py -o k0.o 2>err || fail "compile -g0: $(cat err)"
readelf --debug-dump=decodedline k0.o >lines0 2>&1
! grep -q 'k\.py' lines0 || fail "-g0: the line table still names k.py"
echo ok
