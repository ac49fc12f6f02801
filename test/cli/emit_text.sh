#!/usr/bin/env bash
# --emit=ast|ir|c|header prints to stdout and writes no file; with -o FILE
# it writes exactly FILE (same text as stdout); -o - is stdout.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

mkdir "$tmp/res"
cat >k.py <<'PY'
import warp as wp


@wp.kernel
def saxpy(x: wp.array(dtype=float), y: wp.array(dtype=float), a: float):
    i = wp.tid()
    y[i] = a * x[i] + y[i]
PY
only_input() { [ "$(ls -A)" = k.py ] || fail "$1: the directory now holds: $(ls -A | tr '\n' ' ')"; }

for kind in ast ir c header; do
  "$warpc" --emit=$kind k.py >"../res/$kind.stdout" 2>"../res/$kind.stderr" ||
    fail "--emit=$kind failed: $(cat "../res/$kind.stderr")"
  [ -s "../res/$kind.stdout" ] || fail "--emit=$kind printed nothing"
  [ ! -s "../res/$kind.stderr" ] || fail "--emit=$kind wrote to stderr"
  only_input "--emit=$kind"
  "$warpc" --emit=$kind k.py -o - >"../res/$kind.dash"
  cmp -s "../res/$kind.stdout" "../res/$kind.dash" || fail "--emit=$kind -o - differs from stdout"
  only_input "--emit=$kind -o -"
  "$warpc" --emit=$kind k.py -o "out.$kind" >"../res/$kind.o-stdout"
  [ ! -s "../res/$kind.o-stdout" ] || fail "--emit=$kind -o FILE also printed to stdout"
  cmp -s "../res/$kind.stdout" "out.$kind" || fail "--emit=$kind -o FILE differs from stdout"
  rm "out.$kind"
  only_input "--emit=$kind -o FILE"
done
[ -z "$(ls -A ../tmpdir)" ] || fail "files left in TMPDIR: $(ls -A ../tmpdir)"

# what each kind is
grep -q '^kernel saxpy' ../res/ast.stdout || fail "--emit=ast does not show 'kernel saxpy'"
grep -q '^kernel @saxpy(' ../res/ir.stdout || fail "--emit=ir does not show 'kernel @saxpy('"
grep -q 'wp_status k_saxpy(const wp_launch \*launch' ../res/c.stdout || fail "--emit=c lacks the launcher"
grep -q '#line [0-9]* "k.py"' ../res/c.stdout || fail "--emit=c lacks #line directives"
grep -q '^wp_status k_saxpy(' ../res/header.stdout || fail "--emit=header lacks the prototype"
# -g0: no #line
"$warpc" --emit=c -g0 k.py | grep -q '#line' && fail "-g0 still emits #line"
# the generated C includes no system header
grep -q '^#include' ../res/c.stdout && fail "--emit=c includes a header: $(grep '^#include' ../res/c.stdout)"
echo ok
