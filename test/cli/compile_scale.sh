#!/usr/bin/env bash
# Compile time grows linearly with the input: large generated inputs
# (bench/compile/gen.py: straight-line and branchy kernels of tens of
# thousands of lines, tens of thousands of module-level constants, @wp.func
# calls and factory calls) go through warpc --emit=c well within a limit
# about 50x what they take (a second or two each); with the quadratic
# verifier, SSA construction and name lookups they took minutes.  Not a
# benchmark: bench/compile/run.py measures.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

limit=60
for spec in straight:40000 control:20000 consts:50000 funcs:20000 \
  kernels:20000 factories:20000; do
  shape=${spec%%:*} lines=${spec#*:}
  python3 "$root/bench/compile/gen.py" "$shape" "$lines" -o "$tmp/$shape.py"
  start=$(date +%s)
  rc=0
  timeout -k 5 $limit "$warpc" "$tmp/$shape.py" --emit=c -o "$tmp/$shape.c" \
    2>"$tmp/err" || rc=$?
  [ $rc -ne 124 ] && [ $rc -ne 137 ] ||
    fail "$shape ($lines lines): not done after ${limit}s"
  [ $rc -eq 0 ] || fail "$shape ($lines lines): exit $rc: $(head -5 "$tmp/err")"
  [ -s "$tmp/$shape.c" ] || fail "$shape: no C written"
  echo "ok: $shape, $lines lines, $(($(date +%s) - start)) s"
  rm -f "$tmp/$shape.c"
done
