#!/usr/bin/env bash
# Input paths with spaces, quotes, backslashes or "*/" in them compile: the
# path is quoted properly in the generated C (#line "...") and never closes
# the comments of the generated C and header.  The object is built for
# sm_75 alone (when nvcc is found): its CUDA C goes through nvcc, ptxas and
# fatbinary as with the default archs, which would only add five cubins and
# a second PTX of the same code.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

for dir in 'with space' 'star*' 'quote"d' 'back\slash'; do
  mkdir -p "$dir"
  printf 'import warp as wp\n\n@wp.kernel\ndef k(x: wp.array(dtype=float)):\n    x[wp.tid()] = 1.0\n' >"$dir/k.py"
  rc=0
  "$warpc" --cuda-arch sm_75 "$dir/k.py" -o out.o -H out.h 2>err || rc=$?
  [ "$rc" = 0 ] || fail "input '$dir/k.py': exit $rc: $(head -3 err)"
  nm out.o | grep -q ' T k_k$' || fail "input '$dir/k.py': no launcher k_k"
  printf '#include "out.h"\n' >use.c
  cc -std=c11 -Werror -I"$root/runtime/include" -c use.c -o use.o 2>err ||
    fail "input '$dir/k.py': the header does not compile: $(head -3 err)"
  "$warpc" --emit=c "$dir/k.py" -o k.c
  clang -std=c11 -Werror -c k.c -o k.o 2>err ||
    fail "input '$dir/k.py': the generated C does not compile cleanly: $(head -3 err)"
  rm -f out.o out.h k.c k.o use.c use.o
done
echo ok
