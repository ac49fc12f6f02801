#!/usr/bin/env bash
# The parser's named limits (lib/parse/parse.h, man/warpc.1 LIMITS), each at
# the limit (compiles) and one past it (an error at the position of the
# construct that crosses it, exit 1, no output), and inputs far past them
# that used to overflow the stack: 20,000 nested parentheses in a kernel,
# a 15,000-term sum in a kernel and in host code at module level, deeply
# nested blocks.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

# gen KIND N > FILE.py
gen() {
  python3 - "$1" "$2" <<'PY'
import sys
kind, n = sys.argv[1], int(sys.argv[2])
head = ("import warp as wp\n\n\n@wp.kernel\n"
        "def k(a: wp.array(dtype=float)):\n    i = wp.tid()\n    v = a[i]\n")
if kind == "parens":      # n brackets open at once (line 8, first at col 12)
    print(head + "    a[i] = " + "(" * n + "v" + ")" * n)
elif kind == "sum":       # n operands: n levels deep (line 8, col 12)
    print(head + "    a[i] = " + " + ".join(["v"] * n))
elif kind == "ifs":       # the body of the n-th nested if is block n + 1
    body = "".join("    " + " " * d + "if v > %d.0:\n" % d for d in range(n))
    print(head + body + "    " + " " * n + "a[i] = v\n")
elif kind == "wide":      # a statement indented n columns (line 9)
    print(head + "    if v > 0.0:\n" + " " * n + "a[i] = v\n")
elif kind == "host_sum":  # module-level host code no kernel uses
    print("import warp as wp\nX = " + " + ".join(["a"] * n) + "\n\n\n"
          + head + "    a[i] = v")
elif kind == "host_parens":
    print("import warp as wp\nX = " + "(" * n + "a" + ")" * n + "\n\n\n"
          + head + "    a[i] = v")
PY
}

ok() { # FILE [warpc options]: compiles to an object
  local f=$1
  shift
  "$warpc" --no-cuda "$@" "$f" -o "${f%.py}.o" 2>"$f.err" ||
    fail "$f: exit $?: $(head -c 300 "$f.err")"
  [ -s "${f%.py}.o" ] || fail "$f: no object"
}

bad() { # FILE LINE:COL MESSAGE: that one error, exit 1, no output
  local f=$1 at=$2 msg=$3 rc=0
  "$warpc" --no-cuda "$f" -o "${f%.py}.o" 2>"$f.err" || rc=$?
  [ $rc = 1 ] || fail "$f: exit $rc, expected 1: $(head -c 300 "$f.err")"
  grep -q "^$f:$at: error: $msg" "$f.err" ||
    fail "$f: no '$f:$at: error: $msg' in: $(grep error: "$f.err" | head -c 300)"
  [ "$(grep -c ' error: ' "$f.err")" = 1 ] ||
    fail "$f: more than one error: $(grep error: "$f.err" | head -c 600)"
  [ ! -e "${f%.py}.o" ] && [ ! -e "${f%.py}.h" ] || fail "$f: output written"
}

# WP_MAX_NESTING = 200 brackets, the limit CPython's tokenizer has; the
# 201st opener is reported (column 12 + 200).
gen parens 200 >parens200.py && ok parens200.py
gen parens 201 >parens201.py
bad parens201.py 8:212 'too many nested parentheses (more than 200)'
gen parens 20000 >parens20000.py
bad parens20000.py 8:212 'too many nested parentheses (more than 200)'
# also in host code (CPython rejects the file too): line 2, column 5 + 200
gen host_parens 201 >host_parens201.py
bad host_parens201.py 2:205 'too many nested parentheses (more than 200)'

# WP_MAX_EXPR_DEPTH = 1000: a left-associative sum of n operands is n levels
# deep; past the limit the first operand is the 1001st level.  At the limit
# lowering, the adjoint and C emission take the full depth.
gen sum 1000 >sum1000.py && ok sum1000.py --no-adjoint
"$warpc" --emit=c sum1000.py -o sum1000.c 2>sum1000.c.err ||
  fail "sum1000.py --emit=c: $(head -c 300 sum1000.c.err)"
grep -q 'k_backward' sum1000.c || fail "sum1000.c: no adjoint kernel"
gen sum 1001 >sum1001.py
bad sum1001.py 8:12 'expression nested too deeply (more than 1000 levels)'
gen sum 15000 >sum15000.py
bad sum15000.py 8:12 'expression nested too deeply (more than 1000 levels)'
# host code no kernel uses is skipped, not rejected, however deep
gen host_sum 15000 >host_sum15000.py && ok host_sum15000.py

# WP_MAX_BLOCK_DEPTH = 100: the kernel's body is block 1, so 99 nested ifs
# reach the limit; the 100th if's body (line 8 + 100, column 5 + 100) is
# block 101.
gen ifs 99 >ifs99.py && ok ifs99.py
gen ifs 100 >ifs100.py
bad ifs100.py 108:105 'too many levels of indentation (blocks nested more than 100 deep)'

# WP_MAX_INDENT_WIDTH = 255 columns (the grammar scanner's byte per level)
gen wide 255 >wide255.py && ok wide255.py
gen wide 256 >wide256.py
bad wide256.py 9:257 'indentation wider than 255 columns'
echo PASS
