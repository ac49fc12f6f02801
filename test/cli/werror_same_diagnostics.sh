#!/usr/bin/env bash
# -Werror (or -Werror=NAME) changes only the label of a warning, as in gcc:
# the run prints the same diagnostics as without it, "warning:" made
# "error:" and [-WNAME] made [-Werror=NAME], and fails (exit 1, no output).
# A promoted unused-adj-snippet in a func called 3 times added 3 notes
# "in the call of 'nat' here" (the func's lowering counted as failed).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
cat >n.py <<'PY'
import warp as wp


@wp.func_native("return;", "adj_x += 1.0;")
def nat(x: float):
    ...


@wp.kernel
def k(a: wp.array(dtype=float)):
    nat(a[0])
    nat(a[1])
    nat(a[2])
PY
"$warpc" --no-cuda n.py -o n.o 2>warn || fail "warning run: exit $?: $(cat warn)"
grep -q 'warning: .* \[-Wunused-adj-snippet\]$' warn || fail "no warning: $(cat warn)"
sed -e 's/ warning: / error: /' -e 's/\[-Wunused-adj-snippet\]$/[-Werror=unused-adj-snippet]/' warn >want
for opt in -Werror -Werror=unused-adj-snippet; do
  rm -f e.o e.h
  rc=0
  "$warpc" --no-cuda $opt n.py -o e.o 2>err || rc=$?
  [ "$rc" = 1 ] || fail "$opt: exit $rc"
  cmp -s want err || fail "$opt: not the warning run's diagnostics: $(diff want err)"
  [ ! -e e.o ] && [ ! -e e.h ] || fail "$opt: an output was written"
  rc=0
  "$warpc" --no-cuda $opt -fsyntax-only n.py 2>err || rc=$?
  [ "$rc" = 1 ] && cmp -s want err || fail "$opt -fsyntax-only: exit $rc: $(diff want err)"
done
# a promoted warning and a real error after it: both reported, as without
# -Werror
cat >>n.py <<'PY'


@wp.kernel
def k2(a: wp.array(dtype=float)):
    a[0] = undefined_name
PY
rc=0
"$warpc" --no-cuda -fsyntax-only n.py 2>warn || rc=$?
[ "$rc" = 1 ] || fail "with an error: exit $rc"
sed -e 's/ warning: / error: /' -e 's/\[-Wunused-adj-snippet\]$/[-Werror=unused-adj-snippet]/' warn >want
rc=0
"$warpc" --no-cuda -Werror -fsyntax-only n.py 2>err || rc=$?
[ "$rc" = 1 ] && cmp -s want err || fail "-Werror with an error: exit $rc: $(diff want err)"
echo ok
